import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rate, saneRates } from '../test/arbitraries';
import { anticipationPricer } from './anticipation-pricer';
import { NegativeAnticipationError } from './errors';
import { type PricingRates, priceCreditDays } from './price-credit';

function expected(rates: PricingRates, valueCents: number, days: number): number {
  try {
    return Number(priceCreditDays({ ...rates, valueCents: BigInt(valueCents), days }).anticipation);
  } catch (error) {
    if (error instanceof NegativeAnticipationError) return -1;
    throw error;
  }
}

// Face values up to R$ 10 billion, as priceCreditDays' own properties use (valueCents in test/arbitraries.ts).
const value = fc.integer({ min: 0, max: 1e12 });
const days = fc.integer({ min: 0, max: 2_000 });

describe('anticipationPricer: priceCreditDays for many credits at one set of rates', () => {
  it('answers priceCreditDays’ anticipation to the centavo, or -1 where it refuses the credit', () => {
    fc.assert(
      fc.property(
        saneRates('simple'),
        fc.array(fc.tuple(value, days), { minLength: 1, maxLength: 10 }),
        (rates, credits) => {
          const anticipationOf = anticipationPricer(rates);
          for (const [valueCents, n] of credits)
            expect(anticipationOf(valueCents, n)).toBe(expected(rates, valueCents, n));
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('gives the same for a compound rate (priced by priceCreditDays itself)', () => {
    fc.assert(
      fc.property(saneRates('compound'), value, days, (rates, valueCents, n) => {
        expect(anticipationPricer(rates)(valueCents, n)).toBe(expected(rates, valueCents, n));
      }),
      { numRuns: 50 },
    );
  });

  it('gives the same where its doubles would not be exact: long rates, huge values and fees', () => {
    const wide = fc.record({
      monthlyRate: rate(Number.MAX_SAFE_INTEGER, 18),
      discountMode: fc.constant('simple' as const),
      platformFee: rate(1e15, 16),
      iofDaily: rate(1e12, 15),
      iofFixed: rate(1e9, 12),
      bankFeeCents: fc.bigInt({ min: 0n, max: 2n ** 60n }),
    });
    const huge = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
    fc.assert(
      fc.property(wide, huge, days, (rates, valueCents, n) => {
        expect(anticipationPricer(rates)(valueCents, n)).toBe(expected(rates, valueCents, n));
      }),
      { numRuns: 1_000 },
    );
  });

  it('rounds the ties half-up, as the bigint formula does', () => {
    // 1.5 % a month over 1 day of 1,000 centavos: 0.5 centavo of discount, rounded up to 1.
    const rates: PricingRates = {
      monthlyRate: '0.015',
      discountMode: 'simple',
      platformFee: '0',
      iofDaily: '0',
      iofFixed: '0',
      bankFeeCents: 0n,
    };
    expect(anticipationPricer(rates)(1_000, 1)).toBe(999);
    expect(expected(rates, 1_000, 1)).toBe(999);
  });

  it('refuses what priceCreditDays refuses', () => {
    const rates: PricingRates = {
      monthlyRate: '0.01',
      discountMode: 'simple',
      platformFee: '0',
      iofDaily: '0',
      iofFixed: '0',
      bankFeeCents: 0n,
    };
    expect(() => anticipationPricer(rates)(1.5, 10)).toThrow(RangeError);
    expect(() => anticipationPricer(rates)(100, -1)).toThrow(RangeError);
  });
});
