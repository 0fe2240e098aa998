import path from 'node:path';
import { creditIds } from './api-figures';
import { domRowsAfterScrolling, launchBrowser, measureFirstLoad, staticAssetProblems } from './browser';
import { createClient, expectStatus, json, type Token } from './http';
import { type LighthousePage, runLighthouse } from './lighthouse';
import type { Options } from './options';
import { blockingSlowdown, describeBlocking, measurePageBlocking } from './page-blocking';
import { measurePhone, phonePages } from './phone-figures';
import { startFloor } from './phone-floor';
import { phoneDetails, phoneRows } from './phone-report';
import { repoRoot } from './processes';
import { kib, type Row } from './report';

const SCROLL_TARGET = 3_000;

/** The browser's figures: first-load script bytes, static-file headers, DOM rows, the phone's, Lighthouse. */
export async function measureWeb(input: {
  base: string;
  token: Token;
  programName: string;
  /** The program provider of `programName`: its credits open the simulation and make the audited request. */
  providerId: number;
  /** The same product serving the web app of `--compare=<ref>`, audited beside this checkout's. */
  before?: { label: string; base: string };
  options: Options;
  dir: string;
  say: (msg: string) => void;
}) {
  const { say } = input;
  const rows: Row[] = [];
  const details: string[] = [];
  const browser = await launchBrowser();

  say('first load of / in Chromium…');
  const load = await measureFirstLoad(browser, input.base);
  rows.push({
    figure:
      'first load of /: script over the wire (brotli bodies, summed as e2e/first-load.spec.ts sums them)',
    budget: '≤ 150 KiB',
    measured:
      `${kib(load.scriptBytes)} in ${load.scripts.length} files` +
      (load.scripts.every((s) => s.encoding === 'br')
        ? ''
        : ` (not brotli: ${load.scripts.filter((s) => s.encoding !== 'br').map((s) => s.script)})`),
    pass: load.scriptBytes <= 150 * 1024,
  });
  const problems = staticAssetProblems(load);
  rows.push({
    figure: 'static files of the first load: brotli/gzip, hashed ones cached ≥ 30 days',
    budget: 'all',
    measured:
      problems.length === 0
        ? `all ${load.all.filter((f) => f.url.startsWith('/assets/')).length} ok`
        : `${problems.length} not: ${problems[0]}`,
    pass: problems.length === 0,
  });
  details.push(
    '## First load of / (what Chromium received)',
    '',
    '| File | Type | Encoding | Transferred | Body | Cache-Control |',
    '|---|---|---|---|---|---|',
    ...load.all
      .sort((a, b) => b.transfer - a.transfer)
      .map((f) => `| ${f.url} | ${f.type} | ${f.encoding} | ${f.transfer} | ${f.body} | ${f.cacheControl} |`),
    '',
  );

  say(`invoices page: scrolling until ${SCROLL_TARGET.toLocaleString('en')} invoices are loaded…`);
  const dom = await domRowsAfterScrolling(browser, {
    base: input.base,
    token: input.token,
    programName: input.programName,
    target: SCROLL_TARGET,
  });
  await browser.close();
  rows.push({
    figure: `invoices page after scrolling to ${dom.loaded.toLocaleString('en')} loaded invoices: rows in the DOM`,
    budget: '< 80',
    measured: `${dom.mostRows} at most (${dom.rowsAtEnd} at the end; ${dom.seconds.toFixed(0)} s of scrolling)`,
    pass: dom.loaded >= SCROLL_TARGET && dom.mostRows < 80,
  });

  // The simulation opens with 10 credits; a request of 10 others gives a detail page (web-only runs make none).
  const client = createClient(input.base, `Bearer ${input.token.access_token}`);
  const [simulationCreditIds, requestCreditIds] = await (async () => {
    const ids = await creditIds(client, input.providerId, 20, 'expireDate,desc');
    return [ids.slice(0, 10), ids.slice(10)];
  })();
  const answer = await client.send({
    method: 'POST',
    path: '/api/webapp/batches/request',
    body: requestCreditIds,
  });
  const requestId = json<{ id: number }>(expectStatus(answer, 'request for the detail page')).id;
  client.close();

  say(
    `phone figures: ${input.options.phoneRuns} cold load(s) of each page, the yardstick's first, taking turns…`,
  );
  const floor = await startFloor(input.base);
  if (!floor.drawn)
    say('  / is not drawn by the server in this build: the yardstick is index.html without scripts');
  const phoneBrowser = await launchBrowser();
  const phone = await measurePhone(phoneBrowser, {
    base: input.base,
    floorBase: floor.base,
    token: input.token,
    pages: phonePages({ programName: input.programName, requestId }),
    runs: input.options.phoneRuns,
    say,
  });
  await phoneBrowser.close();
  await floor.close();
  details.push(...phoneDetails(phone));

  const targets = [
    ...(input.before ? [input.before] : []),
    { label: input.before ? 'after' : '', base: input.base },
  ];
  say(
    `Lighthouse (mobile, CPU slowdown 4 × benchmarkIndex / 1,500), ${input.options.lighthouseRuns} run(s) per page` +
      (input.before ? `, ${input.before.label} and after taking turns…` : '…'),
  );
  const outDir = path.join(repoRoot, 'bench-results');
  const pages = await runLighthouse({
    targets,
    token: input.token,
    programName: input.programName,
    simulationCreditIds,
    requestId,
    runs: input.options.lighthouseRuns,
    dir: input.dir,
    outDir,
  });
  rows.push(
    ...phoneRows(
      phone,
      pages.filter((page) => !input.before || page.target !== input.before.label),
    ),
  );
  for (const page of pages) {
    const landed = new URL(page.finalUrl).pathname;
    const isBefore = input.before !== undefined && page.target === input.before.label;
    // This checkout's scores are in the phone rows; the compared build's are shown for reading.
    if (isBefore) {
      rows.push({
        figure: `Lighthouse mobile ${expectedPath[page.name] ?? page.name} at ${page.target}: performance`,
        budget: '',
        measured: `${page.performance} (TBT ${page.tbtMs.toFixed(0)} ms, LCP ${(page.lcpMs / 1000).toFixed(1)} s, runs ${page.runs.join('/')})`,
        pass: null,
      });
    }
    details.push(
      `## Lighthouse, ${page.name}${page.target ? ` (${page.target})` : ''} (${landed}): performance ${page.performance}`,
      '',
      `CLS ${page.cls.toFixed(3)}, LCP ${page.lcpMs.toFixed(0)} ms, TBT ${page.tbtMs.toFixed(0)} ms, ` +
        `FCP ${page.fcpMs.toFixed(0)} ms, Speed Index ${page.siMs.toFixed(0)} ms; benchmarkIndex ${page.benchmarkIndex}, ` +
        `CPU ×${page.cpuSlowdown}; main thread ${page.mainThreadMs.toFixed(0)} ms ${JSON.stringify(page.mainThread)}. ` +
        `Report: bench-results/lighthouse-${page.name}${isBefore ? `-${page.target}` : ''}.html`,
      '',
      ...page.opportunities.map(
        (o) =>
          `- ${o.title}${o.displayValue ? ` — ${o.displayValue}` : ''}` +
          `${Object.keys(o.metricSavings).length ? ` (savings ${JSON.stringify(o.metricSavings)})` : ''}`,
      ),
      ...(page.warnings.length ? ['', `Warnings: ${page.warnings.join('; ')}`] : []),
      '',
    );
  }

  const blockingPaths = ['/dashboard', '/program-selection', `/anticipation/history/${requestId}`];
  say(`the blocking three pages observe themselves, CPU ×${blockingSlowdown}, no trace recorded…`);
  const blockingBrowser = await launchBrowser();
  const blocking = await measurePageBlocking(blockingBrowser, {
    base: input.base,
    token: input.token,
    paths: blockingPaths,
    loads: input.options.lighthouseRuns,
  });
  await blockingBrowser.close();
  for (const result of blocking) {
    rows.push({
      figure: `${result.path}: blocking the page itself observed at CPU ×${blockingSlowdown}, no trace recorded`,
      budget: '',
      measured: describeBlocking(result),
      pass: null,
    });
  }
  const comparison = compareLines(pages, input.before?.label);
  if (comparison.length) details.unshift(...comparison, '');
  return {
    rows,
    details,
    comparison,
    data: { firstLoad: load, domRows: dom, phone, lighthouse: pages, blocking },
  };
}

