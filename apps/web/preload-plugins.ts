import type { OutputAsset, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

type BuiltFile = OutputAsset | OutputChunk;

/**
 * A build plugin that adds to index.html a `<link>` to one file of the bundle, found by `find` (it throws when
 * the file is missing: a preload that silently stops would only show in the benchmarks).
 */
function preloadBuiltFile(
  name: string,
  find: (files: BuiltFile[]) => BuiltFile,
  attrs: Record<string, string | boolean>,
): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        const file = find(Object.values(context.bundle ?? {}) as BuiltFile[]);
        return [{ tag: 'link', attrs: { ...attrs, href: `${base}${file.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * Lets the browser fetch the default language's first catalogue part together with the shell, instead of
 * after the shell has run and asked for it: one round trip less before the first paint of /. A user who chose
 * another language downloads that small part (about 4 KiB) for nothing.
 */
export function preloadCatalogue(locale: string): Plugin {
  const source = `locales/${locale}/first.ts`;
  return preloadBuiltFile(
    'portal-preload-catalogue',
    (files) => {
      const chunk = files.find(
        (file) => file.type === 'chunk' && file.facadeModuleId?.replaceAll('\\', '/').endsWith(source),
      );
      if (!chunk) throw new Error(`no chunk for ${source}: is ${locale} a locale of the app?`);
      return chunk;
    },
    { rel: 'modulepreload', crossorigin: true },
  );
}

/**
 * Lets the browser fetch the text font together with the shell, instead of when the first render lays out
 * text: the first page is then drawn in its own font at once, rather than in the fallback and again in the
 * font (a visible reflow, a layout shift on the login page: docs/decisions/web-first-load.md#font-preload).
 * `file` matches the font file's name in the build; only the Latin part is preloaded, the one every language
 * of the app uses.
 */
export function preloadFont(file: RegExp): Plugin {
  return preloadBuiltFile(
    'portal-preload-font',
    (files) => {
      const fonts = files.filter((built) => built.type === 'asset' && file.test(built.fileName));
      if (fonts.length !== 1)
        throw new Error(`expected one font file matching ${file}, found ${fonts.length}`);
      return fonts[0] as BuiltFile;
    },
    // Fonts are always fetched in CORS mode: without `crossorigin` the preload would not be used.
    { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true },
  );
}
