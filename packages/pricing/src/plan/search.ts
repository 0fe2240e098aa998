/*
 * Step 4, one search pass: it wants plans that rank before the incumbent and cost at most a ceiling (Seek),
 * reduces against that limit (reduction.ts), then runs a depth-first branch and bound over the credits left
 * free, in planning order, each credit taken before left, pruning every node whose bound (the LP's, and
 * Martello–Toth's "break credit in or out") exceeds what a wanted plan may cost. Costs are integers: "cheaper
 * than c" is "at most c − 1", so bounds bite harder. The number path's Plan is here too: a plan a search found
 * remembers that search, for fast tie checks.
 */

import { type Credits, ceilOfQuotient, compareProducts } from './credits-table';
import { type Choice, comparePlans, memo, sortedIds } from './plan-ranking';
import { type Core, reduceByReducedCosts } from './reduction';
import type { Relaxation } from './relaxation';

/** A plan of the number path: its members are positions among the eligible credits. */
export type Plan = Choice<number> & {
  members: () => Int32Array;
  /**
   * Set on plans found by a search: that search and the free positions chosen, ascending (fast tie checks).
   */
  search?: CoreSearch;
  picks?: Int32Array;
};

/**
 * What a pass looks for. 'cheaper': only plans strictly cheaper than the incumbent (proves the lowest Σcost;
 * among equal Σcost and Σnet it still prefers fewer credits, but leaves the id rule to the next pass).
 * 'cheaperOrEqual': equal-cost plans too, to apply every tie rule among them.
 */
type Seek = 'cheaper' | 'cheaperOrEqual';

/** The most a plan the pass still wants may cost: integer costs turn "< c" into "≤ c − 1". */
const costLimit = (incumbent: Plan, seek: Seek) => incumbent.cost - (seek === 'cheaper' ? 1 : 0);

/**
 * A pass's result. complete: every plan the pass wanted was considered, so best is the best of them.
 * lowerBound: no plan the pass did not consider costs less (worked out only when asked: after a deep search
 * that ran out, it takes an LP bound per credit on the path). nodes: what it used of its budget.
 */
type PassOutcome = { best: Plan; complete: boolean; lowerBound: () => number; nodes: number };

/**
 * Steps 3 and 4 for one pass, which wants plans that rank before the incumbent (see Seek) and cost at most
 * `ceiling`: reduce against that, then branch and bound over the free credits.
 */
export function searchPass(
  credits: Credits,
  lp: Relaxation,
  wide: Core,
  incumbent: Plan,
  ceiling: number,
  seek: Seek,
  budget: number,
): PassOutcome {
  const limit = Math.min(ceiling, costLimit(incumbent, seek));
  const core = reduceByReducedCosts(credits, lp, limit, wide);
  if (core === null) return { best: incumbent, complete: true, lowerBound: () => limit + 1, nodes: 0 };
  return new CoreSearch(credits, lp.amount, core, seek).run(incumbent, ceiling, budget);
}

/**
 * Step 4: depth-first branch and bound over the free credits (position k = the k-th free credit in planning
 * order), iterative (the path can be thousands of credits deep). The path is the stack of included positions;
 * the other positions below k are excluded. Prefix sums give a node's LP bound by binary search, and nothing
 * is allocated per node. Identical credits (same net and cost, adjacent in the order, by id) are taken as a
 * prefix of their run: any other choice among them is the same plan with larger ids.
 */
export class CoreSearch {
  private readonly size: number;
  private readonly net: Float64Array;
  private readonly cost: Float64Array;
  /** prefixNet[k] = Σnet of free positions [0, k); likewise prefixCost. */
  private readonly prefixNet: Float64Array;
  private readonly prefixCost: Float64Array;
  /** The position after k's run of identical credits: where excluding k continues. */
  private readonly runEnd: Int32Array;
  private readonly stack: Int32Array;

  constructor(
    private readonly credits: Credits,
    private readonly amount: number,
    private readonly core: Core,
    private readonly seek: Seek,
  ) {
    const size = core.free.length;
    this.size = size;
    this.net = new Float64Array(size);
    this.cost = new Float64Array(size);
    this.prefixNet = new Float64Array(size + 1);
    this.prefixCost = new Float64Array(size + 1);
    for (let k = 0; k < size; k++) {
      const e = core.free[k]!;
      this.net[k] = credits.net[e]!;
      this.cost[k] = credits.cost[e]!;
      this.prefixNet[k + 1] = this.prefixNet[k]! + this.net[k]!;
      this.prefixCost[k + 1] = this.prefixCost[k]! + this.cost[k]!;
    }
    this.runEnd = new Int32Array(size);
    for (let k = size - 1; k >= 0; k--) {
      const same = k + 1 < size && this.net[k + 1] === this.net[k] && this.cost[k + 1] === this.cost[k];
      this.runEnd[k] = same ? this.runEnd[k + 1]! : k + 1;
    }
    this.stack = new Int32Array(size);
  }

