import type { Page } from '@playwright/test';

/*
 * What a page on the emulated phone records of itself (bench/perf/phone-figures.ts, docs/performance.md#phone):
 * its LCP and element, FCP, layout shifts, Event Timing entries and taps, read back by the bench.
 */

/** What the page records of itself from its first byte on (an init script: a string, run before the page's). */
export const observer = `(() => {
  const seen = { lcp: 0, lcpElement: '', fcp: 0, shifts: [], events: [], firstInput: null, taps: [] };
  window.__phone = seen;
  const describe = (element) => {
    if (!element) return '(removed)';
    const text = (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    const name = element.tagName.toLowerCase();
    return text ? name + ' "' + text + '"' : name;
  };
  const observe = (type, options, each) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...options });
    } catch {}
  };
  observe('largest-contentful-paint', {}, (entry) => {
    seen.lcp = entry.startTime;
    seen.lcpElement = describe(entry.element);
  });
  observe('paint', {}, (entry) => {
    if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  });
  observe('layout-shift', {}, (entry) => {
    if (!entry.hadRecentInput) seen.shifts.push([entry.startTime, entry.value]);
  });
  observe('event', { durationThreshold: 16 }, (entry) => {
    if (entry.interactionId) seen.events.push([entry.startTime, entry.duration, entry.name]);
  });
  observe('first-input', {}, (entry) => {
    seen.firstInput = [entry.startTime, entry.duration, entry.name];
  });
  addEventListener('pointerdown', (event) => seen.taps.push(event.timeStamp), { capture: true, passive: true });
})()`;

export type Seen = {
  lcp: number;
  lcpElement: string;
  fcp: number;
  shifts: [number, number][];
  events: [number, number, string][];
  firstInput: [number, number, string] | null;
  taps: number[];
  ttfb: number;
  documentId: number;
};

/** Read the page's own record (the document's time origin tells a document loaded by a navigation). */
export const readSeen = (page: Page) =>
  page.evaluate(() => {
    const seen = (window as unknown as { __phone: Omit<Seen, 'ttfb' | 'documentId'> }).__phone;
    const navigation = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    return { ...seen, ttfb: navigation?.responseStart ?? 0, documentId: performance.timeOrigin };
  });

/** Chromium's CLS: the largest sum of shifts in a session window (gaps under 1 s, 5 s at most). */
export function cumulativeLayoutShift(shifts: [number, number][]): number {
  let largest = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const [at, value] of [...shifts].sort((a, b) => a[0] - b[0])) {
    if (window > 0 && at - last < 1_000 && at - first < 5_000) window += value;
    else {
      window = value;
      first = at;
    }
    last = at;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** The tap's Event Timing: the longest entry from its pointerdown on (before the next tap's), else first-input. */
export function tapDuration(seen: Seen, tapIndex: number): number | null {
  const from = seen.taps[tapIndex];
  if (from === undefined) return null;
  const until = seen.taps[tapIndex + 1] ?? Number.POSITIVE_INFINITY;
  const own = seen.events.filter(([start]) => start >= from - 1 && start < until - 1).map(([, d]) => d);
  const first = tapIndex === 0 && seen.firstInput ? [seen.firstInput[1]] : [];
  const all = [...own, ...first];
  return all.length ? Math.max(...all) : null;
}
