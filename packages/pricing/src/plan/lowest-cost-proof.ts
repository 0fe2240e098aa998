/*
 * The proof of the lowest Σcost, by raising a lower bound: a search pass (search.ts) wanting plans of cost
 * ≤ ceil(LB) finds one (optimal) or proves none exists (the bound rises); then ≤ LB + 1, + 3, + 7, …, capped
 * below the incumbent. On real portfolios the optimum is often ceil(LB) itself, and a search wanting only that
 * fixes nearly every credit.
 */

import type { Credits } from './credits-table';
import type { Core } from './reduction';
import type { Relaxation } from './relaxation';
import { type Plan, searchPass } from './search';

/** Up to this many free credits, one pass proves the cost: its whole tree (< 2^17 nodes) fits the budget. */
const SMALL_CORE = 16;

/**
 * Proves the lowest Σcost by raising the lower bound: a pass wanting plans of cost ≤ lower + step either
 * finds some (and ends proving the best of them optimal) or shows there is none (lower = ceiling + 1), with
 * steps 0, 1, 3, 7, …, capped below the incumbent. The passes share the budget. A small core goes straight to
 * the last pass, so its tree alone bounds the work.
 */
export function proveCost(
  credits: Credits,
  lp: Relaxation,
  wide: Core,
  incumbent: Plan,
  budget: number,
): { best: Plan; optimal: boolean; lowerBound: number } {
  let best = incumbent;
  let lower = lp.lowerBound;
  let step = wide.free.length <= SMALL_CORE ? Number.POSITIVE_INFINITY : 0;
  let nodesLeft = budget;
  while (lower < best.cost) {
    const ceiling = Math.min(lower + step, best.cost - 1);
    const pass = searchPass(credits, lp, wide, best, ceiling, 'cheaper', nodesLeft);
    best = pass.best;
    lower = Math.max(lower, pass.lowerBound());
    if (!pass.complete) break;
    nodesLeft -= pass.nodes;
    step = step * 2 + 1;
  }
  return { best, optimal: lower >= best.cost, lowerBound: Math.min(lower, best.cost) };
}
