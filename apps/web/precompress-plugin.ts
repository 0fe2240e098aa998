import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes .br and .gz next to every text asset of the build. The API serves them as they are
 * (@fastify/static preCompressed), so browsers download the compressed script without a compression step
 * per request. Fonts (woff2) are compressed already.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      const texts = files.filter((file) => /\.(js|css|html|svg)$/.test(file));
      await Promise.all(
        texts.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
          await writeFile(
            `${full}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}
