/*
 * Step 3, the reduction by reduced costs r_i = cost_i − λ·net_i. LP duality gives, for every plan S,
 *     cost(S) ≥ LB + Σ_{i∈S, r_i>0} r_i + Σ_{i∉S, r_i<0} |r_i|,
 * so a credit with r_i > 0 and LB + r_i above what a wanted plan may cost is in no wanted plan (fixed out), and
 * one with r_i < 0 and LB + |r_i| above it is in every wanted plan (fixed in). Exactly: all is multiplied
 * through by net_b, and floating point decides only far from the threshold, BigInt near it.
 */

import { type Credits, MAX_SAFE } from './credits-table';
import type { Relaxation } from './relaxation';

/**
 * Step 3's outcome: the credits every wanted plan contains, and those still to decide (in planning order once
 * sorted).
 */
export type Core = {
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
export function reduceByReducedCosts(
  credits: Credits,
  lp: Relaxation,
  limit: number,
  within?: Core,
): Core | null {
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
export function splitByReducedCost(credits: Credits, lp: Relaxation, threshold: bigint, within?: Core): Core {
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
