import path from 'node:path';
import { domRowsAfterScrolling, launchBrowser, measureFirstLoad, staticAssetProblems } from './browser';
import type { Token } from './http';
import { runLighthouse } from './lighthouse';
import type { Options } from './options';
import { repoRoot } from './processes';
import { kib, type Row } from './report';

const SCROLL_TARGET = 3_000;

/** The browser's figures: first-load script bytes, static-file headers, DOM rows, Lighthouse. */
export async function measureWeb(input: {
  base: string;
  token: Token;
  programName: string;
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
    figure: 'first load of /: script bytes over the wire (compressed, headers included)',
    budget: '≤ 150 KiB',
    measured:
      `${kib(load.scriptTransferBytes)} in ${load.scripts.length} files (bodies ${kib(load.scriptBodyBytes)}, ` +
      `inflated ${kib(load.scriptDecodedBytes)})`,
    pass: load.scriptTransferBytes <= 150 * 1024,
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

  say(`Lighthouse (mobile), ${input.options.lighthouseRuns} run(s) per page…`);
  const outDir = path.join(repoRoot, 'bench-results');
  const pages = await runLighthouse({
    base: input.base,
    token: input.token,
    programName: input.programName,
    runs: input.options.lighthouseRuns,
    dir: input.dir,
    outDir,
  });
  for (const page of pages) {
    const pathname = new URL(page.requestedUrl ?? input.base).pathname;
    const landed = new URL(page.finalUrl).pathname;
    const wrongPage = landed !== pathname && !(pathname === '/' && landed === '/');
    rows.push({
      figure: `Lighthouse mobile ${page.name === 'invoices' ? '/anticipation/invoices' : pathname}: performance, CLS`,
      budget: '≥ 95, ≤ 0.05',
      measured:
        `${page.performance}, ${page.cls.toFixed(3)} (LCP ${(page.lcpMs / 1000).toFixed(1)} s, TBT ${page.tbtMs.toFixed(0)} ms, ` +
        `FCP ${(page.fcpMs / 1000).toFixed(1)} s${page.runs.length > 1 ? `; runs ${page.runs.join('/')}` : ''})` +
        (wrongPage ? ` ended on ${landed}!` : ''),
      pass: page.performance >= 95 && page.cls <= 0.05 && !wrongPage,
    });
    details.push(
      `## Lighthouse, ${page.name} (${landed}): performance ${page.performance}`,
      '',
      `CLS ${page.cls.toFixed(3)}, LCP ${page.lcpMs.toFixed(0)} ms, TBT ${page.tbtMs.toFixed(0)} ms, ` +
        `FCP ${page.fcpMs.toFixed(0)} ms, Speed Index ${page.siMs.toFixed(0)} ms; benchmarkIndex ${page.benchmarkIndex}. ` +
        `Report: bench-results/lighthouse-${page.name}.html`,
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
  return { rows, details, data: { firstLoad: load, domRows: dom, lighthouse: pages } };
}