  run(incumbent: Plan, ceiling: number, budget: number): PassOutcome {
    const { size, net, cost, prefixNet, prefixCost, stack, runEnd, amount } = this;
    let best = this.seek === 'cheaperOrEqual' ? this.adopt(incumbent) : incumbent;
    // The most a wanted plan may cost; it only comes down, as better plans turn up.
    let limit = Math.min(ceiling, costLimit(best, this.seek));
    let k = 0;
    let pathNet = this.core.fixedNet;
    let pathCost = this.core.fixedCost;
    let depth = 0;
    // Positions up to lpBreak are in the LP solution of the node that last passed the bound test, so
    // including them leaves that bound unchanged: no need to test again on the way down.
    let lpBreak = -1;
    let nodes = 0;
    for (;;) {
      if (nodes >= budget) {
        const [held, spent] = [best, limit];
        const lowerBound = () => this.pendingBound(held, spent, k, pathNet, pathCost, depth);
        return { best, complete: false, lowerBound, nodes };
      }
      nodes++;
      let include = false;
      if (pathNet >= amount) {
        // A plan. Adding credits would only add cost, net and count, so the branch ends here.
        if (this.beats(best, depth, pathNet, pathCost)) {
          best = this.planOnPath(depth, pathNet, pathCost);
          limit = Math.min(limit, costLimit(best, this.seek));
        }
      } else if (k <= lpBreak) {
        include = true;
      } else if (k < size) {
        const target = prefixNet[k]! + (amount - pathNet);
        if (target <= prefixNet[size]!) {
          const j = this.lpBreakFrom(k, target);
          const base = pathCost + prefixCost[j]! - prefixCost[k]!;
          const rest = target - prefixNet[j]!;
          if (
            !lpBoundExceeds(base, rest, cost[j]!, net[j]!, limit) &&
            !this.eitherWayExceeds(k, j, base, rest, limit)
          ) {
            include = true;
            lpBreak = j;
          }
        }
      }
      if (include) {
        stack[depth++] = k;
        pathNet += net[k]!;
        pathCost += cost[k]!;
        k++;
        continue;
      }
      // Backtrack: the deepest included position is excluded now, with the rest of its identical run.
      if (depth === 0) {
        const lowerBound = Math.min(best.cost, limit + 1);
        return { best, complete: true, lowerBound: () => lowerBound, nodes };
      }
      const t = stack[--depth]!;
      pathNet -= net[t]!;
      pathCost -= cost[t]!;
      k = runEnd[t]!;
      lpBreak = -1;
    }
  }

