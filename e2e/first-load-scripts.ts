import type { Page, Request } from '@playwright/test';

/**
 * The script a page's first load fetches, summed one way for the browser test (e2e/first-load.spec.ts) and
 * `npm run bench` (bench/perf/browser.ts): every request Chromium made as a script (modulepreload included),
 * its body as it came over the wire (compressed as the server sent it, headers not counted).
 */

export type ScriptSize = { script: string; encoding: string; bytes: number };

/** Starts recording before the page loads; the returned function gives the scripts fetched so far. */
export function recordScripts(page: Page): () => Promise<ScriptSize[]> {
  const scripts: Request[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  return async () => {
    const sizes = await Promise.all(
      scripts.map(async (request) => {
        const response = await request.response();
        return {
          script: new URL(request.url()).pathname,
          encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'none',
          bytes: (await request.sizes()).responseBodySize,
        };
      }),
    );
    return sizes.sort((a, b) => b.bytes - a.bytes);
  };
}

export const totalBytes = (sizes: ScriptSize[]) => sizes.reduce((sum, size) => sum + size.bytes, 0);
