import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { defineAlgorithm } from 'vite-plugin-compression2';

const hint = '//# allFunctionsCalledOnLoad';

// vite-plugin-compression2's own settings for the two files it writes beside each chunk (vite.config.ts).
const compressions: [string, (code: string) => Uint8Array][] = [
  ['.gz', (code) => gzipSync(code, defineAlgorithm('gzip')[1])],
  ['.br', (code) => brotliCompressSync(code, defineAlgorithm('brotliCompress')[1])],
];

/**
 * Puts Chrome's explicit compile hint (`//# allFunctionsCalledOnLoad`, V8's file-based compile hints, Chrome
 * 136 and later; other browsers read a comment) at the top of the chunks `isHinted` picks. V8 then compiles
 * every function of those files while they download, on a background thread, instead of compiling each one on
 * the main thread the first time it is called: the shell's and the provider layout's functions are mostly called
 * during a provider page's first load (docs/decisions/web-first-load.md#compile-hints).
 *
 * The comment must come first in the file (V8 reads it only before any code), before the `__vite__mapDeps` line
 * Vite adds in its own `generateBundle` (rolldown's `postBanner` would land after it), hence a `post` hook; the
 * source map moves one line down with the code. vite-plugin-compression2 has already written the chunk's `.gz`
 * and `.br` by then (inside Vite's hook), so they are written again from the hinted code with its settings.
 */
export function compileHints(isHinted: (chunk: { name: string; isEntry: boolean }) => boolean): Plugin {
  return {
    name: 'portal-compile-hints',
    apply: 'build',
    augmentChunkHash: (chunk) => (isHinted(chunk) ? hint : undefined),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const hinted = Object.values(bundle).filter(
          (file): file is OutputChunk => file.type === 'chunk' && isHinted(file),
        );
        if (hinted.length === 0) throw new Error('compile-hints: no chunk to hint');
        for (const chunk of hinted) {
          chunk.code = `${hint}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          for (const [suffix, compress] of compressions) {
            const compressed = bundle[`${chunk.fileName}${suffix}`];
            if (compressed?.type === 'asset') compressed.source = compress(chunk.code);
          }
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === 'asset') {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
