// Lighthouse (its Node API) on the portal's pages, driving Debian's Chromium through chrome-launcher and
// puppeteer-core, with Lighthouse's default mobile emulation and simulated throttling. Run by
// bench/perf/lighthouse.ts, which installs this folder first; plain JavaScript so it resolves lighthouse
// from this folder's own node_modules (kept out of the npm workspace: see package.json).
//
// node bench/lighthouse/audit.mjs <job.json>   (LIGHTHOUSE_PAGES=login,dashboard,invoices: a subset)
//   job: { base, chromePath, chromeFlags, token: {key, value}, invoices: {programName}, runs, outDir, out }
// Prints `chrome-pid <pid>` first (so the caller can stop Chromium whatever happens), then progress and each
// page's diagnosis (layout shifts, LCP element, long tasks, request chain) on stderr, and writes the figures
// to job.out and each page's full report (HTML and JSON) to job.outDir.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { generateReport, navigation } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const config = { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } };
const say = (msg) => process.stderr.write(`  lighthouse: ${msg}\n`);

const chrome = await chromeLauncher.launch({
  chromePath: job.chromePath,
  chromeFlags: ['--headless=new', ...job.chromeFlags],
  logLevel: 'silent',
});
process.stdout.write(`chrome-pid ${chrome.pid}\n`);
const stopChrome = () => {
  try {
    chrome.kill();
  } catch {
    // already gone
  }
};
process.on('SIGTERM', () => {
  stopChrome();
  process.exit(143);
});

/** A page of the app, loaded cold: the HTTP cache emptied first, the session (local storage) kept. */
async function clearCache(page) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

const shortUrl = (url) => url.replace(job.base, '');

/** The longest chain of the network dependency tree (document → scripts → API calls → …), as paths. */
function longestChain(lhr) {
  const [section] = lhr.audits['network-dependency-tree-insight']?.details?.items ?? [];
  const chain = [];
  let nodes = section?.value?.chains ?? {};
  for (;;) {
    const next = Object.values(nodes).find((node) => node.isLongest);
    if (!next) return chain;
    chain.push(`${shortUrl(next.url)} (${Math.round(next.navStartToEndTime)} ms)`);
    nodes = next.children ?? {};
  }
}

/**
 * Why the figures are what they are, from Lighthouse's own diagnostics: which elements shifted (and the
 * root causes it found), which element was the LCP and how its time splits, the longest main-thread tasks,
 * the scripts that cost most CPU, and the longest request chain.
 */
function diagnosisOf(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const label = (node) =>
    node?.type === 'node' ? `${node.selector} "${node.nodeLabel.split('\n')[0]}"` : '?';
  const [lcpTable, lcpPhases] = items('largest-contentful-paint-element');
  return {
    layoutShifts: items('layout-shifts').map((item) => ({
      element: label(item.node),
      score: Number(item.score.toFixed(4)),
      causes: (item.subItems?.items ?? []).map((sub) => sub.cause).filter(Boolean),
    })),
    lcpElement: label(lcpTable?.items[0]?.node),
    lcpPhases: Object.fromEntries((lcpPhases?.items ?? []).map((p) => [p.phase, Math.round(p.timing)])),
    longTasks: items('long-tasks')
      .slice(0, 5)
      .map(
        (task) =>
          `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${shortUrl(task.url)}`,
      ),
    bootup: items('bootup-time')
      .slice(0, 4)
      .map((s) => `${shortUrl(s.url)}: ${Math.round(s.total)} ms (script ${Math.round(s.scripting)} ms)`),
    longestChain: longestChain(lhr),
  };
}

/** The diagnosis on stderr, a few lines per page, so a failing figure comes with its causes. */
function sayDiagnosis(name, { diagnosis: d }) {
  const shifts = d.layoutShifts.map(
    (s) => `${s.score} ${s.element}${s.causes.length ? ` [${s.causes}]` : ''}`,
  );
  say(`${name}: LCP element ${d.lcpElement} ${JSON.stringify(d.lcpPhases)}`);
  for (const shift of shifts) say(`${name}: layout shift ${shift}`);
  for (const task of d.longTasks) say(`${name}: long task ${task}`);
  say(`${name}: CPU by script: ${d.bootup.join('; ')}`);
  say(`${name}: longest chain: ${d.longestChain.join(' → ')}`);
}

