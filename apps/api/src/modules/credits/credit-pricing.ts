import {
  anticipationPricer,
  daysToMaturity,
  NegativeAnticipationError,
  type PricingRates,
  priceCreditDays,
} from '@portal/pricing';
import { sha256Hex } from '../../lib/crypto';
import type { PricingContext } from '../pricing/pricing-context';

/** How the credit list prices a program's credits right now: the estimate's context and payment date. */
export type ListPricing = {
  context: PricingContext;
  /** The day the estimate would pay (the context's paymentDate). */
  paymentDate: string;
  /** Hash of everything a stored price depends on; another value means the stored prices are stale. */
  fingerprint: string;
};

/** The list's pricing from the program's pricing context (pricingContextOf, from the access check's row). */
export function listPricingOf(context: PricingContext): ListPricing {
  const { paymentDate } = context;
  return { context, paymentDate, fingerprint: fingerprintOf(paymentDate, context) };
}

function fingerprintOf(paymentDate: string, { rates, calendar }: PricingContext): string {
  return sha256Hex(
    JSON.stringify({
      paymentDate,
      monthlyRate: rates.monthlyRate,
      discountMode: rates.discountMode,
      platformFee: rates.platformFee,
      iofDaily: rates.iofDaily,
      iofFixed: rates.iofFixed,
      bankFeeCents: String(rates.bankFeeCents),
      businessDaysOnly: calendar.businessDaysOnly ?? true,
      holidays: calendar.holidays ? [...calendar.holidays].sort() : null,
    }),
  );
}

/** The two figures of a list row, in centavos: what is withheld, and what the supplier receives. */
export type ListedPrice = { discountedCents: bigint; anticipationCents: bigint };

/**
 * A pricer for many credits at one payment date. Each credit gets the estimate's own price (priceCreditDays'
 * anticipation, through anticipationPricer: the rates parsed once, the exact formula in whole numbers), with
 * its days to maturity computed once per due date (the calendar walk of priceCredit).
 *
 * discountedValue is everything withheld (value − anticipation: discount, platform fee, IOF and bank fee), so
 * the list's columns add up: original = discounted + anticipation. Costs above the value, which the estimate
 * refuses, list as anticipation 0 rather than hiding the credit.
 */
export function createCreditPricer({ context, paymentDate }: ListPricing) {
  const { rates, calendar } = context;
  const anticipationOf = anticipationPricer(rates);
  const daysByDueDate = new Map<string, number>();
  return (valueCents: bigint, dueDate: string): ListedPrice => {
    let days = daysByDueDate.get(dueDate);
    if (days === undefined) {
      days = daysToMaturity(paymentDate, dueDate, calendar);
      daysByDueDate.set(dueDate, days);
    }
    // Beyond 2^53 centavos (R$ 90 trillion) a value is no longer a whole double: the bigint engine prices it.
    const anticipation =
      valueCents <= MAX_WHOLE_DOUBLE
        ? anticipationOf(Number(valueCents), days)
        : bigAnticipation(valueCents, days, rates);
    if (anticipation < 0) return { discountedCents: valueCents, anticipationCents: 0n };
    const anticipationCents = BigInt(anticipation);
    return { discountedCents: valueCents - anticipationCents, anticipationCents };
  };
}

const MAX_WHOLE_DOUBLE = BigInt(Number.MAX_SAFE_INTEGER);

function bigAnticipation(valueCents: bigint, days: number, rates: PricingRates): bigint | -1 {
  try {
    return priceCreditDays({ valueCents, days, ...rates }).anticipation;
  } catch (error) {
    if (error instanceof NegativeAnticipationError) return -1;
    throw error;
  }
}
