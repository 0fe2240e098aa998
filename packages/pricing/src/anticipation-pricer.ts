import { NegativeAnticipationError } from './errors';
import { parseRate } from './money/rational';
import { type PricingRates, priceCreditDays } from './price-credit';

/**
 * Below this, 2n + d and q × 2d of a rounding (roundHalfUp below) are whole numbers under 2^53, which doubles
 * hold exactly.
 */
const EXACT_BELOW = 2 ** 50;
const IOF_MAX_DAYS = 365;
const DAYS_PER_MONTH = 30;

/** What the supplier receives for a credit, in centavos; -1 when its costs exceed its value. */
export type AnticipationOf = (valueCents: number, days: number) => number;

/**
 * priceCreditDays' `anticipation` for many credits at one program's rates, as a plain number of centavos, or
 * -1 where priceCreditDays refuses the credit (NegativeAnticipationError). The planner and the automatic
 * rules price every credit not priced by the pass yet (all of them while a pass after a rate change runs):
 * priceCreditDays parses the four rates and computes in bigints for each credit, about 5 µs; here the rates
 * are parsed once and each component is the same exact formula, rounded half-up once, in whole doubles, which
 * are exact while every product stays below 2^50. A credit whose products do not, or a compound rate (its
 * exact root needs bigints), goes through priceCreditDays itself: the answer is the same either way
 * (anticipation-pricer.test.ts).
 */
export function anticipationPricer(rates: PricingRates): AnticipationOf {
  const exact: AnticipationOf = (valueCents, days) => {
    try {
      return Number(priceCreditDays({ ...rates, valueCents: BigInt(valueCents), days }).anticipation);
    } catch (error) {
      if (error instanceof NegativeAnticipationError) return -1;
      throw error;
    }
  };
  const terms = rates.discountMode === 'simple' ? wholeTerms(rates) : undefined;
  if (!terms) return exact;
  const { monthly, platform, daily, fixed, bankFee } = terms;
  const monthDenominator = monthly.denominator * DAYS_PER_MONTH;
  return (valueCents, days) => {
    if (!Number.isSafeInteger(valueCents) || valueCents < 0 || !Number.isSafeInteger(days) || days < 0) {
      return exact(valueCents, days); // which refuses them as priceCreditDays does
    }
    const discount = roundHalfUp(valueCents * monthly.numerator * days, monthDenominator);
    const platformFee = roundHalfUp(valueCents * platform.numerator, platform.denominator);
    if (discount < 0 || platformFee < 0) return exact(valueCents, days);
    if (discount > valueCents) return -1;
    const iofBase = valueCents - discount;
    const dailyIof = roundHalfUp(iofBase * daily.numerator * Math.min(days, IOF_MAX_DAYS), daily.denominator);
    const fixedIof = roundHalfUp(iofBase * fixed.numerator, fixed.denominator);
    if (dailyIof < 0 || fixedIof < 0) return exact(valueCents, days);
    const costs = discount + platformFee + dailyIof + fixedIof + bankFee;
    return costs > valueCents ? -1 : valueCents - costs;
  };
}

type Terms = { numerator: number; denominator: number };

/** The rates as whole-number ratios in doubles, or undefined when a term is too large to stay exact. */
function wholeTerms(rates: PricingRates) {
  const termsOf = (rate: string): Terms | undefined => {
    const { numerator, denominator } = parseRate(rate);
    if (numerator >= BigInt(EXACT_BELOW) || denominator * 30n >= BigInt(EXACT_BELOW)) return undefined;
    return { numerator: Number(numerator), denominator: Number(denominator) };
  };
  const monthly = termsOf(rates.monthlyRate);
  const platform = termsOf(rates.platformFee);
  const daily = termsOf(rates.iofDaily);
  const fixed = termsOf(rates.iofFixed);
  const { bankFeeCents } = rates;
  if (!monthly || !platform || !daily || !fixed || bankFeeCents < 0n || bankFeeCents >= BigInt(EXACT_BELOW))
    return undefined;
  return { monthly, platform, daily, fixed, bankFee: Number(bankFeeCents) };
}

/**
 * n / d rounded half-up (rational.ts's roundHalfUp) for whole n ≥ 0 and d > 0 given as doubles; -1 when n or d
 * is too large for the result to be exact. The division's quotient may be off by one once rounded to a
 * double; the exact remainder corrects it.
 */
function roundHalfUp(n: number, d: number): number {
  if (!(n < EXACT_BELOW && d < EXACT_BELOW)) return -1;
  const numerator = 2 * n + d;
  const denominator = 2 * d;
  let quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (remainder < 0) quotient -= 1;
  else if (remainder >= denominator) quotient += 1;
  return quotient;
}
