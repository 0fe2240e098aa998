import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

const dist = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist');

/**
 * The JavaScript the browser fetches to show / (login), measured gzip from the build output. The strength
 * meter's dictionaries, the charts and the other pages must stay out of it (dynamic imports).
 */
test('the first load of / stays small', async ({ page }, testInfo) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(
    [...scripts].map(async (script) => {
      const code = await readFile(path.join(dist, script));
      return { script, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    }),
  );
  const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
  const report = sizes
    .sort((a, b) => b.gzip - a.gzip)
    .map((size) => `${(size.gzip / 1024).toFixed(1).padStart(7)} kB  ${size.script}`)
    .join('\n');
  await testInfo.attach('first-load-js.txt', {
    body: `${report}\n${(total / 1024).toFixed(1)} kB gzip in total\n`,
  });
  console.log(
    `[${testInfo.project.name}] first load of /: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzip`,
  );
  expect(sizes.some((size) => /zxcvbn|language-common/.test(size.script))).toBe(false);
  expect(total).toBeLessThan(260 * 1024);
});
