import type { Browser } from '@playwright/test';
import { sessionCookies } from '../../e2e/local-client';
import type { Token } from './http';
import { percentile } from './stats';

/*
 * What a phone feels of a page's load without a trace being recorded, beside Lighthouse's figure
 * (docs/performance.md#what-the-trace-adds): Lighthouse records with stack traces on timeline events, which
 * makes every timer and request the page starts cost more, and its simulation does not count the shell's
 * evaluation. Here the page reports its own long animation frames (their blocking time is TBT's measure per
 * frame, and their scripts name the shell's evaluation), under DevTools' CPU throttling at a fixed ×4
 * (Lighthouse's benchmark index is not known here), on a 412 px phone with a cold cache and the session in
 * storage. A figure to read, not a budget.
 */

export type PageBlocking = {
  path: string;
  /** Per load: the blocking time of the long animation frames that end after the first contentful paint. */
  blockingMs: number[];
  /** Per load: the part of it in the frame that evaluated the shell (0 when that frame ended before the paint). */
  shellMs: number[];
};

/** DevTools' CPU throttling of every load here. */
export const blockingSlowdown = 4;

/** A long animation frame: its start, length and blocking time, and whether it evaluated the shell. */
type Frame = { start: number; duration: number; blocking: number; isShell: boolean };
type Observed = { frames: Frame[]; fcp: number };
/** What a long animation frame says of each script it ran (the Long Animation Frames API). */
type FrameScript = { invokerType: string; sourceURL: string };

export async function measurePageBlocking(
  browser: Browser,
  input: { base: string; token: Token; paths: string[]; loads: number },
): Promise<PageBlocking[]> {
  const results: PageBlocking[] = input.paths.map((path) => ({ path, blockingMs: [], shellMs: [] }));
  // Loads of the pages take turns, so a busy minute of the machine falls on all of them alike.
  for (let load = 0; load < input.loads; load += 1) {
    for (const result of results) {
      const { frames, fcp } = await observeLoad(browser, input.base, result.path, input.token);
      const afterPaint = frames.filter((frame) => frame.start + frame.duration > fcp);
      result.blockingMs.push(afterPaint.reduce((sum, frame) => sum + frame.blocking, 0));
      result.shellMs.push(
        afterPaint.filter((f) => f.isShell).reduce((sum, frame) => sum + frame.blocking, 0),
      );
    }
  }
  return results;
}

async function observeLoad(browser: Browser, base: string, path: string, token: Token): Promise<Observed> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    await context.addCookies(sessionCookies(base, token.access_token));
    await context.addInitScript(() => {
      const seen: Observed = { frames: [], fcp: 0 };
      Object.assign(window, { __blocking: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
        }
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const frame = entry as PerformanceEntry & { blockingDuration: number; scripts: FrameScript[] };
          seen.frames.push({
            start: frame.startTime,
            duration: frame.duration,
            blocking: frame.blockingDuration,
            isShell: frame.scripts.some(
              (script) =>
                script.invokerType === 'module-script' &&
                /\/assets\/index-[\w-]+\.js$/.test(script.sourceURL),
            ),
          });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: blockingSlowdown });
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    // Frames are reported after they end; a second more lets the last ones arrive.
    await page.waitForTimeout(1_000);
    return await page.evaluate(() => (window as unknown as { __blocking: Observed }).__blocking);
  } finally {
    await context.close();
  }
}

export function describeBlocking(result: PageBlocking): string {
  const median = (values: number[]) => percentile(values, 50).toFixed(0);
  return (
    `blocking after the first paint ${median(result.blockingMs)} ms, of which the shell's evaluation ` +
    `${median(result.shellMs)} ms (loads ${result.blockingMs.map((v) => v.toFixed(0)).join('/')})`
  );
}
