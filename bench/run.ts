// `npm run bench`: the performance harness of issue 7 (bench/perf/, docs/performance.md). It builds its own
// data set, starts the product on loopback, prints one table of figures and budgets, and stops what it
// started. Options: `npm run bench -- --only=web` (browser figures only), `--only=api`, `--build`, …
// The older in-process benches stay as separate scripts: bench/credits-bench.ts, bench/estimate-batch-bench.ts.
import { runPerfBench } from './perf/main';

process.exitCode = await runPerfBench(process.argv.slice(2));
