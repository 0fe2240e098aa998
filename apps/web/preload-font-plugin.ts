import type { Plugin } from 'vite';

/**
 * Lets the browser fetch the text font together with the shell, instead of when the first render lays out
 * text: the first page is then drawn in its own font at once, rather than in the fallback and again in the
 * font (a visible reflow the login page measured as a 0.016 layout shift). `file` matches the font file's
 * name in the build; only the Latin part is preloaded, the one every language of the app uses.
 */
export function preloadFont(file: RegExp): Plugin {
  let base = '/';
  return {
    name: 'portal-preload-font',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.values(context.bundle ?? {}).filter(
          (output) => output.type === 'asset' && file.test(output.fileName),
        );
        if (fonts.length !== 1)
          throw new Error(`expected one font file matching ${file}, found ${fonts.length}`);
        const [font] = fonts;
        return [
          {
            tag: 'link',
            // Fonts are always fetched in CORS mode: without `crossorigin` the preload would not be used.
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: true,
              href: `${base}${font?.fileName}`,
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
