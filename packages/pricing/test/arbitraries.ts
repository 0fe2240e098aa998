import fc from 'fast-check';
import type { PricingRates } from '../src/price-credit';

/** A rate as the decimal string storage gives, k / 10^scale, built from integers (no float on the way). */
export function rateString(k: number, scale: number): string {
  const digits = String(k).padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

export const rate = (max: number, scale: number) =>
  fc.integer({ min: 0, max }).map((k) => rateString(k, scale));

/**
 * "Sane" program rates: up to 10 % a month, 5 % platform fee, IOF up to the reference rates for companies
 * (0.0082 % a day, 0.38 %), a bank fee up to R$ 50.
 */
export const saneRates = (discountMode?: PricingRates['discountMode']): fc.Arbitrary<PricingRates> =>
  fc.record({
    monthlyRate: rate(100_000, 6),
    discountMode: discountMode ? fc.constant(discountMode) : fc.constantFrom('simple', 'compound'),
    platformFee: rate(50_000, 6),
    iofDaily: rate(82, 6),
    iofFixed: rate(38, 4),
    bankFeeCents: fc.bigInt({ min: 0n, max: 5_000n }),
  });

/** Face values from 1 centavo to R$ 10 billion. */
export const valueCents = fc.bigInt({ min: 1n, max: 10n ** 12n });
