/*
 * The spike's yardstick (docs/decisions/server-drawn-pages.md), until `npm run bench` prints these figures: LCP
 * of cold loads of pages on an emulated phone, the throttling applied in Chromium (not simulated): a 412 × 823
 * mobile viewport, DevTools' CPU throttling at 4 × benchmarkIndex / 1,500 (the index measured in this Chromium
 * before each load with Lighthouse's own benchmark; a rate below 1 throttles nothing) and slow 4G (NETWORK
 * below). The targets' loads take turns, so the machine's load weighs on all alike. A measurement, not a test.
 *
 * NETWORK=rtt node --import tsx bench/phone-lcp.ts <runs> <label>=<url> [<label>=<url> …]
 */
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../e2e/local-client';

/**
 * Lighthouse's computeBenchmarkIndex (lighthouse/core/lib/page-functions.js), as it runs in a blank page; a
 * string, so the TypeScript loader's helpers (__name) do not end up in the page.
 */
const computeBenchmarkIndex = `(() => {
  function benchmarkIndexGC() {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < 500) {
      let s = '';
      for (let j = 0; j < 10000; j++) s += 'a';
      if (s.length === 1) throw new Error('never');
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  function benchmarkIndexNoGC() {
    const arrA = [];
    const arrB = [];
    for (let i = 0; i < 100000; i++) arrA[i] = arrB[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const src = iterations % 2 === 0 ? arrA : arrB;
      const tgt = iterations % 2 === 0 ? arrB : arrA;
      for (let j = 0; j < src.length; j++) tgt[j] = src[j];
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  return (benchmarkIndexGC() + benchmarkIndexNoGC()) / 2;
})()`;

type Observed = { lcp: number; lcpElement: string; fcp: number; ttfb: number; hydrated: number };

/**
 * NETWORK=devtools (default): Lighthouse's slow 4G as its DevTools throttling applies it per request (562.5 ms,
 * 1,474.56 kbit/s); NETWORK=rtt: the profile's own round trip and throughput (150 ms, 1,638.4 kbit/s, 750 up).
 */
const network =
  process.env.NETWORK === 'rtt'
    ? { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }
    : { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

const [runsArg, ...targetArgs] = process.argv.slice(2);
const runs = Number(runsArg);
const targets = targetArgs.map((arg) => {
  const [label, url] = arg.split(/=(.*)/s) as [string, string];
  return { label, url, loads: [] as (Observed & { index: number; slowdown: number })[] };
});

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (let run = 0; run < runs; run += 1) {
    for (const target of targets) {
      const blank = await browser.newPage();
      const index = (await blank.evaluate(computeBenchmarkIndex)) as number;
      await blank.close();
      const slowdown = Number(((4 * index) / 1500).toFixed(2));
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript(() => {
        const seen = { lcp: 0, lcpElement: '', fcp: 0, ttfb: 0, hydrated: 0 };
        Object.assign(window, { __seen: seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
            seen.lcp = entry.startTime;
            const el = entry.element;
            seen.lcpElement = el
              ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${(el.textContent ?? '').slice(0, 40)}"`
              : '?';
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
        }).observe({ type: 'paint', buffered: true });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        ...network,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      await page.goto(target.url, { waitUntil: 'load', timeout: 90_000 });
      // The page's content, not the loading indicator: its main landmark, painted.
      await page.locator('main').first().waitFor({ timeout: 90_000 });
      await page.waitForLoadState('networkidle', { timeout: 90_000 });
      await page.waitForTimeout(1_000);
      // LCP stops at the first input: read it before anything else happens.
      const seen = await page.evaluate(() => {
        const s = (window as unknown as { __seen: Observed }).__seen;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { ...s, ttfb: nav.responseStart };
      });
      target.loads.push({ ...seen, index, slowdown });
      console.error(
        `${target.label} run ${run + 1}: LCP ${seen.lcp.toFixed(0)} ms (${seen.lcpElement}), FCP ${seen.fcp.toFixed(0)}, TTFB ${seen.ttfb.toFixed(0)}; index ${index} → ×${slowdown}`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
for (const target of targets) {
  const lcps = target.loads.map((l) => l.lcp);
  console.log(
    `${target.label}: LCP median ${(median(lcps) / 1000).toFixed(2)} s (runs ${lcps.map((v) => (v / 1000).toFixed(2)).join(' / ')}), ` +
      `FCP median ${(median(target.loads.map((l) => l.fcp)) / 1000).toFixed(2)} s, TTFB median ${median(target.loads.map((l) => l.ttfb)).toFixed(0)} ms; ` +
      `CPU ${target.loads.map((l) => `×${l.slowdown}`).join(' ')}`,
  );
}
