import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

// The build configuration is VITE_* variables (docs/web-configuration.md); only the base path is needed here,
// everything else is read by src/config/app-config.ts.
const contractSource = /packages[\\/]contract[\\/]src[\\/]/;

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  return {
    base: env.VITE_BASE_PATH || '/',
    plugins: [react()],
    server: { proxy: { '/api': 'http://localhost:8080' } },
    build: {
      outDir: 'dist',
      sourcemap: false,
      rolldownOptions: {
        treeshake: {
          // The contract package is side-effect free but does not say so: without this, importing one schema
          // from its index would bundle every module (the operator import format included).
          moduleSideEffects: (id: string) => (contractSource.test(id) ? false : undefined),
        },
      },
    },
  };
});
