/*
 * The cash planner's optimisation: "I need R$ X net": among the supplier's eligible credits, the set whose
 * Σnet ≥ X at the lowest Σcost (cost = what is withheld: discount + fees + IOF). A credit's figures do not
 * depend on which others are chosen, so this is a covering (minimisation) 0-1 knapsack:
 *     minimise Σ cost_i·x_i  subject to  Σ net_i·x_i ≥ X,  x_i ∈ {0, 1}.
 * Ties: the smaller Σnet (less overshoot), then fewer credits, then the smaller ascending list of ids
 * (plan-ranking.ts).
 *
 * This file is the public API and the dispatch. The method (LP relaxation, reduction, branch and bound: the
 * "core" approach of Balas–Zemel, Martello–Toth and Pisinger), one file per step:
 *  1. relaxation.ts: order by cost/net ascending (planning-order.ts); taking credits in that order until
 *     Σnet ≥ X stops at the break credit b, and the LP relaxation gives a lower bound LB with dual price
 *     λ = cost_b/net_b. b is found by weighted quickselect, O(n), without sorting the credits.
 *  2. incumbents.ts: upper bounds: the greedy plan and a patched one, without their redundant credits, then
 *     improved by a short search over the 64 credits of smallest |reduced cost|.
 *  3. reduction.ts: by the reduced costs r_i = cost_i − λ·net_i, credits are fixed out of (or into) every plan
 *     that could beat what is wanted, in exact arithmetic.
 *  4. search.ts: depth-first branch and bound over the credits left free, in ratio order, pruning with the LP
 *     bound and Martello–Toth's "break credit in or out" bound.
 * The lowest cost is proven by raising a lower bound (lowest-cost-proof.ts): searches wanting plans of cost
 * ≤ ceil(LB), then ≤ LB + 1, + 3, + 7, …, capped below the incumbent. A last search applies the tie rules
 * among the plans of that cost (planInNumbers below; a quarter of the budget more).
 * Why `optimal: true` is exact: steps 3 and 4 discard only plans proven no better than one held, so a search
 * that ends within its node budget has seen every plan that could beat the answer. It is always exact on
 * small sets: n free credits make fewer than 2^(n+1) nodes, so with up to 16 left free the default budget
 * proves the cost, and up to 14 the tie rules too. When the budget runs out, the incumbent comes back with
 * `optimal: false` and a certified lower bound (the smallest bound among the branches not explored).
 *
 * Arithmetic: centavos as plain numbers (credits-table.ts) when every figure and both totals are safe
 * integers, which is every real portfolio; otherwise the method runs in BigInt (plan-bigint.ts: slower,
 * without the reduction; only absurd data takes it).
 */

import { type Credits, loadCreditColumns, loadCredits } from './credits-table';
import { coreIncumbent, incumbentOf } from './incumbents';
import { proveCost } from './lowest-cost-proof';
import { planInBigint } from './plan-bigint';
import { planResult } from './plan-ranking';
import type { PlanColumns, PlanItem, PlanResult } from './plan-types';
import { sortInPlanningOrder } from './planning-order';
import { reduceByReducedCosts } from './reduction';
import { relax } from './relaxation';
import { searchPass } from './search';

export type { PlanColumns, PlanItem, PlanResult } from './plan-types';

export type PlanOptions = {
  /**
   * Branch-and-bound nodes for finding and proving the lowest Σcost (default 200,000, some 10 to 20 ms);
   * applying the tie rules among the plans of that cost may take a quarter as many more.
   */
  nodeBudget?: number;
};

export const DEFAULT_PLAN_NODE_BUDGET = 200_000;

/**
 * The cheapest set of credits whose net reaches `amountCents` (method and tie rules in the file's header).
 * Credits with netCents ≤ 0 are ignored. Throws RangeError for amountCents ≤ 0, a negative cost or budget.
 */
export function planCredits(
  items: readonly PlanItem[],
  amountCents: bigint,
  options: PlanOptions = {},
): PlanResult {
  if (amountCents <= 0n) throw new RangeError(`amountCents must be positive, got ${amountCents}`);
  const budget = options.nodeBudget ?? DEFAULT_PLAN_NODE_BUDGET;
  if (!(budget >= 0)) throw new RangeError(`nodeBudget must be a non-negative number, got ${budget}`);

  const credits = loadCredits(items);
  if (credits === 'unsafe') return planInBigint(items, amountCents, budget);
  return planLoaded(credits, amountCents, budget);
}

/** planCredits for credits given as columns of numbers (PlanColumns): the same answer, less garbage. */
export function planCreditColumns(
  columns: PlanColumns,
  amountCents: bigint,
  options: PlanOptions = {},
): PlanResult {
  if (amountCents <= 0n) throw new RangeError(`amountCents must be positive, got ${amountCents}`);
  const budget = options.nodeBudget ?? DEFAULT_PLAN_NODE_BUDGET;
  if (!(budget >= 0)) throw new RangeError(`nodeBudget must be a non-negative number, got ${budget}`);
  const credits = loadCreditColumns(columns);
  if (credits === 'unsafe') {
    const items = Array.from({ length: columns.ids.length }, (_, i) => ({
      id: columns.ids[i]!,
      netCents: BigInt(columns.netCents[i]!),
      costCents: BigInt(columns.costCents[i]!),
    }));
    return planInBigint(items, amountCents, budget);
  }
  return planLoaded(credits, amountCents, budget);
}

function planLoaded(credits: Credits, amountCents: bigint, budget: number): PlanResult {
  if (BigInt(credits.totalNet) < amountCents) {
    return { kind: 'notEnough', reachableCents: BigInt(credits.totalNet) };
  }
  // amount ≤ Σnet < 2^53 here, so it is exact as a number.
  return planInNumbers(credits, Number(amountCents), budget);
}

/** The number path: steps 1 to 4, the proof of the lowest cost and the tie pass, in that order. */
function planInNumbers(credits: Credits, amount: number, budget: number): PlanResult {
  const lp = relax(credits, amount);
  const first = incumbentOf(credits, lp);
  // The widest reduction any pass needs: no pass wants a plan dearer than the first incumbent.
  const wide = reduceByReducedCosts(credits, lp, first.cost);
  if (wide === null) return planResult(first, true, first.cost); // unreachable: a plan costs at least LB
  // Sorted once: narrowing it keeps the order, so every pass's free credits are in planning order.
  sortInPlanningOrder(credits, wide.free, wide.free.length);
  const heuristic = coreIncumbent(credits, lp, wide, first, Math.floor(budget / 10));
  const proof = proveCost(credits, lp, wide, heuristic.best, budget - heuristic.nodes);
  if (!proof.optimal) return planResult(proof.best, false, proof.lowerBound);
  const ties = searchPass(credits, lp, wide, proof.best, proof.best.cost, 'cheaperOrEqual', budget / 4);
  return planResult(ties.best, true, ties.best.cost);
}
