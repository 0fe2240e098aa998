import type { LighthousePage } from './lighthouse';
import type { PhoneLoad, PhoneResult, TapFigures } from './phone-figures';
import type { Row } from './report';
import { percentile } from './stats';

/*
 * The phone figures as rows of the bench's table (docs/performance.md#phone): per page the median of the loads with every
 * run listed, Lighthouse's score beside, and which budget is not met.
 */

const budgets = { lcpMs: 1_200, tapMs: 200, openedMs: 1_000, cls: 0.05, lighthouse: 85 };

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) => percentile(values, 50);

/** Median and runs of one figure; lost taps (null) count as endless and show as "lost". */
function figure(values: (number | null)[], show: (v: number) => string) {
  if (values.length === 0) return { median: Number.NaN, text: '?' };
  const numbers = values.map((v) => v ?? Number.POSITIVE_INFINITY);
  const middle = median(numbers);
  const text = Number.isFinite(middle) ? show(middle) : 'lost';
  return {
    median: middle,
    text: `${text} (${values.map((v) => (v === null ? 'lost' : show(v))).join('/')})`,
  };
}

function lighthouseOf(page: LighthousePage | undefined) {
  if (!page) return { pass: false, text: 'Lighthouse: not run' };
  const landed = new URL(page.finalUrl).pathname;
  const wrongPage = page.requestedUrl && landed !== new URL(page.requestedUrl).pathname;
  return {
    pass: page.performance >= budgets.lighthouse && !wrongPage,
    text:
      `Lighthouse ${page.performance}${page.runs.length > 1 ? ` (${page.runs.join('/')})` : ''}` +
      (wrongPage ? ` ended on ${landed}!` : ''),
  };
}

function verdict(parts: { name: string; pass: boolean }[], failed: string[]) {
  const over = parts.filter((p) => !p.pass).map((p) => p.name);
  const notes = [...(over.length ? [`over: ${over.join(', ')}`] : []), ...failed];
  return {
    pass: over.length === 0 && failed.length === 0,
    suffix: notes.length ? ` — ${notes.join('; ')}` : '',
  };
}

const failures = (loads: PhoneLoad[]) => loads.filter((l) => l.error).map((l) => `a load failed: ${l.error}`);

/** One row per measured page, one per page reached by a tap, the yardstick's, and the emulation's. */
export function phoneRows(results: PhoneResult[], lighthouse: LighthousePage[]): Row[] {
  const rows: Row[] = [];
  const lighthouseNamed = (name: string) => lighthouse.find((p) => p.name === name);
  for (const { page, loads } of results) {
    const ok = loads.filter((l) => !l.error);
    const lcp = figure(
      ok.map((l) => l.lcpMs),
      seconds,
    );
    const lcpElement = ok.find((l) => l.lcpMs === lcp.median)?.lcpElement ?? '?';
    if (page.name === 'floor') {
      rows.push({
        figure:
          'phone yardstick: the drawn / without its scripts (HTML, CSS, font), loaded the same way: LCP',
        budget: '',
        measured: ok.length ? `${lcp.text} s` : failures(loads).join('; '),
        pass: null,
      });
      continue;
    }
    const taps = ok.flatMap((l) => (l.tap ? [l.tap] : []));
    const duration = figure(
      taps.map((t) => t.durationMs).filter((v) => v !== null),
      (v) => v.toFixed(0),
    );
    const opened = figure(
      taps.map((t) => t.openedMs),
      seconds,
    );
    const cls = figure(
      ok.map((l) => l.cls),
      (v) => v.toFixed(3),
    );
    const score = lighthouseOf(lighthouseNamed(page.name));
    const { pass, suffix } = verdict(
      [
        { name: 'LCP', pass: lcp.median <= budgets.lcpMs },
        { name: 'tap', pass: !(duration.median > budgets.tapMs) },
        { name: 'opened', pass: opened.median <= budgets.openedMs && taps.every((t) => t.openedMs !== null) },
        { name: 'CLS', pass: cls.median <= budgets.cls },
        { name: 'Lighthouse', pass: score.pass },
      ],
      ok.length ? failures(loads) : ['every load failed', ...failures(loads).slice(0, 1)],
    );
    rows.push({
      figure: `phone ${page.path === '/' ? '/' : pageLabel(page.name, page.path)}: LCP · first tap on ${page.tap?.label} (Event Timing · opened) · CLS · Lighthouse`,
      budget: '≤ 1.2 s · ≤ 200 ms · ≤ 1 s · ≤ 0.05 · ≥ 85',
      measured:
        `LCP ${lcp.text} s, ${lcpElement} · tap ${duration.text} ms · opened ${opened.text} s · ` +
        `CLS ${cls.text} · ${score.text}${suffix}`,
      pass,
    });
    if (page.name === 'program-selection') {
      const how = '/anticipation/invoices, reached by a tap on its program in /program-selection';
      rows.push(reachedRow(how, taps, lighthouseNamed('invoices')));
    }
    for (const next of page.next ?? []) {
      const reached = ok.flatMap((l) => (l.next[next.name] ? [l.next[next.name]!] : []));
      const how = `/anticipation/${next.name}, reached by a tap on ${next.label} in the list`;
      rows.push(reachedRow(how, reached, lighthouseNamed(next.name)));
    }
  }
  rows.push(emulationRow(results));
  return rows;
}

