import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { precompress } from './precompress-plugin';

// The build configuration is VITE_* variables (docs/web-configuration.md); only the base path is needed here,
// everything else is read by src/config/app-config.ts.
const contractSource = /packages[\\/]contract[\\/]src[\\/]/;

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  return {
    base: env.VITE_BASE_PATH || '/',
    plugins: [react(), precompress()],
    server: { proxy: { '/api': 'http://localhost:8080' } },
    build: {
      outDir: 'dist',
      sourcemap: false,
      rolldownOptions: {
        output: {
          // Named vendor chunks make the first-load report readable. Only self-contained packages are grouped:
          // a group takes its modules' dependencies along, so a charts group would drag Mantine core into a
          // chunk every page then needs (measured: +120 kB gzip on the first load of /).
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
              { name: 'zxcvbn', test: /node_modules[\\/]@zxcvbn-ts[\\/]/ },
            ],
          },
        },
        treeshake: {
          // The contract package is side-effect free but does not say so: without this, importing one schema
          // from its index would bundle every module (the operator import format included).
          moduleSideEffects: (id: string) => (contractSource.test(id) ? false : undefined),
        },
      },
    },
  };
});
