/*
 * The BigInt path, for figures or totals beyond 2^53: the same relaxation, greedy incumbent and branch and
 * bound, without the reduction, in one pass that also follows equal-cost branches (so `optimal` there also
 * means the tie rules were applied exhaustively). Sorted with a comparator: slow, but only absurd data comes
 * here.
 */

import { type Choice, comparePlans, memo, planResult, sortedIds } from './plan-ranking';
import type { PlanItem, PlanResult } from './plan-types';

type BigCredit = { id: number; net: bigint; cost: bigint; position: number };

export function planInBigint(items: readonly PlanItem[], amount: bigint, budget: number): PlanResult {
  const credits: BigCredit[] = [];
  let totalNet = 0n;
  for (const item of items) {
    if (item.netCents <= 0n) continue;
    if (item.costCents < 0n) {
      throw new RangeError(`costCents must not be negative (credit ${item.id}: ${item.costCents})`);
    }
    credits.push({ id: item.id, net: item.netCents, cost: item.costCents, position: credits.length });
    totalNet += item.netCents;
  }
  if (totalNet < amount) return { kind: 'notEnough', reachableCents: totalNet };
  credits.sort((a, b) => {
    const cross = a.cost * b.net - b.cost * a.net;
    if (cross !== 0n) return cross < 0n ? -1 : 1;
    if (a.net !== b.net) return a.net > b.net ? -1 : 1;
    return a.id - b.id || a.position - b.position;
  });
  const size = credits.length;
  const prefixNet: bigint[] = [0n];
  const prefixCost: bigint[] = [0n];
  for (const c of credits) {
    prefixNet.push(prefixNet[prefixNet.length - 1]! + c.net);
    prefixCost.push(prefixCost[prefixCost.length - 1]! + c.cost);
  }
  const idOf = Float64Array.from(credits, (c) => c.id);
  const choice = (members: number[], net: bigint, cost: bigint): Choice<bigint> => ({
    cost,
    net,
    count: members.length,
    ids: memo(() => sortedIds(idOf, members)),
  });
  /** Smallest j ≥ k with prefixNet[j + 1] ≥ target (target ≤ prefixNet[size]). */
  const breakFrom = (k: number, target: bigint) => {
    let lo = k;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (prefixNet[mid + 1]! >= target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const b = breakFrom(0, amount);
  const lowerBound = prefixCost[b]! + ceilDiv((amount - prefixNet[b]!) * credits[b]!.cost, credits[b]!.net);

  // The greedy incumbent, after dropping (most expensive first) what the overshoot allows.
  let overshoot = prefixNet[b + 1]! - amount;
  let greedyCost = prefixCost[b + 1]!;
  const dropOrder = Array.from({ length: b + 1 }, (_, i) => i)
    .filter((i) => credits[i]!.net <= overshoot)
    .sort((x, y) => {
      const cx = credits[x]!;
      const cy = credits[y]!;
      if (cx.cost !== cy.cost) return cx.cost > cy.cost ? -1 : 1;
      return cx.net === cy.net ? x - y : cx.net > cy.net ? -1 : 1;
    });
  const dropped = new Set<number>();
  for (const i of dropOrder) {
    if (credits[i]!.net <= overshoot) {
      dropped.add(i);
      overshoot -= credits[i]!.net;
      greedyCost -= credits[i]!.cost;
    }
  }
  const greedy = Array.from({ length: b + 1 }, (_, i) => i).filter((i) => !dropped.has(i));
  let best = choice(greedy, amount + overshoot, greedyCost);

  const path: number[] = [];
  let k = 0;
  let pathNet = 0n;
  let pathCost = 0n;
  let nodes = 0;
  for (;;) {
    if (nodes >= budget) return planResult(best, false, lowerBound);
    nodes++;
    let include = false;
    if (pathNet >= amount) {
      const found = choice(path.slice(), pathNet, pathCost);
      if (comparePlans(found, best) < 0) best = found;
    } else if (k < size) {
      const target = prefixNet[k]! + (amount - pathNet);
      if (target <= prefixNet[size]!) {
        const j = breakFrom(k, target);
        const room = best.cost - (pathCost + prefixCost[j]! - prefixCost[k]!);
        // LP bound ≤ best.cost, i.e. (target − prefixNet[j])·cost_j ≤ room·net_j: an equal-cost plan may
        // exist.
        include = room >= 0n && (target - prefixNet[j]!) * credits[j]!.cost <= room * credits[j]!.net;
      }
    }
    if (include) {
      path.push(k);
      pathNet += credits[k]!.net;
      pathCost += credits[k]!.cost;
      k++;
      continue;
    }
    const t = path.pop();
    if (t === undefined) return planResult(best, true, best.cost);
    pathNet -= credits[t]!.net;
    pathCost -= credits[t]!.cost;
    k = t + 1;
  }
}

function ceilDiv(a: bigint, d: bigint): bigint {
  return (a + d - 1n) / d;
}
