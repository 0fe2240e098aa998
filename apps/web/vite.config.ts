import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { compileHints } from './compile-hints-plugin';
import { organizationFile } from './organization-file-plugin';
import { preloadCatalogue, preloadFont } from './preload-plugins';
import { shellChunk } from './shell-chunk-plugin';

// The build configuration is VITE_* variables (docs/web-configuration.md); only the base path, the default
// language's preload and the organization's file are needed here, everything else is read by
// src/config/app-config.ts.
// Packages whose index re-exports everything (shell-chunk-plugin.ts).
const barrels = /@mantine[\\/]|packages[\\/]contract[\\/]/;

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  if (isSsrBuild) return serverBuild(env.VITE_BASE_PATH || '/');
  const shell = shellChunk({
    isBarrel: (id) => barrels.test(id),
    layoutRoot: /src\/app\/layouts\/provider-layout\.tsx$/,
    pagesModule: /src\/app\/provider-pages\.ts$/,
  });
  return {
    base: env.VITE_BASE_PATH || '/',
    plugins: [
      react(),
      shell.plugin,
      preloadCatalogue(env.VITE_DEFAULT_LOCALE || 'pt-BR'),
      preloadFont(/inter-latin-400-700-[\w-]+\.woff2$/),
      // The shell (the entry's chunk) and the provider layout's chunk: what every provider page runs as it loads.
      compileHints((chunk) => chunk.isEntry || chunk.name === 'provider-layout'),
      organizationFile(env.VITE_ORGANIZATION_SLUG?.trim() ?? ''),
      // .br and .gz (brotli 11, gzip 9) beside every text file of the build, served as they are by the API
      // (@fastify/static preCompressed, apps/api/src/http/spa.ts): no compression step per request.
      compression(),
    ],
    server: { proxy: { '/api': 'http://localhost:8080' } },
    build: {
      outDir: 'dist',
      sourcemap: false,
      // The shell chunk is about 525 kB before compression (136 KiB brotli), by design.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // One chunk for everything the first page needs (docs/decisions/web-first-load.md); every other page,
          // the charts and the strength meter's dictionaries load on demand in chunks of their own.
          codeSplitting: {
            groups: [
              { name: 'shell', test: shell.isShellModule, priority: 2 },
              { name: 'provider-layout', test: shell.isLayoutModule, priority: 1 },
            ],
          },
        },
      },
    },
  };
});

/**
 * The server's drawing of pages (`vite build --ssr src/entry-server.tsx`: docs/decisions/server-drawn-pages.md),
 * into dist/server/entry-server.mjs, which the API loads and never serves. Self-contained: every package is bundled in, so the
 * API can load it from a copy of dist/ anywhere (the browser tests' and the bench's), and React's production
 * build is chosen here, whatever NODE_ENV the API runs with. Its CSS modules get the same class names as the
 * browser's build (Vite names them by file and class).
 */
function serverBuild(base: string): UserConfig {
  return {
    base,
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      outDir: 'dist/server',
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      // .mjs: an ES module wherever a copy of dist/ lands, with no package.json beside it to say so (the browser
      // tests load it from a temporary folder, in Playwright's worker too).
      rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  };
}
