/*
 * Step 1, the LP relaxation. Taking credits in the planning order until Σnet ≥ X stops at the break credit b;
 * the linear relaxation (fractions allowed) takes everything before b and the fraction of b still needed: a
 * lower bound LB on every plan, with dual price λ = cost_b/net_b. Only where b falls matters, not the order of
 * the rest, so b is found by weighted selection (quickselect, O(n)): the same b as sorting everything, without
 * sorting 100,000 credits; the search sorts its few.
 */

import { type Credits, ceilOfQuotient } from './credits-table';
import { partition } from './planning-order';

/**
 * Step 1: the LP relaxation. order[0, breakAt) are the credits before b (in no particular order), b =
 * order[breakAt].
 */
export type Relaxation = {
  amount: number;
  order: Int32Array;
  breakAt: number;
  breakCredit: number;
  /** Σnet and Σcost of the credits before b. */
  netBefore: number;
  costBefore: number;
  /** ceil(LB): costs are integers, so no plan costs less. */
  lowerBound: number;
};

/**
 * Finds b by weighted quickselect: partition around a pivot, keep the side where the running Σnet crosses the
 * amount. Expected O(n); the result is what sorting everything and summing in order would give.
 */
export function relax(credits: Credits, amount: number): Relaxation {
  const order = new Int32Array(credits.size);
  for (let i = 0; i < order.length; i++) order[i] = i;
  let lo = 0;
  let hi = order.length - 1;
  let netBefore = 0; // Σnet of order[0, lo), always below the amount
  while (lo < hi) {
    const p = partition(credits, order, lo, hi);
    let leftNet = 0;
    for (let i = lo; i < p; i++) leftNet += credits.net[order[i]!]!;
    if (netBefore + leftNet >= amount) {
      hi = p - 1;
    } else if (netBefore + leftNet + credits.net[order[p]!]! >= amount) {
      netBefore += leftNet;
      lo = p;
      break;
    } else {
      netBefore += leftNet + credits.net[order[p]!]!;
      lo = p + 1;
    }
  }
  let costBefore = 0;
  for (let i = 0; i < lo; i++) costBefore += credits.cost[order[i]!]!;
  const breakCredit = order[lo]!;
  const lowerBound =
    costBefore + ceilOfQuotient(amount - netBefore, credits.cost[breakCredit]!, credits.net[breakCredit]!);
  return { amount, order, breakAt: lo, breakCredit, netBefore, costBefore, lowerBound };
}
