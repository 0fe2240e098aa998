/*
 * The cash planner's input and output shapes, re-exported by plan-credits.ts (the public API). They live in a
 * file of their own so that the modules reading the items (credits-table.ts, plan-bigint.ts) or building the
 * result (plan-ranking.ts) need not import the API module, which imports them: that would be a cycle.
 */

export type PlanItem = { id: number; netCents: bigint; costCents: bigint };

/**
 * The same credits as three columns of whole centavos (and ids), for a caller that reads many of them at once:
 * no object or bigint per credit. Figures must be whole numbers; beyond 2^53 they are not exact, so such data
 * should come as PlanItem.
 */
export type PlanColumns = {
  ids: ArrayLike<number>;
  netCents: ArrayLike<number>;
  costCents: ArrayLike<number>;
};

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
