/*
 * Step 2, the incumbents (upper bounds): the greedy set up to and including the break credit b, and everything
 * before b plus the cheapest single later credit that covers the rest, each after dropping (most expensive
 * first) every credit whose removal keeps Σnet ≥ X; the better one (incumbentOf). On large sets both overshoot
 * by far more than the optimum does, and the reduction is only as strong as the incumbent is close to LB, so a
 * short search over the 64 credits of smallest |reduced cost| improves it first (coreIncumbent).
 */

import type { Credits } from './credits-table';
import { comparePlans, memo, sortedIds } from './plan-ranking';
import { precedes } from './planning-order';
import { type Core, splitByReducedCost } from './reduction';
import type { Relaxation } from './relaxation';
import { CoreSearch, type Plan } from './search';

function planOf(credits: Credits, members: Int32Array, net: number, cost: number): Plan {
  return {
    cost,
    net,
    count: members.length,
    members: () => members,
    ids: memo(() => sortedIds(credits.id, members)),
  };
}

/** Is a before b in the drop order: most expensive first, then the larger net, then the smaller id? */
function dropsBefore(credits: Credits, a: number, b: number): boolean {
  const ca = credits.cost[a]!;
  const cb = credits.cost[b]!;
  if (ca !== cb) return ca > cb;
  const na = credits.net[a]!;
  const nb = credits.net[b]!;
  if (na !== nb) return na > nb;
  return credits.id[a]! < credits.id[b]!;
}

/**
 * Drops, most expensive first, every member whose removal keeps Σnet ≥ amount (costs are ≥ 0, so dropping
 * never costs more). The overshoot only shrinks, so a credit too big to drop stays too big: scanning once in
 * drop order is the greedy. Sorting tens of thousands of small credits would dominate the whole call, though,
 * so the first drops are found by scans that also discard what no longer fits, usually leaving a handful.
 */
function dropRedundant(
  credits: Credits,
  members: Int32Array,
  net: number,
  cost: number,
  amount: number,
): Plan {
  let overshoot = net - amount;
  let candidates = fitting(credits, members, overshoot, -1);
  if (candidates.length === 0) return planOf(credits, members, net, cost);
  const dropped = new Uint8Array(credits.size);
  let droppedCount = 0;
  const drop = (e: number) => {
    dropped[e] = 1;
    droppedCount++;
    overshoot -= credits.net[e]!;
    net -= credits.net[e]!;
    cost -= credits.cost[e]!;
  };
  while (candidates.length > 64) {
    let first = candidates[0]!;
    for (const e of candidates) if (dropsBefore(credits, e, first)) first = e;
    drop(first);
    const rest = fitting(credits, candidates, overshoot, first);
    const shrankEnough = rest.length <= candidates.length / 2;
    candidates = rest;
    if (!shrankEnough) break;
  }
  const ordered = Array.from(candidates).sort((a, b) => (dropsBefore(credits, a, b) ? -1 : 1));
  for (const e of ordered) if (credits.net[e]! <= overshoot) drop(e);
  const kept = new Int32Array(members.length - droppedCount);
  let next = 0;
  for (const e of members) if (dropped[e] === 0) kept[next++] = e;
  return planOf(credits, kept, net, cost);
}

/** The members with net ≤ room, except one. */
function fitting(credits: Credits, members: Int32Array, room: number, except: number): Int32Array {
  const out = new Int32Array(members.length);
  let count = 0;
  for (const e of members) if (credits.net[e]! <= room && e !== except) out[count++] = e;
  return out.subarray(0, count);
}

/** Step 2: the better of the two heuristic plans. */
export function incumbentOf(credits: Credits, lp: Relaxation): Plan {
  const { order, breakAt, breakCredit, netBefore, costBefore, amount } = lp;
  const greedy = dropRedundant(
    credits,
    order.slice(0, breakAt + 1),
    netBefore + credits.net[breakCredit]!,
    costBefore + credits.cost[breakCredit]!,
    amount,
  );
  // The cheapest single credit after b that covers what the credits before b leave (ties: smaller net,
  // order).
  const rest = amount - netBefore;
  let single = -1;
  for (let i = breakAt + 1; i < order.length; i++) {
    const e = order[i]!;
    if (credits.net[e]! < rest) continue;
    if (
      single < 0 ||
      credits.cost[e]! < credits.cost[single]! ||
      (credits.cost[e] === credits.cost[single] &&
        (credits.net[e]! < credits.net[single]! ||
          (credits.net[e] === credits.net[single] && precedes(credits, e, single))))
    ) {
      single = e;
    }
  }
  if (single < 0) return greedy;
  const members = order.slice(0, breakAt + 1);
  members[breakAt] = single;
  const patched = dropRedundant(
    credits,
    members,
    netBefore + credits.net[single]!,
    costBefore + credits.cost[single]!,
    amount,
  );
  return comparePlans(patched, greedy) < 0 ? patched : greedy;
}

/**
 * Credits in the heuristic core: enough near-break credits to trade overshoot for centavos, fast to search.
 */
const CORE_SIZE = 64;

/**
 * A better incumbent before the reduction: the CORE_SIZE credits of smallest |reduced cost| (where the LP
 * solution is least clear) are searched with every other credit fixed by the sign of its reduced cost. Only a
 * heuristic (any fixing gives valid plans), but the reduction is only as strong as the incumbent is close to
 * LB, and on large sets the greedy plans overshoot by far more than the optimum does.
 */
export function coreIncumbent(
  credits: Credits,
  lp: Relaxation,
  wide: Core,
  incumbent: Plan,
  budget: number,
): { best: Plan; nodes: number } {
  if (wide.free.length <= CORE_SIZE || incumbent.cost <= lp.lowerBound) return { best: incumbent, nodes: 0 };
  const nb = credits.net[lp.breakCredit]!;
  const cb = credits.cost[lp.breakCredit]!;
  const magnitudes = new Float64Array(wide.free.length);
  for (let i = 0; i < magnitudes.length; i++) {
    const e = wide.free[i]!;
    magnitudes[i] = Math.abs(credits.cost[e]! * nb - cb * credits.net[e]!);
  }
  const kth = kthSmallest(magnitudes, CORE_SIZE);
  // Many credits tied at that reduced cost (equal ratios): this would be the proof's search, not a short one.
  let tied = 0;
  for (const magnitude of magnitudes) if (magnitude <= kth) tied++;
  if (tied > 4 * CORE_SIZE) return { best: incumbent, nodes: 0 };
  const core = splitByReducedCost(credits, lp, BigInt(Math.ceil(kth)), wide);
  const { best, nodes } = new CoreSearch(credits, lp.amount, core, 'cheaper').run(
    incumbent,
    incumbent.cost - 1,
    budget,
  );
  return { best, nodes };
}

/** The k-th smallest value (k ≥ 1), by quickselect; reorders values. */
function kthSmallest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return values[target]!;
  }
  return values[target]!;
}
