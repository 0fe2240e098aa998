/*
 * The number path's data and arithmetic: the eligible credits (net > 0) as parallel typed arrays, indexed by
 * their position among the eligible ones. Centavos are plain numbers when every figure and both totals are
 * safe integers (below 2^53, R$ 90 trillion), which is every real portfolio: all sums are then exact. Products
 * can pass 2^53, so they are compared (compareProducts) and divided (ceilOfQuotient) exactly, in BigInt only
 * near a tie. When anything is unsafe, loadCredits says so and the planner takes the BigInt path
 * (plan-bigint.ts).
 */

import type { PlanColumns, PlanItem } from './plan-types';

export type Credits = {
  size: number;
  net: Float64Array;
  cost: Float64Array;
  /** cost/net correctly rounded: two different roundings order the exact ratios the same way. */
  ratio: Float64Array;
  id: Float64Array;
  totalNet: number;
};

/** The eligible credits (net > 0) as numbers, or 'unsafe' when a figure or a total reaches 2^53. */
export function loadCredits(items: readonly PlanItem[]): Credits | 'unsafe' {
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

/** loadCredits for columns: the same table, without an object or a bigint per credit. */
export function loadCreditColumns(columns: PlanColumns): Credits | 'unsafe' {
  const length = columns.ids.length;
  if (columns.netCents.length !== length || columns.costCents.length !== length)
    throw new RangeError('ids, netCents and costCents must have the same length');
  const net = new Float64Array(length);
  const cost = new Float64Array(length);
  const ratio = new Float64Array(length);
  const id = new Float64Array(length);
  let size = 0;
  let totalNet = 0;
  let totalCost = 0;
  let safe = true;
  for (let i = 0; i < length; i++) {
    const n = columns.netCents[i]!;
    if (!(n > 0)) continue;
    const c = columns.costCents[i]!;
    if (c < 0) throw new RangeError(`costCents must not be negative (credit ${columns.ids[i]}: ${c})`);
    safe &&= Number.isSafeInteger(n) && Number.isSafeInteger(c);
    net[size] = n;
    cost[size] = c;
    ratio[size] = c / n;
    id[size] = columns.ids[i]!;
    totalNet += n;
    totalCost += c;
    size++;
  }
  if (!safe || !Number.isSafeInteger(totalNet) || !Number.isSafeInteger(totalCost)) return 'unsafe';
  return { size, net, cost, ratio, id, totalNet };
}

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Sign of a·b − c·d, exactly, for non-negative safe integers. A product below 2^53 is exact in floating
 * point; larger ones carry a relative error under 2^-53, so a difference beyond 1e-14 of their size is real,
 * and only near-equal large products take BigInt.
 */
export function compareProducts(a: number, b: number, c: number, d: number): number {
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
export function ceilOfQuotient(a: number, b: number, d: number): number {
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
