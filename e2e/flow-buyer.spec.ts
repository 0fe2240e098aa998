import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { checkScreen, expect, test } from './fixtures';
import { expectDashboardDrawn, openInvoices } from './flow-fixtures';

/*
 * The buyer-specific build (VITE_FLAVOR=buyer) is another build of the same app. It is built into a folder of
 * its own, so the server's build (apps/web/dist) stays the default one for every other spec, and the page's
 * files are answered from that folder while the API calls still go to the real server. It is built once per
 * run, by the first test that needs it: the others (another project, another worker) wait for that build.
 */
const web = path.join(import.meta.dirname, '..', 'apps', 'web');
const runDir = process.env.E2E_DATA_DIR ?? '';
const dist = path.join(runDir, 'buyer-dist');

async function buyerBuild(): Promise<void> {
  const lock = path.join(runDir, 'buyer-dist.lock');
  for (;;) {
    if (existsSync(dist)) return;
    try {
      await mkdir(lock);
      break;
    } catch {
      // Another worker builds it; its folder appears, renamed into place, when the build is complete.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (existsSync(dist)) return;
    const building = `${dist}.partial`;
    await promisify(execFile)(
      process.execPath,
      [
        path.join(web, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--outDir',
        building,
        '--emptyOutDir',
      ],
      { cwd: web, env: { ...process.env, VITE_FLAVOR: 'buyer' } },
    );
    await rename(building, dist);
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

async function serveBuyerBuild(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      const file = path.join(dist, pathname);
      const isFile =
        pathname !== '/' && file.startsWith(dist) && existsSync(file) && path.extname(file) !== '';
      const served = isFile ? file : path.join(dist, 'index.html');
      await route.fulfill({
        body: await readFile(served),
        contentType: types[path.extname(served)] ?? 'application/octet-stream',
      });
    },
  );
}

test('the buyer build: the paused-access notice, the 15-day dashboard note and the service-invoice requirement', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  test.setTimeout(180_000);
  const [world] = await Promise.all([seed({ users: ['ana'] }), buyerBuild()]);
  await serveBuyerBuild(page);
  await page.goto('/');
  await expect(page.getByText('O acesso ao portal está temporariamente suspenso')).toBeVisible();

  await loginAs(world.email.ana);
  await page.goto('/dashboard');
  await expect(
    page.getByRole('note').filter({ hasText: 'Notas fiscais emitidas há mais de 15 dias não são listadas.' }),
  ).toBeVisible();
  await expectDashboardDrawn(page);
  await checkScreen(page, testInfo, 'dashboard-buyer');

  await openInvoices(page, 'Vale Verde Serviços');
  await expect(
    page.getByRole('note').filter({
      hasText: 'Para notas fiscais de serviço, envie o documento da nota antes de solicitar a antecipação.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Enviar nota \d+$/ }).first()).toBeVisible();
  await checkScreen(page, testInfo, 'invoices-buyer', { fullPage: false });
});

// Which notices a build carries is decided at build time, not by the screen: one viewport.
test('the default build shows none of the buyer build’s notices', { tag: '@one-viewport' }, async ({
  page,
  seed,
  loginAs,
}) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sua carteira nos últimos 3 meses' })).toBeVisible();
  await expect(page.getByText('Notas fiscais emitidas há mais de 15 dias')).toHaveCount(0);
  await openInvoices(page, 'Vale Verde Serviços');
  await expect(page.getByText('Para notas fiscais de serviço, envie o documento')).toHaveCount(0);
});
