// Lighthouse (its Node API) on the portal's pages, driving Debian's Chromium through chrome-launcher and
// puppeteer-core, with Lighthouse's default mobile emulation and simulated throttling. Run by
// bench/perf/lighthouse.ts, which installs this folder first; plain JavaScript so it resolves lighthouse
// from this folder's own node_modules (kept out of the npm workspace: see package.json).
//
// node bench/lighthouse/audit.mjs <job.json>   (LIGHTHOUSE_PAGES=login,dashboard,invoices: a subset)
//   job: { targets: [{label, base}], chromePath, chromeFlags, sessionId, invoices: {programName},
//          simulation: {creditIds}, requestId, runs, outDir, out }
// Each target is the same product serving another build of the web app (`--compare=<ref>`: the ref's build
// first, then this checkout's); their runs of a page alternate, so a change of load on the shared cores
// weighs on both alike. The CPU slowdown of every run is 4 × benchmarkIndex / 1,500, the benchmark measured
// in this Chromium right before the run: every machine then emulates the phone Lighthouse's default ×4
// stands for on a machine of index 1,500 (docs/performance.md#web-figures).
// Prints `chrome-pid <pid>` first (so the caller can stop Chromium whatever happens), then progress and each
// page's diagnosis (layout shifts, LCP element, long tasks, request chain) on stderr, and writes the figures
// to job.out and each page's full report (HTML and JSON) to job.outDir.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { generateReport, navigation } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
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

const shortUrl = (url) => job.targets.reduce((short, t) => short.replace(t.base, ''), url);

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
    // Lighthouse's TBT adds up the long tasks between the first contentful paint and interactive, both as its
    // simulation of the phone places them, not as the trace recorded them: a task before the simulated FCP (the
    // shell's evaluation, on these pages) costs no TBT (docs/performance.md#what-tbt-counts).
    longTasks: longTasksOf(items('long-tasks'), lhr.audits['first-contentful-paint']?.numericValue ?? 0),
    bootup: items('bootup-time')
      .slice(0, 4)
      .map((s) => `${shortUrl(s.url)}: ${Math.round(s.total)} ms (script ${Math.round(s.scripting)} ms)`),
    longestChain: longestChain(lhr),
  };
}

/** The long tasks in the order of the simulation, those TBT counts (from the FCP on) apart from the others. */
function longTasksOf(tasks, fcpMs) {
  const shown = (task) =>
    `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms (${shortUrl(task.url)})`;
  const inOrder = [...tasks].sort((a, b) => a.startTime - b.startTime);
  return {
    fcpMs: Math.round(fcpMs),
    counted: inOrder.filter((task) => task.startTime >= fcpMs).map(shown),
    beforeFcp: inOrder.filter((task) => task.startTime < fcpMs).map(shown),
  };
}

