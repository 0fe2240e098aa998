// Exact arithmetic on money: every amount and rate is a ratio of bigints, so a formula is evaluated
// without any intermediate rounding and rounded once, at the end, to the centavo.

export type Ratio = { readonly numerator: bigint; readonly denominator: bigint };

const RATE_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a non-negative decimal string ('0.015' = 1.5 %) into an exact ratio.
 * Signs, exponents and thousands separators are refused: rates come from storage in one canonical form,
 * and silently accepting '1e-2' or '-0.01' would hide a data error inside a price.
 */
export function parseRate(rate: string): Ratio {
  const known = parsedRates.get(rate);
  if (known) return known;
  const match = RATE_PATTERN.exec(rate);
  if (!match)
    throw new RangeError(`Invalid rate ${JSON.stringify(rate)}: expected a decimal string like '0.015'`);
  const fraction = match[2] ?? '';
  const parsed = Object.freeze(reduce(ratio(BigInt(match[1] + fraction), 10n ** BigInt(fraction.length))));
  // A price parses its four rates for every credit, and an estimate at several offers prices each credit once per
  // offer: the few distinct rates of a program and its offers are parsed (and reduced: a gcd of bigints) once.
  if (parsedRates.size >= PARSED_RATES_MAX) parsedRates.clear();
  parsedRates.set(rate, parsed);
  return parsed;
}

const PARSED_RATES_MAX = 1_000;
const parsedRates = new Map<string, Ratio>();

/** A ratio as given (sign moved to the numerator); no gcd, which would cost more than the arithmetic. */
export function ratio(numerator: bigint, denominator: bigint): Ratio {
  if (denominator === 0n) throw new RangeError('Ratio with a zero denominator');
  return denominator < 0n ? { numerator: -numerator, denominator: -denominator } : { numerator, denominator };
}

/** The same ratio in lowest terms, for where the terms themselves matter (roots, display). */
export function reduce(value: Ratio): Ratio {
  const divisor = gcd(value.numerator, value.denominator) || 1n;
  return { numerator: value.numerator / divisor, denominator: value.denominator / divisor };
}

export function multiply(...factors: readonly (Ratio | bigint)[]): Ratio {
  let numerator = 1n;
  let denominator = 1n;
  for (const factor of factors) {
    if (typeof factor === 'bigint') {
      numerator *= factor;
    } else {
      numerator *= factor.numerator;
      denominator *= factor.denominator;
    }
  }
  return ratio(numerator, denominator);
}

/**
 * Rounds to the nearest integer, ties away from zero ("half-up" as Brazilian banks and decimal.js'
 * ROUND_HALF_UP mean it). Money components are never negative in practice; the sign rule only keeps the
 * function total.
 */
export function roundHalfUp(value: Ratio): bigint {
  const { numerator, denominator } = value;
  if (numerator < 0n) return -roundHalfUp({ numerator: -numerator, denominator });
  return (2n * numerator + denominator) / (2n * denominator);
}

export function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * floor(value^(1/k)) for a non-negative bigint, by Newton's method, which decreases monotonically to it from
 * any start at or above it. The default start is a power of two above the root; a closer one saves iterations.
 */
export function floorRoot(value: bigint, k: number, start?: bigint): bigint {
  if (value < 0n) throw new RangeError('No real root of a negative number here');
  if (value < 2n) return value;
  const power = BigInt(k);
  let x = start ?? 1n << (BigInt(value.toString(2).length) / power + 1n);
  if (x ** power < value) throw new RangeError('Newton start below the root');
  for (;;) {
    const next = ((power - 1n) * x + value / x ** (power - 1n)) / power;
    if (next >= x) return x;
    x = next;
  }
}
