import { NegativeAnticipationError, priceCredit, priceCreditDays } from '@portal/pricing';
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
 * A pricer for many credits at one payment date. Each credit goes through the estimate's engine: the first
 * credit of a due date through priceCredit (business-day settlement, days to it), the others of that due date
 * through priceCreditDays with the days priceCredit found, which is the same computation without redoing
 * the calendar walk (100,000 credits: 0.4 s instead of 1.1 s).
 *
 * discountedValue is everything withheld (value − anticipation: discount, platform fee, IOF and bank fee), so
 * the list's columns add up: original = discounted + anticipation. Costs above the value, which the estimate
 * refuses, list as anticipation 0 rather than hiding the credit.
 */
export function createCreditPricer({ context, paymentDate }: ListPricing) {
  const { rates, calendar } = context;
  const daysByDueDate = new Map<string, number>();
  const price = (valueCents: bigint, dueDate: string) => {
    const days = daysByDueDate.get(dueDate);
    if (days !== undefined) return priceCreditDays({ valueCents, days, ...rates });
    const priced = priceCredit({ valueCents, paymentDate, dueDate, program: rates, calendar });
    daysByDueDate.set(dueDate, priced.days);
    return priced;
  };
  return (valueCents: bigint, dueDate: string): ListedPrice => {
    try {
      const { anticipation } = price(valueCents, dueDate);
      return { discountedCents: valueCents - anticipation, anticipationCents: anticipation };
    } catch (error) {
      if (error instanceof NegativeAnticipationError)
        return { discountedCents: valueCents, anticipationCents: 0n };
      throw error;
    }
  };
}
