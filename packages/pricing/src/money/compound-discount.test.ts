import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rate } from '../../test/arbitraries';
import { compoundDiscountCents } from './compound-discount';
import { parseRate } from './rational';

// Independent oracle: decimal.js' general power (ln/exp) at 60 digits; the code under test encloses the value
// between bigint fixed-point bounds instead.
const Oracle = Decimal.clone({ precision: 60 });
function oracle(valueCents: bigint, rate: string, days: number): Decimal {
  const factor = new Oracle(1).minus(new Oracle(1).plus(rate).pow(new Oracle(-days).div(30)));
  return factor.times(valueCents.toString());
}

describe('compoundDiscountCents', () => {
  // Expected values from V·(1 − (1+i)^(−n/30)) evaluated by hand at 60 digits (Python decimal).
  it.each([
    [1_000_000n, '0.015', 30, 14778n], // 14778.325…
    [1_000_000n, '0.015', 45, 22085n], // 22085.385…
    [1_000_000n, '0.015', 60, 29338n], // 29338.251…
    [2_543_217n, '0.015', 73, 90489n], // 90489.040…
    [1_200_000n, '0.015', 15, 8900n], // 8899.99923…
    [750_050n, '0.015', 38, 14013n], // 14012.578…
    [3_025_025n, '0.015', 92, 135012n], // 135012.162…
    [1_000_000n, '0.1', 400, 719394n], // 719393.626…
    [1_000_000n, '0.015', 0, 0n],
    [1_000_000n, '0', 90, 0n],
  ])('V %i, i %s, n %i → %i', (valueCents, rate, days, expected) => {
    expect(compoundDiscountCents(valueCents, parseRate(rate), days)).toBe(expected);
  });

  // Rational cases whose exact value is a tie: approximate arithmetic would land on either side of it.
  it.each([
    [3n, '0.2', 30, 1n], // 3·(1 − 5/6) = 0.5
    [9n, '0.2', 30, 2n], // 1.5
    [3n, '0.44', 15, 1n], // 1.44^(−1/2) = 5/6 → 0.5
    [1n, '0.44', 15, 0n], // 1/6
    [9n, '0.44', 45, 4n], // 1.44^(−3/2) = 125/216 → 9·91/216 = 3.7916…
  ])('exact tie handling: V %i, i %s, n %i → %i', (valueCents, rate, days, expected) => {
    expect(compoundDiscountCents(valueCents, parseRate(rate), days)).toBe(expected);
  });

  it('is the half-up rounding of the exact value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        rate(100_000, 6),
        fc.integer({ min: 0, max: 400 }),
        (valueCents, rate, days) => {
          const exact = oracle(valueCents, rate, days);
          const cents = compoundDiscountCents(valueCents, parseRate(rate), days);
          // Only an (exact, rational) tie could be misjudged by the oracle; those have their own table above.
          const nearTie = exact.minus(exact.floor()).minus(0.5).abs().lessThan('1e-30');
          return nearTie || cents.toString() === exact.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);
        },
      ),
      // The oracle's fractional power costs ~0.7 ms a run; the 10,000-run money properties in
      // price-credit.test.ts cover compound mode too.
      { numRuns: 1_000 },
    );
  });
});
