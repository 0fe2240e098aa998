/*
 * The cash planner's optimisation: "I need R$ X net": among the supplier's eligible credits, the set whose
 * Σnet ≥ X at the lowest Σcost (cost = what is withheld: discount + fees + IOF). A credit's figures do not
 * depend on which others are chosen, so this is a covering (minimisation) 0-1 knapsack:
 *     minimise Σ cost_i·x_i  subject to  Σ net_i·x_i ≥ X,  x_i ∈ {0, 1}.
 * Ties: the smaller Σnet (less overshoot), then fewer credits, then the smaller ascending list of ids.
 *
 * Method (LP relaxation, reduction, branch and bound: the "core" approach of Balas–Zemel, Martello–Toth and
 * Pisinger):
 *  1. Order by cost/net ascending (ties: larger net, then id). Taking credits in that order until Σnet ≥ X
 *     stops at the break credit b; the linear relaxation (fractions allowed) takes everything before b and
 *     the fraction of b still needed: a lower bound LB on every plan, with dual price λ = cost_b/net_b. Only
 *     where b falls matters, not the order of the rest, so b is found by weighted selection (quickselect,
 *     O(n)): the same b as sorting everything, without sorting 100,000 credits; the search sorts its few.
 *  2. Incumbents (upper bounds): the greedy set up to and including b, and everything before b plus the
 *     cheapest single later credit that covers the rest, each after dropping (most expensive first) every
 *     credit whose removal keeps Σnet ≥ X; the better one. On large sets both overshoot by far more than the
 *     optimum does, so a short search over the 64 credits of smallest |reduced cost| improves it first.
 *  3. Reduction by reduced costs r_i = cost_i − λ·net_i. LP duality gives, for every plan S,
 *         cost(S) ≥ LB + Σ_{i∈S, r_i>0} r_i + Σ_{i∉S, r_i<0} |r_i|,
 *     so a credit with r_i > 0 and LB + r_i above what a wanted plan may cost is in no wanted plan (fixed
 *     out), and one with r_i < 0 and LB + |r_i| above it is in every wanted plan (fixed in). Exactly: all is
 *     multiplied through by net_b, and floating point decides only far from the threshold, BigInt near it.
 *  4. Depth-first branch and bound over the credits left free, in ratio order, each credit taken before left,
 *     pruning every node whose bound (the LP's, and Martello–Toth's "break credit in or out") exceeds what a
 *     wanted plan may cost. Costs are integers: "cheaper than c" is "at most c − 1", so bounds bite harder.
 * The lowest cost is proven by raising a lower bound: a search wanting plans of cost ≤ ceil(LB) finds one
 * (optimal) or proves none exists (the bound rises); then ≤ LB + 1, + 3, + 7, …, capped below the incumbent.
 * On real portfolios the optimum is often ceil(LB) itself, and a search wanting only that fixes nearly every
 * credit. A last search applies the tie rules among the plans of that cost (a quarter of the budget more).
 * Why `optimal: true` is exact: steps 3 and 4 discard only plans proven no better than one held, so a search
 * that ends within its node budget has seen every plan that could beat the answer. It is always exact on
 * small sets: n free credits make fewer than 2^(n+1) nodes, so with up to 16 left free the default budget
 * proves the cost, and up to 14 the tie rules too. When the budget runs out, the incumbent comes back with
 * `optimal: false` and a certified lower bound (the smallest bound among the branches not explored).
 *
 * Arithmetic: centavos as plain numbers (Float64Array) when every figure and both totals are safe integers
 * (below 2^53, R$ 90 trillion), which is every real portfolio: all sums are then exact, and products (which
 * can pass 2^53) are compared exactly by compareProducts. Otherwise the method runs in BigInt (planInBigint:
 * slower, without the reduction; only absurd data takes it).
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
  if (BigInt(credits.totalNet) < amountCents) {
    return { kind: 'notEnough', reachableCents: BigInt(credits.totalNet) };
  }
  // amount ≤ Σnet < 2^53 here, so it is exact as a number.
  return planInNumbers(credits, Number(amountCents), budget);
}

// ---------------------------------------------------------------------------------------------------------
// Shared: what a plan is and how two plans are ranked.

type Choice<V extends number | bigint> = {
  cost: V;
  net: V;
  count: number;
  /** The chosen ids, ascending; built only when asked (a tie on everything else, or the answer). */
  ids: () => number[];
};

/** Negative when a is the better plan: lower Σcost, then lower Σnet, then fewer credits, then ids. */
function comparePlans<V extends number | bigint>(a: Choice<V>, b: Choice<V>): number {
  if (a.cost !== b.cost) return a.cost < b.cost ? -1 : 1;
  if (a.net !== b.net) return a.net < b.net ? -1 : 1;
  if (a.count !== b.count) return a.count - b.count;
  const left = a.ids();
  const right = b.ids();
  for (let i = 0; i < left.length; i++) {
    if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1;
  }
  return 0;
}