/** Where each audited page must end (the invoices and the simulation are reloads of another address). */
const expectedPath: Record<string, string> = {
  login: '/',
  invoices: '/anticipation/invoices',
  simulation: '/anticipation/simulation',
};

/**
 * With --compare: one line per page, the before and after medians side by side (score, TBT, main-thread
 * time, and the runs' benchmark indices and slowdowns), as a Markdown table.
 */
function compareLines(pages: LighthousePage[], beforeLabel: string | undefined): string[] {
  if (!beforeLabel) return [];
  const cell = (p: LighthousePage | undefined) =>
    p ? `${p.performance} · ${p.tbtMs.toFixed(0)} ms · ${(p.mainThreadMs / 1000).toFixed(1)} s` : '–';
  const slowdowns = (p: LighthousePage | undefined) =>
    p ? p.runFigures.map((r) => `${r.benchmarkIndex ?? '?'}→×${r.cpuSlowdown}`).join(' ') : '';
  const names = [...new Set(pages.map((p) => p.name))];
  return [
    `## Lighthouse, ${beforeLabel} → after (median score · TBT · main-thread time; per run: benchmarkIndex → CPU slowdown)`,
    '',
    `| Page | ${beforeLabel} | after | runs before (score) | runs after (score) | benchmarkIndex → slowdown, after's runs |`,
    '|---|---|---|---|---|---|',
    ...names.map((name) => {
      const before = pages.find((p) => p.name === name && p.target === beforeLabel);
      const after = pages.find((p) => p.name === name && p.target !== beforeLabel);
      return `| ${before ? new URL(before.finalUrl).pathname : name} | ${cell(before)} | ${cell(after)} | ${before?.runs.join('/') ?? ''} | ${after?.runs.join('/') ?? ''} | ${slowdowns(after)} |`;
    }),
  ];
}
