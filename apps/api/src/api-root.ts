import path from 'node:path';

/**
 * The API's folder (apps/api), where its migrations and demo data live: the parent of this file's folder, which
 * is `src/` when tsx runs the sources and `dist/` when Node runs the build (build.mjs) — one level down either way.
 */
export const apiRoot = path.resolve(import.meta.dirname, '..');