function memo<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/**
 * The ids of the given credits, ascending. Ids are database keys, so usually 32-bit unsigned integers: those
 * are radix sorted (a few times faster than the built-in typed-array sort on 50,000 ids); any others sort
 * natively.
 */
function sortedIds(idOf: Float64Array, members: ArrayLike<number>): number[] {
  const count = members.length;
  let uint32 = true;
  for (let i = 0; i < count; i++) {
    const id = idOf[members[i]!]!;
    if (id >>> 0 !== id) {
      uint32 = false;
      break;
    }
  }
  if (!uint32) {
    const ids = new Float64Array(count);
    for (let i = 0; i < count; i++) ids[i] = idOf[members[i]!]!;
    return Array.from(ids.sort());
  }
  let from = new Uint32Array(count);
  for (let i = 0; i < count; i++) from[i] = idOf[members[i]!]!;
  // Least significant digit first, three passes of 11 bits; each pass is stable, so the order builds up.
  let to = new Uint32Array(count);
  const buckets = new Int32Array(2048);
  for (let shift = 0; shift < 32; shift += 11) {
    buckets.fill(0);
    for (let i = 0; i < count; i++) buckets[(from[i]! >>> shift) & 2047]!++;
    let start = 0;
    for (let d = 0; d < 2048; d++) {
      const size = buckets[d]!;
      buckets[d] = start;
      start += size;
    }
    for (let i = 0; i < count; i++) {
      const id = from[i]!;
      to[buckets[(id >>> shift) & 2047]!++] = id;
    }
    [from, to] = [to, from];
  }
  return Array.from(from);
}

