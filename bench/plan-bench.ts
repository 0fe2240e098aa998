/*
 * The cash planner's optimisation (@portal/pricing planCredits) over 100,000 credits, in process: 50 runs per
 * data set with the amount at 1 %, 10 %, 50 % and 90 % of Σnet (each a little moved run to run), after a few
 * warm-up runs (the API process is warm). Two data sets, seeded so every run of the bench plans the same
 * ones:
 *   - uniform: net R$ 0,01 to R$ 100.000,00, cost 0 to 20 % of net (the property tests' shape);
 *   - priced:  net R$ 100 to R$ 100.000 (log-uniform), cost from 1.5 % a month over 1 to 180 days plus a
 *              0.5 % fee, rounded down: ratios cluster by due date, the hard case for proving optimality.
 * Prints p50/p95/max per set, how many plans were proven optimal, and the largest certified gap of the rest.
 * Run: node --import tsx bench/plan-bench.ts  (a few seconds)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type PlanItem, planCredits } from '@portal/pricing';

const CREDITS = 100_000;
const RUNS = 50;
const WARMUP = 5;
const SHARES = [0.01, 0.1, 0.5, 0.9];

/** mulberry32: a small seeded generator. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function uniformCredits(random: () => number): PlanItem[] {
  return Array.from({ length: CREDITS }, (_, i) => {
    const net = 1 + Math.floor(random() * 10_000_000);
    return { id: i + 1, netCents: BigInt(net), costCents: BigInt(Math.floor(net * random() * 0.2)) };
  });
}

function pricedCredits(random: () => number): PlanItem[] {
  return Array.from({ length: CREDITS }, (_, i) => {
    const net = Math.floor(10 ** (4 + 3 * random()));
    const days = 1 + Math.floor(random() * 180);
    const cost = Math.floor(net * ((0.015 * days) / 30 + 0.005));
    return { id: i + 1, netCents: BigInt(net), costCents: BigInt(cost) };
  });
}

type Figures = { p50: number; p95: number; max: number; optimal: number; largestGap: bigint };

function planMany(items: readonly PlanItem[], random: () => number): Figures {
  const total = items.reduce((sum, item) => sum + item.netCents, 0n);
  const amountAt = (run: number) => {
    const share = SHARES[run % SHARES.length]! * (0.95 + 0.1 * random());
    return (total * BigInt(Math.round(share * 1_000_000))) / 1_000_000n;
  };
  for (let run = 0; run < WARMUP; run++) planCredits(items, amountAt(run));
  const samples: number[] = [];
  let optimal = 0;
  let largestGap = 0n;
  for (let run = 0; run < RUNS; run++) {
    const amount = amountAt(run);
    const started = performance.now();
    const result = planCredits(items, amount);
    samples.push(performance.now() - started);
    if (result.kind !== 'plan') throw new Error(`planned ${amount} of ${total}: ${result.kind}`);
    if (result.optimal) optimal++;
    else if (result.costCents - result.lowerBoundCents > largestGap) {
      largestGap = result.costCents - result.lowerBoundCents;
    }
  }
  const sorted = samples.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]!, optimal, largestGap };
}

const format = (name: string, f: Figures) =>
  `${name.padEnd(8)} runs ${RUNS}  p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms  proven optimal ${f.optimal}/${RUNS}${f.optimal < RUNS ? `  (the others within ${f.largestGap} centavos of the optimum at most)` : ''}`;

console.log(
  `node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}; ${CREDITS.toLocaleString('en')} credits, amount at ${SHARES.map((s) => `${s * 100} %`).join(', ')} of Σnet`,
);
const random = seeded(20_260_301);
for (const [name, items] of [
  ['uniform', uniformCredits(random)],
  ['priced', pricedCredits(random)],
] as const) {
  console.log(format(name, planMany(items, random)));
}
