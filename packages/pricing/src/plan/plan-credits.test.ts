import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlanItem, type PlanResult, planCreditColumns, planCredits } from './plan-credits';

const credit = (id: number, netCents: bigint, costCents: bigint): PlanItem => ({ id, netCents, costCents });

type Reference = { ids: number[]; net: bigint; cost: bigint };

/**
 * The reference: every subset (2^n), the rules applied literally: Σnet ≥ amount at the lowest Σcost, then the
 * lowest Σnet, then fewer credits, then the smaller ascending id list. null when no subset reaches the
 * amount.
 */
function exhaustive(items: readonly PlanItem[], amount: bigint): Reference | null {
  const eligible = items.filter((item) => item.netCents > 0n);
  const n = eligible.length;
  const net: bigint[] = new Array(1 << n).fill(0n);
  const cost: bigint[] = new Array(1 << n).fill(0n);
  let best: { mask: number; ids: number[] } | null = null;
  const idsOf = (mask: number) =>
    eligible
      .filter((_, i) => mask & (1 << i))
      .map((item) => item.id)
      .sort((a, b) => a - b);
  for (let mask = 1; mask < 1 << n; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    net[mask] = net[mask & (mask - 1)]! + eligible[low]!.netCents;
    cost[mask] = cost[mask & (mask - 1)]! + eligible[low]!.costCents;
    if (net[mask]! < amount) continue;
    if (best === null) {
      best = { mask, ids: idsOf(mask) };
      continue;
    }
    const [c, b] = [cost[mask]!, cost[best.mask]!];
    if (c > b) continue;
    if (c === b && net[mask]! > net[best.mask]!) continue;
    const ids = idsOf(mask);
    if (c === b && net[mask] === net[best.mask]) {
      if (ids.length > best.ids.length) continue;
      if (ids.length === best.ids.length && compareIdLists(ids, best.ids) >= 0) continue;
    }
    best = { mask, ids };
  }
  return best && { ids: best.ids, net: net[best.mask]!, cost: cost[best.mask]! };
}