/** Lighthouse's figures and the opportunities it ranks highest, from one report. */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id];
  const metric = (id) => audit(id)?.numericValue ?? null;
  const refs = lhr.categories.performance.auditRefs.filter((ref) => ref.group !== 'metrics');
  const savingsOf = (a) => {
    const metrics = a.metricSavings ?? {};
    return (metrics.LCP ?? 0) + (metrics.FCP ?? 0) + (metrics.TBT ?? 0) + (metrics.CLS ?? 0) * 1000;
  };
  const opportunities = refs
    .map((ref) => audit(ref.id))
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'notApplicable')
    .sort((a, b) => savingsOf(b) - savingsOf(a) || (a.score ?? 1) - (b.score ?? 1))
    .slice(0, 6)
    .map((a) => ({
      id: a.id,
      title: a.title,
      displayValue: a.displayValue ?? '',
      score: a.score,
      metricSavings: a.metricSavings ?? {},
    }));
  return {
    requestedUrl: lhr.requestedUrl,
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: metric('cumulative-layout-shift'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
    siMs: metric('speed-index'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    // A run that failed (no paint, page error) scores 0: its reason travels with it.
    warnings: [
      ...(lhr.runWarnings ?? []),
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
    ],
    opportunities,
    diagnosis: diagnosisOf(lhr),
  };
}

// Lighthouse's own trace recording failing (it says "Please run Lighthouse again"), not the page: such a run
// is taken again, at most twice, and said so.
const traceRecordingErrors = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_FCP_OR_LCP_IN_TRACE']);
const maxRetakes = 2;

/** One Lighthouse run of a page, taken again when Lighthouse failed to record its trace. */
async function runOnce(name, requestor, flags, prepare) {
  for (let attempt = 0; ; attempt += 1) {
    const page = await browser.newPage();
    await prepare?.(page);
    await clearCache(page);
    const started = Date.now();
    const result = await navigation(page, requestor(page), { config, flags });
    await page.close();
    const code = result.lhr.runtimeError?.code;
    if (!traceRecordingErrors.has(code) || attempt === maxRetakes) return { result, started };
    say(`${name}: Lighthouse did not record the trace (${code}); taking the run again`);
  }
}

async function audit(name, requestor, flags, prepare) {
  const runs = [];
  for (let run = 0; run < job.runs; run += 1) {
    const { result, started } = await runOnce(name, requestor, flags, prepare);
    const { runtimeError, categories } = result.lhr;
    const failed = runtimeError ? ` (${runtimeError.code}: ${runtimeError.message})` : '';
    const score = Math.round((categories.performance.score ?? 0) * 100);
    say(
      `${name} run ${run + 1}/${job.runs}: performance ${score}${failed}, ${Math.round((Date.now() - started) / 1000)} s`,
    );
    runs.push(result.lhr);
    if (run === 0) {
      writeFileSync(path.join(job.outDir, `lighthouse-${name}.html`), generateReport(result.lhr, 'html'));
      writeFileSync(path.join(job.outDir, `lighthouse-${name}.json`), JSON.stringify(result.lhr));
    }
  }
  // The median run by performance score, as Lighthouse's own docs advise for several runs.
  const figures = runs.map(figuresOf).sort((a, b) => a.performance - b.performance);
  const median = figures[Math.floor((figures.length - 1) / 2)];
  sayDiagnosis(name, median);
  return { name, runs: figures.map((f) => f.performance), ...median };
}

const storeSession = async (page) => {
  await page.goto(`${job.base}/`, { waitUntil: 'load' });
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [job.token.key, job.token.value]);
  await page.goto('about:blank');
};

/** The pages audited, in order; LIGHTHOUSE_PAGES=dashboard,invoices audits only those (quicker iterations). */
const pages = [
  // The login page, logged out: Lighthouse clears the origin's storage and cache itself.
  { name: 'login', requestor: () => `${job.base}/`, flags: {} },
  // The dashboard of a logged-in supplier: the token is in local storage before the load.
  {
    name: 'dashboard',
    requestor: (page) => () => page.goto(`${job.base}/dashboard`),
    flags: { disableStorageReset: true },
    prepare: storeSession,
  },
  // The invoices page needs its program in the navigation state (React Router keeps it in history.state):
  // choose it from the program selection as a user does, then reload, which keeps that state.
  {
    name: 'invoices',
    requestor: (page) => () => page.reload(),
    flags: { disableStorageReset: true, skipAboutBlank: true },
    prepare: async (page) => {
      await storeSession(page);
      await page.goto(`${job.base}/program-selection`, { waitUntil: 'load' });
      const link = await page.waitForFunction(
        (name) => [...document.querySelectorAll('main a')].find((a) => a.textContent.includes(name)),
        { timeout: 30_000 },
        job.invoices.programName,
      );
      await link.asElement().click();
      await page.waitForFunction(() => location.pathname === '/anticipation/invoices', { timeout: 30_000 });
      await page.waitForSelector('[data-testid="loaded-count"]', { timeout: 30_000 });
    },
  },
];
const only = process.env.LIGHTHOUSE_PAGES?.split(',');

let browser;
try {
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const results = [];
  for (const { name, requestor, flags, prepare } of pages) {
    if (!only || only.includes(name)) results.push(await audit(name, requestor, flags, prepare));
  }
  writeFileSync(job.out, JSON.stringify(results, null, 2));
} finally {
  await browser?.disconnect();
  stopChrome();
}
