import { type Browser, chromium, type Page } from '@playwright/test';
import { recordScripts, type ScriptSize, totalBytes } from '../../e2e/first-load-scripts';
import { chromiumFlags, chromiumPath, sessionCookies } from '../../e2e/local-client';
import { onCleanup } from './cleanup';
import type { Token } from './http';

/*
 * The figures a browser sees, with Playwright driving Debian's Chromium (never a downloaded browser): the
 * script bytes of the first load of /, and the rows in the DOM of the invoices page once 3,000 invoices
 * are loaded by scrolling (the approach of e2e/flow-scroll.spec.ts).
 */

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  onCleanup('chromium (playwright)', () => browser.close());
  return browser;
}

export type LoadedFile = {
  url: string;
  transfer: number;
  body: number;
  encoding: string;
  cacheControl: string;
};

export type FirstLoad = {
  /** The scripts' bodies as they came over the wire (brotli), summed as e2e/first-load.spec.ts sums them. */
  scriptBytes: number;
  scripts: ScriptSize[];
  /** Every response of the first load, scripts or not. */
  all: (LoadedFile & { type: string })[];
};

/**
 * A fresh browser context (empty cache, no session) loads / until the network is idle. The scripts are summed
 * by the browser test's own code (e2e/first-load-scripts.ts); every response, with its headers, is listed from
 * Chromium's network events for the static-file rule and the details.
 */
export async function measureFirstLoad(browser: Browser, base: string): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    type Seen = { url: string; type: string; encoding: string; cacheControl: string };
    const responses = new Map<string, Seen>();
    const transfer = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      const header = (name: string) =>
        String(Object.entries(event.response.headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? '');
      responses.set(event.requestId, {
        url: event.response.url.replace(base, ''),
        type: event.type ?? 'Other',
        encoding: header('content-encoding') || 'identity',
        cacheControl: header('cache-control'),
      });
    });
    cdp.on('Network.loadingFinished', (event) => transfer.set(event.requestId, event.encodedDataLength));
    const bodies = new Map<string, number>();
    page.on('requestfinished', async (request) => {
      bodies.set(request.url().replace(base, ''), (await request.sizes()).responseBodySize);
    });
    const scripts = recordScripts(page);
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const all = [...responses].map(([id, seen]) => ({
      ...seen,
      transfer: transfer.get(id) ?? 0,
      body: bodies.get(seen.url) ?? transfer.get(id) ?? 0,
    }));
    const sizes = await scripts();
    return { scriptBytes: totalBytes(sizes), scripts: sizes, all };
  } finally {
    await context.close();
  }
}

/**
 * The rule for static files: compressed (brotli or gzip) when compressible, and cached for a long
 * time when their name is hashed (under /assets/). Returns the files that break it.
 */
export function staticAssetProblems(load: FirstLoad): string[] {
  const problems: string[] = [];
  for (const file of load.all) {
    if (!file.url.startsWith('/assets/')) continue;
    const compressible = /\.(m?js|css|svg|json|html)(\?|$)/.test(file.url);
    if (compressible && !['br', 'gzip', 'zstd'].includes(file.encoding)) {
      problems.push(`${file.url}: not compressed`);
    }
    const maxAge = Number(file.cacheControl.match(/max-age=(\d+)/)?.[1] ?? 0);
    if (maxAge < 30 * 86_400) problems.push(`${file.url}: cache-control "${file.cacheControl}"`);
  }
  return problems;
}

export type DomRows = { loaded: number; total: number; mostRows: number; rowsAtEnd: number; seconds: number };

/** Rows (laptop table) or cards (phone list) of the invoice list in the DOM right now. */
const domRows = (page: Page) =>
  page.locator('main table tbody tr[aria-rowindex], main ul li[data-index]').count();

/** "1,230 de 97,000 …" in any of the four languages: the two numbers. */
async function loadedCount(page: Page): Promise<{ loaded: number; total: number; text: string }> {
  const text = (await page.getByTestId('loaded-count').textContent()) ?? '';
  const [loaded, total] = (text.match(/\d[\d.,\s]*/g) ?? []).map((n) => Number(n.replace(/\D/g, '')));
  return { loaded: loaded ?? 0, total: total ?? 0, text };
}

/**
 * Logged in (the session cookie set before the first load), opens the program from the program selection as a
 * user does, then scrolls to the bottom until `target` invoices are loaded, counting the rows in the DOM at
 * every step. At most 400 scroll steps.
 */
export async function domRowsAfterScrolling(
  browser: Browser,
  input: { base: string; token: Token; programName: string; target: number },
): Promise<DomRows> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: input.base });
  try {
    await context.addCookies(sessionCookies(input.base, input.token.access_token));
    const page = await context.newPage();
    const started = performance.now();
    await page.goto('/program-selection');
    await page.locator('main a', { hasText: input.programName }).first().click();
    await page.getByTestId('loaded-count').waitFor({ timeout: 30_000 });
    let most = 0;
    let count = await loadedCount(page);
    for (let step = 0; step < 400 && count.loaded < input.target && count.loaded < count.total; step += 1) {
      most = Math.max(most, await domRows(page));
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const before = count.text;
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="loaded-count"]')?.textContent !== text,
        before,
        { timeout: 30_000 },
      );
      count = await loadedCount(page);
    }
    const rowsAtEnd = await domRows(page);
    return {
      loaded: count.loaded,
      total: count.total,
      mostRows: Math.max(most, rowsAtEnd),
      rowsAtEnd,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await context.close();
  }
}
