import { floorRoot, multiply, type Ratio, ratio, reduce, roundHalfUp } from './rational';

// R(V × (1 − (1+i)^(−n/30))), rounded half-up exactly as if computed with infinite precision, in bigints only.
//
// (1+i)^(−n/30) is rational only when n/30 = p/q (reduced) and both terms of 1+i = a/b (reduced) are perfect
// q-th powers; then it is computed exactly, ties included. Otherwise the discount is irrational, so it never
// sits exactly on a tie: it is enclosed between two fixed-point bounds, tightened until both bounds round to
// the same centavo. No approximation is ever trusted blindly.

const DAYS_PER_MONTH = 30;
const MAX_DIGITS = 10_000;

export function compoundDiscountCents(valueCents: bigint, monthlyRate: Ratio, days: number): bigint {
  if (days === 0 || valueCents === 0n || monthlyRate.numerator === 0n) return 0n;
  // Both terms reduced: the rational test below depends on it.
  const onePlusRate = reduce(ratio(monthlyRate.numerator + monthlyRate.denominator, monthlyRate.denominator));
  const exact = exactCompoundFactor(onePlusRate, reduce(ratio(BigInt(days), BigInt(DAYS_PER_MONTH))));
  if (exact) return roundHalfUp(multiply(valueCents, exact));

  for (
    let digits = valueCents.toString().length + String(days).length + 12;
    digits <= MAX_DIGITS;
    digits *= 2
  ) {
    const scale = 10n ** BigInt(digits);
    // root ≤ scale·(1+i)^(−1/30) < root + 1, so the powers below enclose scale·(1+i)^(−n/30).
    const root = dailyFactorFloor(onePlusRate, scale);
    const lowPower = fixedPower(root, days, scale, 'floor');
    const highPower = fixedPower(root + 1n, days, scale, 'ceil');
    const low = roundHalfUp(ratio(valueCents * (scale - highPower), scale));
    const high = roundHalfUp(ratio(valueCents * (scale - lowPower), scale));
    if (low === high) return low;
  }
  throw new RangeError('Compound discount too close to a rounding tie to decide');
}

/** 1 − (1+i)^(−p/q) as an exact ratio, or undefined when it is irrational. */
function exactCompoundFactor(onePlusRate: Ratio, exponent: Ratio): Ratio | undefined {
  const q = Number(exponent.denominator);
  const rootNumerator = exactRootOf(onePlusRate.numerator, q);
  const rootDenominator = exactRootOf(onePlusRate.denominator, q);
  if (rootNumerator === undefined || rootDenominator === undefined) return undefined;
  const p = exponent.numerator;
  // 1 − (d/n)^p = (n^p − d^p) / n^p
  const numeratorPower = rootNumerator ** p;
  return ratio(numeratorPower - rootDenominator ** p, numeratorPower);
}

function exactRootOf(value: bigint, k: number): bigint | undefined {
  const root = floorRoot(value, k);
  return root ** BigInt(k) === value ? root : undefined;
}

// A program has one rate, and a page of credits asks for the same root at the same scale many times.
const dailyFactorCache = new Map<string, bigint>();

/** floor(scale × (b/a)^(1/30)) for 1+i = a/b. */
function dailyFactorFloor(onePlusRate: Ratio, scale: bigint): bigint {
  const key = `${onePlusRate.numerator}/${onePlusRate.denominator}@${scale.toString().length}`;
  let root = dailyFactorCache.get(key);
  if (root === undefined) {
    // floor of the 30th root of a real x equals that of floor(x): k^30 ≤ x ⟺ k^30 ≤ floor(x) for integers k.
    const radicand = (scale ** BigInt(DAYS_PER_MONTH) * onePlusRate.denominator) / onePlusRate.numerator;
    // The root is below scale (1+i > 1) and close to it, so scale is a good start for Newton's method.
    root = floorRoot(radicand, DAYS_PER_MONTH, scale);
    if (dailyFactorCache.size >= 1_000) dailyFactorCache.clear();
    dailyFactorCache.set(key, root);
  }
  return root;
}

/**
 * x^n in fixed point (x and the result scaled by `scale`), by repeated squaring, rounding every product the
 * same way: with 'floor' from a lower bound the result stays a lower bound, with 'ceil' from an upper bound an
 * upper bound.
 */
function fixedPower(x: bigint, n: number, scale: bigint, direction: 'floor' | 'ceil'): bigint {
  const times = (a: bigint, b: bigint) => (direction === 'floor' ? a * b : a * b + scale - 1n) / scale;
  let result = scale;
  let square = x;
  for (let k = n; k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) result = times(result, square);
    if (k > 1) square = times(square, square);
  }
  return result;
}