function planResult<V extends number | bigint>(best: Choice<V>, optimal: boolean, lowerBound: V): PlanResult {
  return {
    kind: 'plan',
    ids: best.ids(),
    netCents: BigInt(best.net),
    costCents: BigInt(best.cost),
    optimal,
    lowerBoundCents: BigInt(lowerBound),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Number path: the credits as parallel typed arrays, indexed by their position among the eligible ones.

type Credits = {
  size: number;
  net: Float64Array;
  cost: Float64Array;
  /** cost/net correctly rounded: two different roundings order the exact ratios the same way. */
  ratio: Float64Array;
  id: Float64Array;
  totalNet: number;
};

/** The eligible credits (net > 0) as numbers, or 'unsafe' when a figure or a total reaches 2^53. */
function loadCredits(items: readonly PlanItem[]): Credits | 'unsafe' {
  const net = new Float64Array(items.length);
  const cost = new Float64Array(items.length);
  const ratio = new Float64Array(items.length);
  const id = new Float64Array(items.length);
  let size = 0;
  let totalNet = 0;
  let totalCost = 0;
  let safe = true;
  for (const item of items) {
    const n = Number(item.netCents);
    if (!(n > 0)) continue;
    const c = Number(item.costCents);
    if (c < 0) throw new RangeError(`costCents must not be negative (credit ${item.id}: ${item.costCents})`);
    safe &&= Number.isSafeInteger(n) && Number.isSafeInteger(c);
    net[size] = n;
    cost[size] = c;
    ratio[size] = c / n;
    id[size] = item.id;
    totalNet += n;
    totalCost += c;
    size++;
  }
  // Partial sums of non-negative safe integers are exact until they pass 2^53, and then stay unsafe.
  if (!safe || !Number.isSafeInteger(totalNet) || !Number.isSafeInteger(totalCost)) return 'unsafe';
  return { size, net, cost, ratio, id, totalNet };
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Sign of a·b − c·d, exactly, for non-negative safe integers. A product below 2^53 is exact in floating
 * point; larger ones carry a relative error under 2^-53, so a difference beyond 1e-14 of their size is real,
 * and only near-equal large products take BigInt.
 */
function compareProducts(a: number, b: number, c: number, d: number): number {
  const left = a * b;
  const right = c * d;
  if (left <= MAX_SAFE && right <= MAX_SAFE) return left === right ? 0 : left < right ? -1 : 1;
  const margin = (left + right) * 1e-14;
  if (left - right > margin) return 1;
  if (right - left > margin) return -1;
  const exact = BigInt(a) * BigInt(b) - BigInt(c) * BigInt(d);
  return exact === 0n ? 0 : exact < 0n ? -1 : 1;
}

/** ceil(a·b/d) for non-negative safe integers a, b and positive d, exactly. */
function ceilOfQuotient(a: number, b: number, d: number): number {
  const exact = a * b;
  if (exact <= MAX_SAFE) {
    // The rounded quotient can be one off near an integer; the products that check it are exact (or, past
    // 2^53, still compare right: rounding is monotone).
    let q = Math.floor(exact / d);
    if (q * d > exact) q--;
    else if ((q + 1) * d <= exact) q++;
    return q * d === exact ? q : q + 1;
  }
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(d);
  return Number((product + divisor - 1n) / divisor);
}

/**
 * The planning order: cost/net ascending, then larger net, then smaller id, then position (a total order).
 */
function precedes(credits: Credits, a: number, b: number): boolean {
  const ra = credits.ratio[a]!;
  const rb = credits.ratio[b]!;
  // Rounding is monotone, so different roundings order the exact ratios; equal ones need the exact check.
  if (ra !== rb) return ra < rb;
  const exact = compareProducts(credits.cost[a]!, credits.net[b]!, credits.cost[b]!, credits.net[a]!);
  if (exact !== 0) return exact < 0;
  const na = credits.net[a]!;
  const nb = credits.net[b]!;
  if (na !== nb) return na > nb;
  const ia = credits.id[a]!;
  const ib = credits.id[b]!;
  if (ia !== ib) return ia < ib;
  return a < b;
}

/** In-place quicksort of list[0, count) in the planning order (median of three, insertion sort below 16). */
function sortInPlanningOrder(credits: Credits, list: Int32Array, count: number): void {
  let lo = 0;
  let hi = count - 1;
  const pending: number[] = [];
  for (;;) {
    if (hi - lo < 16) {
      for (let i = lo + 1; i <= hi; i++) {
        const value = list[i]!;
        let j = i - 1;
        while (j >= lo && precedes(credits, value, list[j]!)) {
          list[j + 1] = list[j]!;
          j--;
        }
        list[j + 1] = value;
      }
      if (pending.length === 0) return;
      hi = pending.pop()!;
      lo = pending.pop()!;
      continue;
    }
    const split = partition(credits, list, lo, hi);
    // The smaller side first, so the pending stack stays logarithmic.
    if (split - lo < hi - split) {
      pending.push(split + 1, hi);
      hi = split - 1;
    } else {
      pending.push(lo, split - 1);
      lo = split + 1;
    }
  }
}

/**
 * Lomuto partition of list[lo, hi] around a median-of-three pivot: returns the pivot's final position p, with
 * list[lo, p) before it and list(p, hi] after it in the planning order.
 */
function partition(credits: Credits, list: Int32Array, lo: number, hi: number): number {
  const mid = (lo + hi) >>> 1;
  if (precedes(credits, list[mid]!, list[lo]!)) swap(list, mid, lo);
  if (precedes(credits, list[hi]!, list[lo]!)) swap(list, hi, lo);
  if (precedes(credits, list[mid]!, list[hi]!)) swap(list, mid, hi);
  const pivot = list[hi]!;
  let store = lo;
  for (let i = lo; i < hi; i++) {
    const e = list[i]!;
    if (precedes(credits, e, pivot)) {
      list[i] = list[store]!;
      list[store] = e;
      store++;
    }
  }
  list[hi] = list[store]!;
  list[store] = pivot;
  return store;
}

function swap(list: Int32Array, i: number, j: number): void {
  const t = list[i]!;
  list[i] = list[j]!;
  list[j] = t;
}

/**
 * Step 1: the LP relaxation. order[0, breakAt) are the credits before b (in no particular order), b =
 * order[breakAt].
 */
type Relaxation = {
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
function relax(credits: Credits, amount: number): Relaxation {
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

/** A plan of the number path: its members are positions among the eligible credits. */
type Plan = Choice<number> & {
  members: () => Int32Array;
  /**
   * Set on plans found by a search: that search and the free positions chosen, ascending (fast tie checks).
   */
  search?: CoreSearch;
  picks?: Int32Array;
};

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
function incumbentOf(credits: Credits, lp: Relaxation): Plan {
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
 * What a pass looks for. 'cheaper': only plans strictly cheaper than the incumbent (proves the lowest Σcost;
 * among equal Σcost and Σnet it still prefers fewer credits, but leaves the id rule to the next pass).
 * 'cheaperOrEqual': equal-cost plans too, to apply every tie rule among them.
 */
type Seek = 'cheaper' | 'cheaperOrEqual';

/** The most a plan the pass still wants may cost: integer costs turn "< c" into "≤ c − 1". */
const costLimit = (incumbent: Plan, seek: Seek) => incumbent.cost - (seek === 'cheaper' ? 1 : 0);

/**
 * Step 3's outcome: the credits every wanted plan contains, and those still to decide (in planning order once
 * sorted).
 */
type Core = {
  fixedIn: Int32Array;
  fixedNet: number;
  fixedCost: number;
  free: Int32Array;
};

/**
 * Step 3. With λ = c_b/n_b and everything multiplied by n_b (so it stays integer), a credit is fixed when
 *     |c_i·n_b − c_b·n_i| > G = (limit − costBefore)·n_b − (amount − netBefore)·c_b   (LB + |r_i| > limit).
 * Returns null when G < 0: the LP bound itself is above the limit, so no wanted plan exists. A lower limit
 * fixes a superset, so each pass narrows the widest reduction (`within`) instead of going over every credit.
 */
function reduceByReducedCosts(credits: Credits, lp: Relaxation, limit: number, within?: Core): Core | null {
  const nb = credits.net[lp.breakCredit]!;
  const cb = credits.cost[lp.breakCredit]!;
  const threshold =
    BigInt(limit - lp.costBefore) * BigInt(nb) - BigInt(lp.amount - lp.netBefore) * BigInt(cb);
  if (threshold < 0n) return null;
  return splitByReducedCost(credits, lp, threshold, within);
}

/**
 * Free when |c_i·n_b − c_b·n_i| ≤ threshold; otherwise fixed in (negative) or out (positive). Exact. Over
 * every credit, or over the free ones of a wider reduction, keeping what that one fixed and the order of its
 * free ones.
 */
function splitByReducedCost(credits: Credits, lp: Relaxation, threshold: bigint, within?: Core): Core {
  const nb = credits.net[lp.breakCredit]!;
  const cb = credits.cost[lp.breakCredit]!;
  const g = Number(threshold);
  const gExact = threshold <= BigInt(MAX_SAFE);
  const count = within ? within.free.length : credits.size;
  const fixedIn = new Int32Array((within ? within.fixedIn.length : 0) + count);
  const free = new Int32Array(count);
  let fixedCount = 0;
  let freeCount = 0;
  let fixedNet = 0;
  let fixedCost = 0;
  if (within) {
    fixedIn.set(within.fixedIn);
    fixedCount = within.fixedIn.length;
    fixedNet = within.fixedNet;
    fixedCost = within.fixedCost;
  }
  const { net, cost } = credits;
  for (let i = 0; i < count; i++) {
    const e = within ? within.free[i]! : i;
    const ne = net[e]!;
    const ce = cost[e]!;
    const p = ce * nb;
    const q = cb * ne;
    const r = p - q;
    const magnitude = r < 0 ? -r : r;
    // Products below 2^53 are exact, and so is their difference. Otherwise the float error of r and g is
    // below 2^-52 of p + q + g: decide in floats only beyond a far wider margin, in BigInt near the
    // threshold.
    const margin = p <= MAX_SAFE && q <= MAX_SAFE && gExact ? 0 : (p + q + g) * 1e-14;
    let side: number;
    if (magnitude - g > margin) side = r < 0 ? -1 : 1;
    else if (g - magnitude > margin || margin === 0) side = 0;
    else side = exactSide(ce, ne, cb, nb, threshold);
    if (side < 0) {
      fixedIn[fixedCount++] = e;
      fixedNet += ne;
      fixedCost += ce;
    } else if (side === 0) {
      free[freeCount++] = e;
    }
  }
  return { fixedIn: fixedIn.slice(0, fixedCount), fixedNet, fixedCost, free: free.slice(0, freeCount) };
}

/** -1: fixed in, 1: fixed out, 0: free; in BigInt, for the credits the float test could not settle. */
function exactSide(ce: number, ne: number, cb: number, nb: number, threshold: bigint): number {
  const r = BigInt(ce) * BigInt(nb) - BigInt(cb) * BigInt(ne);
  const magnitude = r < 0n ? -r : r;
  if (magnitude <= threshold) return 0;
  return r < 0n ? -1 : 1;
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
function coreIncumbent(
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
function searchPass(
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
class CoreSearch {
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

/** Up to this many free credits, one pass proves the cost: its whole tree (< 2^17 nodes) fits the budget. */
const SMALL_CORE = 16;

/**
 * Proves the lowest Σcost by raising the lower bound: a pass wanting plans of cost ≤ lower + step either
 * finds some (and ends proving the best of them optimal) or shows there is none (lower = ceiling + 1), with
 * steps 0, 1, 3, 7, …, capped below the incumbent. The passes share the budget. A small core goes straight to
 * the last pass, so its tree alone bounds the work.
 */
function proveCost(
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

// ---------------------------------------------------------------------------------------------------------
// BigInt path, for figures or totals beyond 2^53: the same relaxation, greedy incumbent and branch and bound,
// without the reduction, in one pass that also follows equal-cost branches (so `optimal` there also means the
// tie rules were applied exhaustively). Sorted with a comparator: slow, but only absurd data comes here.

type BigCredit = { id: number; net: bigint; cost: bigint; position: number };

function planInBigint(items: readonly PlanItem[], amount: bigint, budget: number): PlanResult {
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
