// `npm run bench`: every benchmark in turn, each in its own process (each starts and removes its own
// PostgreSQL). They print figures; they are not tests and never fail on a slow machine.
import { spawnSync } from 'node:child_process';
import os from 'node:os';

const benches = ['bench/credits-bench.ts', 'bench/estimate-batch-bench.ts'];

console.log(
  `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);
let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', bench], { stdio: 'inherit' });
  if (status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