/** The diagnosis on stderr, a few lines per page, so a failing figure comes with its causes. */
function sayDiagnosis(name, { diagnosis: d }) {
  const shifts = d.layoutShifts.map(
    (s) => `${s.score} ${s.element}${s.causes.length ? ` [${s.causes}]` : ''}`,
  );
  say(`${name}: LCP element ${d.lcpElement} ${JSON.stringify(d.lcpPhases)}`);
  for (const shift of shifts) say(`${name}: layout shift ${shift}`);
  const tasks = d.longTasks;
  say(
    `${name}: long tasks TBT counts (from the simulated FCP at ${tasks.fcpMs} ms): ${tasks.counted.join(', ') || 'none'}`,
  );
  say(`${name}: long tasks before it: ${tasks.beforeFcp.join(', ') || 'none'}`);
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
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    // Main-thread work as Lighthouse counts it (multiplied by the slowdown, as TBT is).
    mainThreadMs: audit('mainthread-work-breakdown')?.numericValue ?? null,
    mainThread: Object.fromEntries(
      (audit('mainthread-work-breakdown')?.details?.items ?? []).map((i) => [
        i.groupLabel,
        Math.round(i.duration),
      ]),
    ),
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

/** The machine's speed now, as Lighthouse measures it (its own page function, in a blank page of this Chromium). */
async function benchmarkIndex() {
  const page = await browser.newPage();
  try {
    return await page.evaluate(pageFunctions.computeBenchmarkIndex);
  } finally {
    await page.close();
  }
}

/**
 * One Lighthouse run of a page, its CPU slowdown scaled by the benchmark index measured right before; taken
 * again when Lighthouse failed to record its trace.
 */
async function runOnce(name, target, { requestor, flags, prepare }) {
  for (let attempt = 0; ; attempt += 1) {
    const index = await benchmarkIndex();
    const cpuSlowdownMultiplier = Number(((4 * index) / 1500).toFixed(2));
    const runFlags = { ...flags, throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } };
    const page = await browser.newPage();
    await prepare?.(page, target.base);
    await clearCache(page);
    const started = Date.now();
    const result = await navigation(page, requestor(page, target.base), { config, flags: runFlags });
    await page.close();
    // LH_TRACES=<dir>: every run's trace kept, to see which tasks the score counted (docs/performance.md#lighthouse-traces).
    if (process.env.LH_TRACES && result.artifacts?.Trace) {
      const file = path.join(process.env.LH_TRACES, `${name}-${target.label || 'main'}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(result.artifacts.Trace));
    }
    result.lhr.benchmarkIndexBefore = index;
    const code = result.lhr.runtimeError?.code;
    if (!traceRecordingErrors.has(code) || attempt === maxRetakes) return { result, started };
    say(`${name}: Lighthouse did not record the trace (${code}); taking the run again`);
  }
}

/** The median run by performance score, as Lighthouse's own docs advise for several runs. */
function medianOf(name, target, lhrs) {
  const figures = lhrs.map(figuresOf).sort((a, b) => a.performance - b.performance);
  const median = figures[Math.floor((figures.length - 1) / 2)];
  sayDiagnosis(`${name}${target.label ? ` (${target.label})` : ''}`, median);
  return {
    name,
    target: target.label,
    runs: figures.map((f) => f.performance),
    runFigures: figures.map((f) => ({
      performance: f.performance,
      tbtMs: f.tbtMs,
      mainThreadMs: f.mainThreadMs,
      benchmarkIndex: f.benchmarkIndex,
      cpuSlowdown: f.cpuSlowdown,
    })),
    ...median,
  };
}

/** Every run of a page, the targets taking turns; the last target's first run is the report kept. */
async function audit(name, spec) {
  const lhrs = job.targets.map(() => []);
  for (let run = 0; run < job.runs; run += 1) {
    for (const [i, target] of job.targets.entries()) {
      const { result, started } = await runOnce(name, target, spec);
      const { runtimeError, categories, configSettings } = result.lhr;
      const failed = runtimeError ? ` (${runtimeError.code}: ${runtimeError.message})` : '';
      const score = Math.round((categories.performance.score ?? 0) * 100);
      say(
        `${name}${target.label ? ` (${target.label})` : ''} run ${run + 1}/${job.runs}: performance ${score}${failed}, ` +
          `benchmarkIndex ${result.lhr.benchmarkIndexBefore} → CPU ×${configSettings.throttling.cpuSlowdownMultiplier}, ` +
          `${Math.round((Date.now() - started) / 1000)} s`,
      );
      lhrs[i].push(result.lhr);
      const suffix = i === job.targets.length - 1 ? '' : `-${target.label}`;
      if (run === 0) {
        writeFileSync(
          path.join(job.outDir, `lighthouse-${name}${suffix}.html`),
          generateReport(result.lhr, 'html'),
        );
        writeFileSync(path.join(job.outDir, `lighthouse-${name}${suffix}.json`), JSON.stringify(result.lhr));
      }
    }
  }
  return job.targets.map((target, i) => medianOf(name, target, lhrs[i]));
}

/** The web session's cookies (docs/product/accounts-and-sessions.md#web-session), as the sign-in sets them. */
const storeSession = async (page, base) => {
  // By domain and path (e2e/local-client.ts sessionCookies says why not by URL).
  const common = { domain: new URL(base).hostname, path: '/', secure: true, sameSite: 'Strict' };
  await page.setCookie(
    { ...common, name: '__Host-portal_session', value: job.sessionId, httpOnly: true },
    { ...common, name: '__Host-portal_signed_in', value: '1' },
  );
};

/**
 * The invoices page of the bench's program, opened from the program selection as a user does: the page needs
 * its program in React Router's navigation state (history.state), which a reload keeps.
 */
async function openInvoices(page, base) {
  await storeSession(page, base);
  await page.goto(`${base}/program-selection`, { waitUntil: 'load' });
  const link = await page.waitForFunction(
    (name) => [...document.querySelectorAll('main a')].find((a) => a.textContent.includes(name)),
    { timeout: 30_000 },
    job.invoices.programName,
  );
  await link.asElement().click();
  await page.waitForFunction(() => location.pathname === '/anticipation/invoices', { timeout: 30_000 });
  await page.waitForSelector('[data-testid="loaded-count"]', { timeout: 30_000 });
}

const reload = (page) => () => page.reload();
const goTo = (path) => (page, base) => () => page.goto(`${base}${path}`);
const loggedIn = { disableStorageReset: true };

/** The pages audited, in order; LIGHTHOUSE_PAGES=dashboard,invoices audits only those (quicker iterations). */
const pages = [
  // The login page, logged out: Lighthouse clears the origin's storage and cache itself.
  { name: 'login', requestor: (_page, base) => `${base}/`, flags: {} },
  // The provider pages of a logged-in supplier: the session cookie is set before a cold load.
  { name: 'dashboard', requestor: goTo('/dashboard'), flags: loggedIn, prepare: storeSession },
  {
    name: 'program-selection',
    requestor: goTo('/program-selection'),
    flags: loggedIn,
    prepare: storeSession,
  },
  {
    name: 'invoices',
    requestor: reload,
    flags: { ...loggedIn, skipAboutBlank: true },
    prepare: openInvoices,
  },
  // The simulation takes its program and credits from the navigation state, as the invoices page hands them
  // over (app/routes/anticipation-state.ts): put there on the invoices page's history entry, then reloaded.
  {
    name: 'simulation',
    requestor: reload,
    flags: { ...loggedIn, skipAboutBlank: true },
    prepare: async (page, base) => {
      await openInvoices(page, base);
      await page.evaluate((creditIds) => {
        const { usr, ...rest } = history.state;
        history.replaceState(
          { ...rest, usr: { program: usr.program, creditIds } },
          '',
          '/anticipation/simulation',
        );
      }, job.simulation.creditIds);
    },
  },
  // A request's detail, opened by its address (links from the history, the inbox and the mails).
  {
    name: 'request',
    requestor: goTo(`/anticipation/history/${job.requestId}`),
    flags: loggedIn,
    prepare: storeSession,
  },
];
const only = process.env.LIGHTHOUSE_PAGES?.split(',');

let browser;
try {
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const results = [];
  for (const { name, ...spec } of pages) {
    if (!only || only.includes(name)) results.push(...(await audit(name, spec)));
  }
  writeFileSync(job.out, JSON.stringify(results, null, 2));
} finally {
  await browser?.disconnect();
  stopChrome();
}
