// `npm run bench`: the performance harness of issue 7 (bench/perf/, docs/performance.md). It builds its own
// data set, starts the product on loopback, prints one table of figures and budgets, and stops what it
// started. Options: `npm run bench -- --only=web` (browser figures only), `--only=api`, `--only=push` (the
// credits pushed over the platform API only), `--only=webhooks` (the webhook deliveries only), `--only=mail` (the e-mail outbox only), `--build`, …
// Then the security fuzz of every API route (bench/fuzz.ts, its own process and database; fails on any 5xx),
// also alone with `--only=fuzz`.
// The older in-process benches stay as separate scripts: bench/credits-bench.ts, bench/estimate-batch-bench.ts.
import { spawnSync } from 'node:child_process';
import { runPerfBench } from './perf/main';

const argv = process.argv.slice(2);
const fuzzOnly = argv.includes('--only=fuzz');
const perfOnly =
  argv.some((arg) =>
    ['--only=api', '--only=web', '--only=push', '--only=webhooks', '--only=mail'].includes(arg),
  ) || ['api', 'web', 'push', 'webhooks', 'mail'].includes(process.env.BENCH_ONLY ?? '');
let exitCode = fuzzOnly ? 0 : await runPerfBench(argv);
if (fuzzOnly || !perfOnly) {
  const fuzz = spawnSync(process.execPath, ['--import', 'tsx', 'bench/fuzz.ts'], { stdio: 'inherit' });
  if (fuzz.status !== 0) exitCode = 1;
}
process.exitCode = exitCode;
