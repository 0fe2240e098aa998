/*
 * What a plan is to both arithmetic paths (Choice) and how two plans rank: the tie rules (lower Σcost, then
 * lower Σnet, then fewer credits, then the smaller ascending list of ids). The id lists the last rule compares
 * are built only when needed (memo) and radix sorted (sortedIds); planResult turns the chosen plan into the
 * public PlanResult.
 */

import type { PlanResult } from './plan-types';

export type Choice<V extends number | bigint> = {
  cost: V;
  net: V;
  count: number;
  /** The chosen ids, ascending; built only when asked (a tie on everything else, or the answer). */
  ids: () => number[];
};

/** Negative when a is the better plan: lower Σcost, then lower Σnet, then fewer credits, then ids. */
export function comparePlans<V extends number | bigint>(a: Choice<V>, b: Choice<V>): number {
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

export function memo<T>(build: () => T): () => T {
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
export function sortedIds(idOf: Float64Array, members: ArrayLike<number>): number[] {
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

export function planResult<V extends number | bigint>(
  best: Choice<V>,
  optimal: boolean,
  lowerBound: V,
): PlanResult {
  return {
    kind: 'plan',
    ids: best.ids(),
    netCents: BigInt(best.net),
    costCents: BigInt(best.cost),
    optimal,
    lowerBoundCents: BigInt(lowerBound),
  };
}
