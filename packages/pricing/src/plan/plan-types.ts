/*
 * The cash planner's input and output shapes, re-exported by plan-credits.ts (the public API). They live in a
 * file of their own so that the modules reading the items (credits-table.ts, plan-bigint.ts) or building the
 * result (plan-ranking.ts) need not import the API module, which imports them: that would be a cycle.
 */

export type PlanItem = { id: number; netCents: bigint; costCents: bigint };

export type PlanResult =
  | {
      kind: 'plan';
      /** The chosen credits' ids, ascending. */
      ids: number[];
      netCents: bigint;
      costCents: bigint;
      /** Σcost proven the lowest possible (the search ended within its node budget). */
      optimal: boolean;
      /** A certified lower bound on the lowest possible Σcost: costCents itself when optimal. */
      lowerBoundCents: bigint;
    }
  | { kind: 'notEnough'; reachableCents: bigint };
