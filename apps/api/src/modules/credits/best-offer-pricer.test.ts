import { anticipationPricer, monthlyRateForDays, type PricingRates, type RateBand } from '@portal/pricing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricingContext } from '../pricing/pricing-context';
import { bestOfferPricer, type PricingOffer } from './credit-pricing';

/*
 * The price of a credit the pass has not stored yet, at the best of the offers covering its term: what the
 * planner and the rules compute for every credit of a participation beside the start-up pass (100,000 in the
 * bench), so the rates covering a term are looked up once per number of days, never per credit.
 */

const rates: PricingRates = {
  monthlyRate: '0.015',
  discountMode: 'simple',
  platformFee: '0.0035',
  iofDaily: '0.000082',
  iofFixed: '0.0038',
  bankFeeCents: 350n,
};
const context = { rates } as PricingContext;

/** The definition: each offer covering the term at its band's rate, the house at the program's, the highest. */
function bestByDefinition(offers: readonly PricingOffer[], valueCents: number, days: number) {
  let best = -1;
  for (const offer of offers) {
    const monthlyRate = offer.bands ? monthlyRateForDays(offer.bands, days) : rates.monthlyRate;
    if (monthlyRate === undefined) continue;
    best = Math.max(best, anticipationPricer({ ...rates, monthlyRate })(valueCents, days));
  }
  return best;
}

const rate = fc.integer({ min: 1, max: 300 }).map((n) => (n / 10_000).toFixed(4));
const bands = fc
  .uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 4 })
  .chain((ends) =>
    fc.tuple(
      ...ends.sort((a, b) => a - b).map((upToDays) => rate.map((monthlyRate) => ({ upToDays, monthlyRate }))),
    ),
  );
const offers = fc
  .array(fc.option(bands, { nil: undefined }), { minLength: 1, maxLength: 6 })
  .map((list) => list.map((b): PricingOffer => (b ? { bands: b } : {})));

describe('bestOfferPricer', () => {
  it('answers the best of the offers covering each term, -1 where none does, as the definition', () => {
    fc.assert(
      fc.property(
        offers,
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 500 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (list, credits) => {
          const price = bestOfferPricer({ context, offers: list });
          for (const [valueCents, days] of credits) {
            expect(price(valueCents, days)).toBe(bestByDefinition(list, valueCents, days));
          }
        },
      ),
    );
  });

  it('reads the offers’ bands once per number of days, not once per credit', () => {
    let reads = 0;
    const counted = (upToDays: number, monthlyRate: string): RateBand => ({
      get upToDays() {
        reads += 1;
        return upToDays;
      },
      monthlyRate,
    });
    const list: PricingOffer[] = [
      {},
      ...[0, 1, 2, 3, 4].map((i) => ({
        bands: [counted(30, '0.011'), counted(90, (0.016 - i * 0.001).toFixed(4)), counted(3650, '0.02')],
      })),
    ];
    const price = bestOfferPricer({ context, offers: list });
    // 10,000 credits over 50 terms: at most 5 offers × 3 bands read per term.
    for (let i = 0; i < 10_000; i++) price(100_000 + i, 10 + (i % 50));
    expect(reads).toBeLessThanOrEqual(50 * 5 * 3);
  });
});
