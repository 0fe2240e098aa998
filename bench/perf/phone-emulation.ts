import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { sessionCookies } from '../../e2e/local-client';
import type { Token } from './http';
import { ensureLighthouse, lighthouseFolder } from './lighthouse';

/*
 * The phone of the web budgets (docs/performance.md#phone), emulated in Chromium itself (throttling applied,
 * not simulated): Lighthouse's mobile screen (moto g power: 412 × 823 at a device pixel ratio of 1.75, touch),
 * DevTools' CPU throttling at 4 × benchmarkIndex / 1,500 (Lighthouse's ×4 stands for a machine of index 1,500;
 * the index is measured by Lighthouse's own benchmark in this browser right before each load, so a busier
 * machine is slowed less), and slow 4G as the profile's own figures (150 ms round trip, 1,638.4 kbit/s down,
 * 750 up) applied by `Network.emulateNetworkConditions`.
 */

export const network = {
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export type Emulation = {
  benchmarkIndex: number;
  /** 4 × benchmarkIndex / 1,500. */
  rate: number;
  /** What Chromium was given: the rate, or 1 (nothing throttled) when the machine is already slower. */
  applied: number;
};

let computeBenchmarkIndex: (() => number) | undefined;

/** Lighthouse's computeBenchmarkIndex (core/lib/page-functions.js), from the copy bench/lighthouse installs. */
async function benchmarkFunction(): Promise<() => number> {
  if (computeBenchmarkIndex) return computeBenchmarkIndex;
  await ensureLighthouse();
  const file = path.join(lighthouseFolder, 'node_modules/lighthouse/core/lib/page-functions.js');
  const module = (await import(pathToFileURL(file).href)) as {
    pageFunctions: { computeBenchmarkIndex: () => number };
  };
  computeBenchmarkIndex = module.pageFunctions.computeBenchmarkIndex;
  return computeBenchmarkIndex;
}

/** The machine's speed now, measured in a blank page of `browser` (unthrottled), and the CPU rate it gives. */
export async function measureEmulation(browser: Browser): Promise<Emulation> {
  const compute = await benchmarkFunction();
  const blank = await browser.newPage();
  try {
    const benchmarkIndex = Math.round(await blank.evaluate(compute));
    const rate = Number(((4 * benchmarkIndex) / 1500).toFixed(2));
    return { benchmarkIndex, rate, applied: Math.max(1, rate) };
  } finally {
    await blank.close();
  }
}

/**
 * A fresh context (empty cache) on the emulated phone, signed in when `token` is given (the web session's
 * cookie set before the first load: a returning user), and its page with the network and CPU throttled.
 */
export async function phonePage(
  browser: Browser,
  input: { base: string; token?: Token; emulation: Emulation; initScript: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    baseURL: input.base,
  });
  if (input.token) await context.addCookies(sessionCookies(input.base, input.token.access_token));
  await context.addInitScript(input.initScript);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: input.emulation.applied });
  return { context, page };
}
