import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiSession } from './flow-fixtures';

// The build the server serves (a copy of apps/web/dist taken at its start: playwright.config.ts).
const dist = process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, '..', 'apps', 'web', 'dist');

/** Scripts the page fetched, gzip-measured from the build output. */
async function measure(scripts: Set<string>) {
  const sizes = await Promise.all(
    [...scripts].map(async (script) => ({
      script,
      gzip: gzipSync(await readFile(path.join(dist, script)), { level: 9 }).length,
    })),
  );
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

function track(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  return scripts;
}

async function report(testInfo: TestInfo, route: string, scripts: Set<string>) {
  const sizes = await measure(scripts);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const charts = sizes.filter((size) => /charts|portfolio-chart/.test(size.script));
  const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
  const lazy = charts.reduce((sum, size) => sum + size.gzip, 0);
  const lines = sizes.map((size) => `${kb(size.gzip).padStart(9)}  ${size.script}`);
  const summary = `${route}: ${kb(total - lazy)} gzip before the chart chunk, ${kb(total)} with it (${scripts.size} scripts)`;
  await testInfo.attach(`first-load${route.replaceAll('/', '-')}.txt`, {
    body: `${lines.join('\n')}\n${summary}\n`,
  });
  console.log(`[${testInfo.project.name}] ${summary}`);
  return { total, lazy, sizes };
}

// The build's split, measured from its files: the same on any screen. That the phone loads the chart once its
// place nears the viewport is flow-dashboard.spec.ts's first test, on the phone too.
test(
  'first-load JavaScript of /dashboard and /anticipation/invoices; the chart is its own lazy chunk',
  {
    tag: '@one-viewport',
  },
  async ({ page, request, seed, loginAs }, testInfo) => {
    const world = await seed({ users: ['ana'] });
    await loginAs(world.email.ana);
    const dashboard = track(page);
    await page.goto('/dashboard');
    // The chart's chunk loads once the portfolio nears the viewport (below the fold on a phone).
    const portfolio = page.getByRole('region', { name: 'Sua carteira nos últimos 3 meses' });
    await portfolio.scrollIntoViewIfNeeded();
    await expect(portfolio.locator('.recharts-surface')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const first = await report(testInfo, '/dashboard', dashboard);
    expect(first.lazy).toBeGreaterThan(0);

    // A fresh tab opening the invoices directly, with the program in navigation state as the app puts it.
    const api = await apiSession(request, world.email.ana);
    const programs = await api.programs();
    const program = programs.find((p) => p.name === 'Horizonte Fornecedores');
    const fresh = await page.context().newPage();
    await fresh.addInitScript(
      (state) => {
        if (location.pathname === '/anticipation/invoices') {
          history.replaceState({ usr: state, key: 'first', idx: 0 }, '', location.href);
        }
      },
      { program },
    );
    const invoices = track(fresh);
    await fresh.goto('/anticipation/invoices');
    await expect(fresh.getByRole('heading', { level: 1, name: 'Horizonte Fornecedores' })).toBeVisible();
    await fresh.waitForLoadState('networkidle');
    const second = await report(testInfo, '/anticipation/invoices', invoices);
    // recharts stays out of the invoice page.
    expect(second.lazy).toBe(0);
  },
);