  /** The smallest j ≥ k with prefixNet[j + 1] ≥ target (target ≤ prefixNet[size]). */
  private lpBreakFrom(k: number, target: number): number {
    let lo = k;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.prefixNet[mid + 1]! >= target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /**
   * The Martello–Toth bound: a plan leaves the break credit j out or takes it whole. Without it, the rest
   * needs credits after j, at ratio ≥ ρ_{j+1}: at least base + rest·ρ_{j+1}. With it, Σnet overshoots by
   * o = net_j − rest, and giving back o from the credits before j saves at most o·ρ_{j−1}: at least
   * base + cost_j − o·ρ_{j−1}. Both are ≥ the LP bound; the node goes if both exceed the limit.
   */
  private eitherWayExceeds(k: number, j: number, base: number, rest: number, limit: number): boolean {
    const { net, cost, size } = this;
    if (j + 1 < size && this.prefixNet[size]! - this.prefixNet[j + 1]! >= rest) {
      const room = limit - base;
      if (room >= 0 && compareProducts(rest, cost[j + 1]!, room, net[j + 1]!) <= 0) return false;
    }
    const excess = base + cost[j]! - limit;
    if (excess <= 0) return false;
    if (j === k) return true;
    return compareProducts(net[j]! - rest, cost[j - 1]!, excess, net[j - 1]!) < 0;
  }

  /** Does the plan on the path rank before best? Checked without building it. */
  private beats(best: Plan, depth: number, pathNet: number, pathCost: number): boolean {
    if (pathCost !== best.cost) return pathCost < best.cost;
    if (pathNet !== best.net) return pathNet < best.net;
    const count = this.core.fixedIn.length + depth;
    if (count !== best.count) return count < best.count;
    if (this.seek === 'cheaper') return false;
    if (best.search !== this) return comparePlans(this.planOnPath(depth, pathNet, pathCost), best) < 0;
    // Same fixed credits: the smaller id list holds the smallest id of the symmetric difference.
    const picks = best.picks!;
    const { free } = this.core;
    const id = this.credits.id;
    let onPath = Number.POSITIVE_INFINITY;
    let inBest = Number.POSITIVE_INFINITY;
    let i = 0;
    let j = 0;
    while (i < depth || j < picks.length) {
      const a = i < depth ? this.stack[i]! : this.size;
      const b = j < picks.length ? picks[j]! : this.size;
      if (a === b) {
        i++;
        j++;
      } else if (a < b) {
        onPath = Math.min(onPath, id[free[a]!]!);
        i++;
      } else {
        inBest = Math.min(inBest, id[free[b]!]!);
        j++;
      }
    }
    // Equal minima only with repeated ids (or the same plan): settle it on the full lists.
    if (onPath !== inBest) return onPath < inBest;
    return comparePlans(this.planOnPath(depth, pathNet, pathCost), best) < 0;
  }

  private planOnPath(depth: number, pathNet: number, pathCost: number): Plan {
    const { fixedIn, free } = this.core;
    const picks = this.stack.slice(0, depth);
    const members = memo(() => {
      const all = new Int32Array(fixedIn.length + depth);
      all.set(fixedIn);
      for (let i = 0; i < depth; i++) all[fixedIn.length + i] = free[picks[i]!]!;
      return all;
    });
    return {
      cost: pathCost,
      net: pathNet,
      count: fixedIn.length + depth,
      members,
      ids: memo(() => sortedIds(this.credits.id, members())),
      search: this,
      picks,
    };
  }

  /**
   * The incumbent as a plan of this search, for the fast tie checks. It always is one in the equal-cost pass:
   * the reduction there only fixes credits whose other choice costs more than the incumbent.
   */
  private adopt(plan: Plan): Plan {
    const chosen = new Uint8Array(this.credits.size);
    for (const e of plan.members()) chosen[e] = 1;
    const { fixedIn, free } = this.core;
    for (const e of fixedIn) if (chosen[e] === 0) return plan;
    const picks: number[] = [];
    for (let k = 0; k < this.size; k++) if (chosen[free[k]!] === 1) picks.push(k);
    if (fixedIn.length + picks.length !== plan.count) return plan;
    return { ...plan, search: this, picks: Int32Array.from(picks) };
  }

  /**
   * Budget spent: the optimum is either held already, or cheaper than limit + 1 (what was explored or pruned
   * holds nothing cheaper: the limit only came down) and in a branch not yet explored: the node at hand, or
   * the excluded side of a credit on the path. Each costs at least its exact (ceiled) LP bound.
   */
  private pendingBound(
    best: Plan,
    limit: number,
    k: number,
    pathNet: number,
    pathCost: number,
    depth: number,
  ): number {
    let bound = Math.min(best.cost, limit + 1, this.exactNodeBound(k, pathNet, pathCost));
    let net = this.core.fixedNet;
    let cost = this.core.fixedCost;
    for (let s = 0; s < depth; s++) {
      const t = this.stack[s]!;
      bound = Math.min(bound, this.exactNodeBound(this.runEnd[t]!, net, cost));
      net += this.net[t]!;
      cost += this.cost[t]!;
    }
    return bound;
  }

  private exactNodeBound(k: number, pathNet: number, pathCost: number): number {
    if (pathNet >= this.amount) return pathCost;
    const target = this.prefixNet[k]! + (this.amount - pathNet);
    if (k >= this.size || target > this.prefixNet[this.size]!) return Number.POSITIVE_INFINITY;
    const j = this.lpBreakFrom(k, target);
    const base = pathCost + this.prefixCost[j]! - this.prefixCost[k]!;
    return base + ceilOfQuotient(target - this.prefixNet[j]!, this.cost[j]!, this.net[j]!);
  }
}

/** Is base + rest·cost/net > limit? Exactly: rest·cost > (limit − base)·net. */
function lpBoundExceeds(base: number, rest: number, cost: number, net: number, limit: number): boolean {
  const room = limit - base;
  if (room < 0) return true;
  return compareProducts(rest, cost, room, net) > 0;
}