function compareIdLists(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

const sumNet = (items: readonly PlanItem[]) =>
  items.reduce((sum, item) => (item.netCents > 0n ? sum + item.netCents : sum), 0n);

function expectPlan(result: PlanResult): Extract<PlanResult, { kind: 'plan' }> {
  if (result.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(result, bigintJson)}`);
  return result;
}

const bigintJson = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

describe('planCredits: worked examples', () => {
  it('a big credit at the best ratio overshoots: two small dearer-ratio credits cost less', () => {
    // R$ 100,00 wanted. A: R$ 1.000,00 net at 1 % (R$ 10,00); B and C: R$ 50,00 each at 2 % (R$ 1,00 each).
    // Greedy by ratio takes A alone (R$ 10,00); B + C reach exactly R$ 100,00 for R$ 2,00.
    const items = [credit(1, 100_000n, 1_000n), credit(2, 5_000n, 100n), credit(3, 5_000n, 100n)];
    expect(planCredits(items, 10_000n)).toEqual({
      kind: 'plan',
      ids: [2, 3],
      netCents: 10_000n,
      costCents: 200n,
      optimal: true,
      lowerBoundCents: 200n,
    });
  });

  it('with no search budget, the heuristic plan comes back unproven, with the LP lower bound', () => {
    const items = [credit(1, 100_000n, 1_000n), credit(2, 5_000n, 100n), credit(3, 5_000n, 100n)];
    // LB = 10.000/100.000 of A's R$ 10,00 = R$ 1,00: the greedy R$ 10,00 is at most R$ 9,00 too dear.
    expect(planCredits(items, 10_000n, { nodeBudget: 0 })).toEqual({
      kind: 'plan',
      ids: [1],
      netCents: 100_000n,
      costCents: 1_000n,
      optimal: false,
      lowerBoundCents: 100n,
    });
  });

  it('less overshoot is not always cheaper: 1.100 for 27 beats exactly 1.000 for 30', () => {
    // 1.000 wanted. 10: 1.000 for 30 (3 %) covers it exactly. 11: 600 for 12 (2 %) and 12: 500 for 15 (3 %).
    const items = [credit(10, 1_000n, 30n), credit(11, 600n, 12n), credit(12, 500n, 15n)];
    const plan = expectPlan(planCredits(items, 1_000n));
    expect([plan.ids, plan.costCents, plan.netCents]).toEqual([[11, 12], 27n, 1_100n]);
  });

  it('ties on cost: the smaller Σnet (less overshoot) wins', () => {
    const items = [credit(1, 1_500n, 30n), credit(2, 1_200n, 30n)];
    expect(expectPlan(planCredits(items, 1_000n)).ids).toEqual([2]);
  });

  it('ties on cost and net: fewer credits win', () => {
    const items = [credit(1, 500n, 10n), credit(2, 500n, 10n), credit(3, 1_000n, 20n)];
    expect(expectPlan(planCredits(items, 1_000n)).ids).toEqual([3]);
  });

  it('ties on everything: the smaller ids win, whatever the input order', () => {
    const items = [credit(7, 1_000n, 20n), credit(3, 1_000n, 20n), credit(5, 1_000n, 20n)];
    expect(expectPlan(planCredits(items, 1_000n)).ids).toEqual([3]);
    expect(expectPlan(planCredits(items, 2_000n)).ids).toEqual([3, 5]);
    expect(expectPlan(planCredits([...items].reverse(), 2_000n)).ids).toEqual([3, 5]);
  });

  it('not enough: the reachable maximum is Σnet of the eligible credits', () => {
    const items = [credit(1, 400n, 8n), credit(2, 500n, 10n), credit(3, 0n, 0n), credit(4, -50n, 0n)];
    expect(planCredits(items, 901n)).toEqual({ kind: 'notEnough', reachableCents: 900n });
    expect(planCredits([], 1n)).toEqual({ kind: 'notEnough', reachableCents: 0n });
  });

  it('an amount exactly reachable only with every credit takes them all', () => {
    const items = [credit(1, 400n, 8n), credit(2, 500n, 10n), credit(3, 600n, 30n)];
    const plan = expectPlan(planCredits(items, 1_500n));
    expect([plan.ids, plan.netCents, plan.costCents, plan.optimal]).toEqual([[1, 2, 3], 1_500n, 48n, true]);
  });

  it('zero-cost credits come first, the smaller Σnet among them', () => {
    const items = [credit(1, 600n, 0n), credit(2, 500n, 0n), credit(3, 2_000n, 0n), credit(4, 1_000n, 5n)];
    const plan = expectPlan(planCredits(items, 1_000n));
    expect([plan.ids, plan.netCents, plan.costCents]).toEqual([[1, 2], 1_100n, 0n]);
  });

  it('credits with net ≤ 0 are never chosen', () => {
    const items = [credit(1, 0n, 0n), credit(2, -100n, 0n), credit(3, 1_000n, 50n)];
    expect(expectPlan(planCredits(items, 1n)).ids).toEqual([3]);
  });

  it("the caller's errors: amount ≤ 0, a negative cost, a negative budget", () => {
    expect(() => planCredits([credit(1, 100n, 1n)], 0n)).toThrow(RangeError);
    expect(() => planCredits([credit(1, 100n, 1n)], -5n)).toThrow(RangeError);
    expect(() => planCredits([credit(1, 100n, -1n)], 50n)).toThrow(RangeError);
    expect(() => planCredits([credit(1, 100n, 1n)], 50n, { nodeBudget: -1 })).toThrow(RangeError);
  });

  it('figures beyond 2^53 centavos take the BigInt path, with the same answer', () => {
    const big = 10n ** 16n; // R$ 100 trillion: absurd, but exact
    const items = [
      credit(1, 10n * big, big),
      credit(2, 5n * big + 1n, big / 4n),
      credit(3, 5n * big, big / 4n),
    ];
    expect(planCredits(items, 10n * big)).toEqual({
      kind: 'plan',
      ids: [2, 3],
      netCents: 10n * big + 1n,
      costCents: big / 2n,
      optimal: true,
      lowerBoundCents: big / 2n,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Property tests against the exhaustive reference.

/** Unique ids for a list of credits (order scrambled by the draw, not by position). */
const withIds = (shapes: fc.Arbitrary<{ net: bigint; cost: bigint }[]>) =>
  shapes.chain((rows) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: rows.length, maxLength: rows.length })
      .map((ids) => rows.map((row, i) => credit(ids[i]!, row.net, row.cost))),
  );

/** Realistic: net R$ 0,01 to R$ 100.000,00, cost 0 to 20 % of net. */
const realistic = fc
  .record({ net: fc.bigInt({ min: 1n, max: 10_000_000n }), bp: fc.integer({ min: 0, max: 2_000 }) })
  .map(({ net, bp }) => ({ net, cost: (net * BigInt(bp)) / 10_000n }));

/** All at one exact ratio p/q: every plan costs ratio × Σnet, so the tie rules do all the work. */
const equalRatios = fc
  .record({ q: fc.integer({ min: 1, max: 50 }), p: fc.integer({ min: 0, max: 10 }) })
  .chain(({ p, q }) =>
    fc.array(
      fc.integer({ min: 1, max: 200_000 }).map((a) => ({ net: BigInt(q * a), cost: BigInt(p * a) })),
      { maxLength: 14, size: 'max' },
    ),
  );

/** A few huge credits among many small ones. */
const hugeAmongSmall = fc
  .tuple(
    fc.array(
      fc.record({
        net: fc.bigInt({ min: 1_000_000n, max: 10_000_000n }),
        bp: fc.integer({ min: 0, max: 2_000 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    fc.array(
      fc.record({ net: fc.bigInt({ min: 1n, max: 1_000n }), bp: fc.integer({ min: 0, max: 2_000 }) }),
      {
        maxLength: 11,
        size: 'max',
      },
    ),
  )
  .map(([huge, small]) =>
    [...huge, ...small].map(({ net, bp }) => ({ net, cost: (net * BigInt(bp)) / 10_000n })),
  );

/** Few distinct figures, repeated: identical credits, zero costs, equal sums, and nets ≤ 0 to ignore. */
const repeated = fc.array(
  fc.record({
    net: fc.constantFrom(100n, 200n, 300n, 500n, 0n, -100n),
    cost: fc.constantFrom(0n, 1n, 2n, 5n, 10n),
  }),
  {
    maxLength: 14,
    size: 'max',
  },
);

const creditSets = fc.oneof(
  { arbitrary: withIds(fc.array(realistic, { maxLength: 14, size: 'max' })), weight: 4 },
  { arbitrary: withIds(equalRatios), weight: 2 },
  { arbitrary: withIds(hugeAmongSmall), weight: 2 },
  { arbitrary: withIds(repeated), weight: 2 },
);

/** Items and an amount: anywhere up to 10 % beyond Σnet, exactly Σnet, or exactly some subset's Σnet. */
const instances = creditSets.chain((items) => {
  const total = sumNet(items);
  return fc
    .oneof(
      fc.bigInt({ min: 1n, max: total + total / 10n + 1n }),
      fc.constant(total > 0n ? total : 1n),
      fc.subarray(items).map((subset) => (sumNet(subset) > 0n ? sumNet(subset) : 1n)),
    )
    .map((amount) => ({ items, amount }));
});

describe('planCredits: properties against every subset (up to 14 credits)', () => {
  it('never short, never dearer than the optimum, notEnough exactly when Σnet < amount', () => {
    let runs = 0;
    let exactlyOptimal = 0;
    let maxExcessPercent = 0;
    fc.assert(
      fc.property(instances, ({ items, amount }) => {
        runs++;
        const result = planCredits(items, amount);
        const reference = exhaustive(items, amount);
        const total = sumNet(items);
        // (c) notEnough exactly when Σnet < amount, with reachable = Σnet.
        if (reference === null) {
          expect(total).toBeLessThan(amount);
          expect(result).toEqual({ kind: 'notEnough', reachableCents: total });
          exactlyOptimal++;
          return;
        }
        const plan = expectPlan(result);
        // (a) the figures are the chosen credits' (ids are unique here), and never short.
        const byId = new Map(items.map((item) => [item.id, item]));
        const chosen = plan.ids.map((id) => byId.get(id)!);
        expect(chosen.every((item) => item !== undefined && item.netCents > 0n)).toBe(true);
        expect(plan.ids).toEqual([...new Set(plan.ids)].sort((a, b) => a - b));
        expect(plan.netCents).toBe(chosen.reduce((sum, item) => sum + item.netCents, 0n));
        expect(plan.costCents).toBe(chosen.reduce((sum, item) => sum + item.costCents, 0n));
        expect(plan.netCents).toBeGreaterThanOrEqual(amount);
        // (b) never dearer than the optimum by more than 0.5 %, and the lower bound is one.
        const excess = plan.costCents - reference.cost;
        expect(excess * 1_000n).toBeLessThanOrEqual(reference.cost * 5n);
        expect(plan.lowerBoundCents).toBeLessThanOrEqual(reference.cost);
        if (excess === 0n) exactlyOptimal++;
        else maxExcessPercent = Math.max(maxExcessPercent, (100 * Number(excess)) / Number(reference.cost));
        // What `optimal` promises: the lowest cost, and here (the whole tree fits the budget) every tie rule.
        if (plan.optimal) {
          expect({ ids: plan.ids, net: plan.netCents, cost: plan.costCents }).toEqual(reference);
          expect(plan.lowerBoundCents).toBe(plan.costCents);
        }
      }),
      { numRuns: 1_200 },
    );
    console.log(
      `planner: ${exactlyOptimal}/${runs} exactly optimal (max excess ${maxExcessPercent.toFixed(3)} %)`,
    );
    expect(runs).toBeGreaterThanOrEqual(1_000);
  }, 120_000);

  it('on a tiny node budget: still a plan, and the lower bound still bounds the optimum', () => {
    fc.assert(
      fc.property(instances, fc.integer({ min: 0, max: 40 }), ({ items, amount }, nodeBudget) => {
        const reference = exhaustive(items, amount);
        const result = planCredits(items, amount, { nodeBudget });
        if (reference === null) return void expect(result.kind).toBe('notEnough');
        const plan = expectPlan(result);
        expect(plan.netCents).toBeGreaterThanOrEqual(amount);
        expect(plan.lowerBoundCents).toBeLessThanOrEqual(reference.cost);
        expect(plan.costCents).toBeGreaterThanOrEqual(reference.cost);
        if (plan.optimal) expect(plan.costCents).toBe(reference.cost);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('repeated ids: the tie rules still hold on the id lists', () => {
    const duplicated = fc
      .array(
        fc.record({
          id: fc.integer({ min: 1, max: 6 }),
          net: fc.constantFrom(100n, 200n, 300n),
          cost: fc.constantFrom(0n, 2n, 4n, 6n),
        }),
        { maxLength: 12, size: 'max' },
      )
      .map((rows) => rows.map((row) => credit(row.id, row.net, row.cost)));
    fc.assert(
      fc.property(duplicated, fc.integer({ min: 1, max: 2_000 }), (items, amount) => {
        const reference = exhaustive(items, BigInt(amount));
        const result = planCredits(items, BigInt(amount));
        if (reference === null) return void expect(result.kind).toBe('notEnough');
        const plan = expectPlan(result);
        expect({ ids: plan.ids, net: plan.netCents, cost: plan.costCents }).toEqual(reference);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('figures beyond 2^53 (the BigInt path) give the exhaustive answer too', () => {
    const huge = withIds(
      fc.array(
        fc
          .record({ net: fc.bigInt({ min: 1n, max: 10n ** 17n }), bp: fc.integer({ min: 0, max: 2_000 }) })
          .map(({ net, bp }) => ({ net, cost: (net * BigInt(bp)) / 10_000n })),
        { minLength: 1, maxLength: 10, size: 'max' },
      ),
    ).chain((items) => fc.bigInt({ min: 1n, max: sumNet(items) + 1n }).map((amount) => ({ items, amount })));
    fc.assert(
      fc.property(huge, ({ items, amount }) => {
        const reference = exhaustive(items, amount);
        const result = planCredits(items, amount);
        if (reference === null)
          return void expect(result).toEqual({ kind: 'notEnough', reachableCents: sumNet(items) });
        const plan = expectPlan(result);
        expect(plan.optimal).toBe(true);
        expect({ ids: plan.ids, net: plan.netCents, cost: plan.costCents }).toEqual(reference);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('large figures (products beyond 2^53, sums below): the exact comparisons hold', () => {
    const large = withIds(
      fc.array(
        fc
          .record({
            net: fc.bigInt({ min: 1_000_000_000n, max: 1_000_000_000_000n }),
            bp: fc.integer({ min: 0, max: 2_000 }),
          })
          .map(({ net, bp }) => ({ net, cost: (net * BigInt(bp)) / 10_000n })),
        { minLength: 1, maxLength: 12, size: 'max' },
      ),
    ).chain((items) => fc.bigInt({ min: 1n, max: sumNet(items) }).map((amount) => ({ items, amount })));
    fc.assert(
      fc.property(large, ({ items, amount }) => {
        const plan = expectPlan(planCredits(items, amount));
        expect(plan.optimal).toBe(true);
        expect({ ids: plan.ids, net: plan.netCents, cost: plan.costCents }).toEqual(
          exhaustive(items, amount),
        );
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

/**
 * The lowest Σcost reaching the amount, by dynamic programming over Σnet (small nets only): the reference for
 * sets too large for every subset, where the core heuristic, the reduction and the raised bounds all work.
 */
function lowestCost(items: readonly PlanItem[], amount: number): number | null {
  const eligible = items.filter((item) => item.netCents > 0n);
  const total = Number(sumNet(eligible));
  if (total < amount) return null;
  const cheapest = new Float64Array(total + 1).fill(Number.POSITIVE_INFINITY); // by exact Σnet
  cheapest[0] = 0;
  for (const item of eligible) {
    const [net, cost] = [Number(item.netCents), Number(item.costCents)];
    for (let sum = total; sum >= net; sum--) {
      cheapest[sum] = Math.min(cheapest[sum]!, cheapest[sum - net]! + cost);
    }
  }
  return Math.min(...cheapest.subarray(amount));
}

describe('planCredits: 70 to 200 credits against a dynamic programme', () => {
  it('never short, never below the lower bound, and the optimum when it says so', () => {
    const row = fc.oneof(
      fc
        .record({ net: fc.integer({ min: 1, max: 400 }), bp: fc.integer({ min: 0, max: 2_000 }) })
        .map(({ net, bp }) => ({ net: BigInt(net), cost: BigInt(Math.floor((net * bp) / 10_000)) })),
      fc.integer({ min: 1, max: 80 }).map((a) => ({ net: BigInt(5 * a), cost: BigInt(a) })),
      fc.record({ net: fc.constantFrom(100n, 250n, 400n), cost: fc.constantFrom(0n, 3n, 8n) }),
    );
    const sets = withIds(fc.array(row, { minLength: 70, maxLength: 200, size: 'max' })).chain((items) =>
      fc.integer({ min: 1, max: Number(sumNet(items)) }).map((amount) => ({ items, amount })),
    );
    let proven = 0;
    fc.assert(
      fc.property(sets, ({ items, amount }) => {
        const optimum = lowestCost(items, amount)!;
        const plan = expectPlan(planCredits(items, BigInt(amount)));
        const byId = new Map(items.map((item) => [item.id, item]));
        const chosen = plan.ids.map((id) => byId.get(id)!);
        expect(plan.netCents).toBe(chosen.reduce((sum, item) => sum + item.netCents, 0n));
        expect(plan.costCents).toBe(chosen.reduce((sum, item) => sum + item.costCents, 0n));
        expect(plan.netCents).toBeGreaterThanOrEqual(BigInt(amount));
        expect(Number(plan.costCents)).toBeGreaterThanOrEqual(optimum);
        expect(Number(plan.lowerBoundCents)).toBeLessThanOrEqual(optimum);
        if (plan.optimal) {
          proven++;
          expect(Number(plan.costCents)).toBe(optimum);
        }
      }),
      { numRuns: 150 },
    );
    expect(proven).toBeGreaterThan(100);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------
// Speed: the API reads 100,000 rows and plans them within a p95 of 200 ms.

/** A small seeded generator (mulberry32), so the timed set is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('planCredits: 100,000 credits', () => {
  // The budget itself (POST plans p95 ≤ 200 ms over 100,000 credits, reading them included) is measured by
  // `npm run bench`, on a quiet machine. Here, beside the suite's other workers on 2 cores, the choice took up to
  // 120 ms in CI (15–50 ms alone), and once 885 ms (2026-11-29, the next amount 317 ms): a worker descheduled
  // or collecting garbage. The bound only catches an order-of-magnitude regression, not a budget, so each
  // amount is planned three times and its fastest counts: interference only ever adds time, a slower planner
  // slows every try.
  it('plans in well under a second', () => {
    const random = seeded(20_260_301);
    const items: PlanItem[] = [];
    for (let id = 1; id <= 100_000; id++) {
      const net = 1 + Math.floor(random() * 10_000_000);
      items.push(credit(id, BigInt(net), BigInt(Math.floor(net * random() * 0.2))));
    }
    const total = sumNet(items);
    planCredits(items, total / 3n); // warm-up: the API process is warm too
    const timings: string[] = [];
    let slowest = 0;
    for (const percent of [1n, 10n, 50n, 90n]) {
      let elapsed = Number.POSITIVE_INFINITY;
      let planned: PlanResult | undefined;
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = performance.now();
        planned = planCredits(items, (total * percent) / 100n);
        elapsed = Math.min(elapsed, performance.now() - started);
      }
      const plan = expectPlan(planned!);
      slowest = Math.max(slowest, elapsed);
      // The figures are the chosen credits' (id n is items[n - 1]), and reach the amount.
      const chosen = plan.ids.map((id) => items[id - 1]!);
      expect(plan.netCents).toBe(chosen.reduce((sum, item) => sum + item.netCents, 0n));
      expect(plan.costCents).toBe(chosen.reduce((sum, item) => sum + item.costCents, 0n));
      expect(plan.netCents).toBeGreaterThanOrEqual((total * percent) / 100n);
      expect(plan.lowerBoundCents).toBeLessThanOrEqual(plan.costCents);
      timings.push(
        `${percent} %: ${elapsed.toFixed(1)} ms${plan.optimal ? '' : ` (gap ${plan.costCents - plan.lowerBoundCents})`}`,
      );
    }
    console.log(`planner: 100,000 credits, amount at ${timings.join(', ')}`);
    expect(slowest).toBeLessThan(600);
  }, 60_000);
});

describe('planCreditColumns', () => {
  it('answers exactly what planCredits answers for the same credits as columns', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            net: fc.integer({ min: 1, max: 10_000_000 }),
            share: fc.double({ min: 0, max: 0.2, noNaN: true }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        fc.double({ min: 0.01, max: 1.2, noNaN: true }),
        (rows, fraction) => {
          const items = rows.map((row, i) => ({
            id: i + 1,
            netCents: BigInt(row.net),
            costCents: BigInt(Math.floor(row.net * row.share)),
          }));
          const total = rows.reduce((sum, row) => sum + row.net, 0);
          const amount = BigInt(Math.max(1, Math.floor(total * fraction)));
          const columns = {
            ids: items.map((item) => item.id),
            netCents: new Float64Array(items.map((item) => Number(item.netCents))),
            costCents: new Float64Array(items.map((item) => Number(item.costCents))),
          };
          expect(planCreditColumns(columns, amount)).toEqual(planCredits(items, amount));
        },
      ),
      { numRuns: 300 },
    );
  });
});
