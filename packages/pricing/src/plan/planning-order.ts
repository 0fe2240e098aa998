/*
 * The planning order: cost/net ascending, then the larger net, then the smaller id, then position (a total
 * order, exact even where the rounded ratios tie). Here are its comparison, an in-place quicksort of credit
 * positions in that order (the search's free credits) and the partition step that the relaxation's weighted
 * quickselect also uses.
 */

import { type Credits, compareProducts } from './credits-table';

/**
 * The planning order: cost/net ascending, then larger net, then smaller id, then position (a total order).
 */
export function precedes(credits: Credits, a: number, b: number): boolean {
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
export function sortInPlanningOrder(credits: Credits, list: Int32Array, count: number): void {
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
export function partition(credits: Credits, list: Int32Array, lo: number, hi: number): number {
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