/** A page reached by a tap: its content shown within 1 s of the tap, and Lighthouse's score of it. */
function reachedRow(how: string, taps: TapFigures[], lighthousePage: LighthousePage | undefined): Row {
  const opened = figure(
    taps.map((t) => t.openedMs),
    seconds,
  );
  const duration = figure(
    taps.map((t) => t.durationMs).filter((v) => v !== null),
    (v) => v.toFixed(0),
  );
  const score = lighthouseOf(lighthousePage);
  const { pass, suffix } = verdict(
    [
      { name: 'content', pass: opened.median <= budgets.openedMs && taps.every((t) => t.openedMs !== null) },
      { name: 'Lighthouse', pass: score.pass },
    ],
    taps.length ? [] : ['never reached'],
  );
  return {
    figure: `phone ${how}: content shown after the tap · Lighthouse`,
    budget: '≤ 1 s · ≥ 85',
    measured: `${opened.text} s (the tap ${duration.text} ms) · ${score.text}${suffix}`,
    pass,
  };
}

const pageLabel = (name: string, path: string) => (name === 'request' ? "a request's detail" : path);

/** The benchmark index and the CPU rate of every load (each also printed as it is taken). */
function emulationRow(results: PhoneResult[]): Row {
  const loads = results.flatMap((r) => r.loads);
  const range = (values: number[], show: (v: number) => string) =>
    `${show(Math.min(...values))}–${show(Math.max(...values))} (median ${show(median(values))})`;
  const indices = loads.map((l) => l.benchmarkIndex);
  const rates = loads.map((l) => l.rate);
  const unthrottled = loads.filter((l) => l.rate < 1).length;
  const slower = unthrottled
    ? `; ${unthrottled} on a machine already slower than the phone (×1 applied)`
    : '';
  return {
    figure:
      'phone emulation of those loads: benchmark index → CPU rate (4 × index / 1,500; below 1 nothing is throttled)',
    budget: '',
    measured: `${loads.length} loads: index ${range(indices, (v) => v.toLocaleString('en'))} → ×${range(rates, (v) => v.toFixed(2))}${slower}`,
    pass: null,
  };
}

/** The .md file's lines: every load of every page, with its emulation. */
export function phoneDetails(results: PhoneResult[]): string[] {
  const tap = (t: TapFigures | undefined) =>
    t ? `${t.durationMs ?? '?'} ms, ${t.openedMs === null ? 'lost' : `${seconds(t.openedMs)} s`}` : '';
  return [
    '## Phone figures, every load',
    '',
    '| Page | Run | Benchmark index → CPU | LCP (element) | FCP | TTFB | CLS | First tap (Event Timing, opened) | Taps after it |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.flatMap(({ page, loads }) =>
      loads.map((l, i) =>
        l.error
          ? `| ${page.path} | ${i + 1} | ${l.benchmarkIndex} → ×${l.rate} | failed: ${l.error} | | | | | |`
          : `| ${page.name === 'floor' ? 'yardstick' : page.path} | ${i + 1} | ${l.benchmarkIndex} → ×${l.rate} (×${l.applied} applied) | ${seconds(l.lcpMs)} s (${l.lcpElement.replace(/\|/g, '/')}) | ` +
            `${seconds(l.fcpMs)} s | ${l.ttfbMs.toFixed(0)} ms | ${l.cls.toFixed(3)} | ${tap(l.tap)} | ` +
            `${Object.entries(l.next)
              .map(([name, t]) => `${name}: ${tap(t)}`)
              .join('; ')} |`,
      ),
    ),
    '',
  ];
}
