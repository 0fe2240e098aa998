import {
  type AnticipationOf,
  anticipationPricer,
  daysToMaturity,
  monthlyRateForDays,
  NegativeAnticipationError,
  type PricingRates,
  priceCreditDays,
  type RateBand,
} from '@portal/pricing';
import { sha256Hex } from '../../lib/crypto';
import type { PricingContext } from '../pricing/pricing-context';

/**
 * An offer that prices a program's credits now (docs/product/funders.md#lists): a funder's, by its bands, or the
 * house's (no bands: the program's own rate). offers/offer-pricing.ts's listOffersOf reads them.
 */
export type PricingOffer = { bands?: readonly RateBand[] };

/** How the credit list prices a program's credits right now: the estimate's context and payment date. */
export type ListPricing = {
  context: PricingContext;
  /** The day the estimate would pay (the context's paymentDate). */
  paymentDate: string;
  /** The offers valid now; a credit is listed at the best of those whose bands cover it (capacity aside). */
  offers: readonly PricingOffer[];
  /** Hash of everything a stored price depends on; another value means the stored prices are stale. */
  fingerprint: string;
};

/** The list's pricing from the program's pricing context (pricingContextOf, from the access check's row). */
export function listPricingOf(context: PricingContext, offers: readonly PricingOffer[]): ListPricing {
  const { paymentDate } = context;
  return { context, paymentDate, offers, fingerprint: fingerprintOf(paymentDate, context, offers) };
}

function fingerprintOf(
  paymentDate: string,
  { rates, calendar }: PricingContext,
  offers: readonly PricingOffer[],
) {
  const houseOnly = offers.length === 1 && offers[0]!.bands === undefined;
  return sha256Hex(
    JSON.stringify({
      // Left out for the house alone, so a program without funders keeps the fingerprint it had before them.
      offers: houseOnly ? undefined : offers.map((offer) => offer.bands ?? 'house'),
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
export function createCreditPricer(pricing: ListPricing) {
  const { context, paymentDate } = pricing;
  const bestOf = bestOfferPricer(pricing);
  const daysByDueDate = new Map<string, number>();
  return (valueCents: bigint, dueDate: string): ListedPrice => {
    let days = daysByDueDate.get(dueDate);
    if (days === undefined) {
      days = daysToMaturity(paymentDate, dueDate, context.calendar);
      daysByDueDate.set(dueDate, days);
    }
    // Beyond 2^53 centavos (R$ 90 trillion) a value is no longer a whole double: the bigint engine prices it.
    const best =
      valueCents <= MAX_WHOLE_DOUBLE
        ? BigInt(bestOf(Number(valueCents), days))
        : bigBestOf(pricing, valueCents, days);
    if (best < 0n) return { discountedCents: valueCents, anticipationCents: 0n };
    return { discountedCents: valueCents - best, anticipationCents: best };
  };
}

/**
 * A credit's anticipation at the best of the offers whose bands cover its days, in centavos as a whole double,
 * or -1 when none can take it (no band covers it, or its costs reach its value): the list's price, and the
 * planner's and the rules' for a credit the pass has not priced yet. One pricer per distinct monthly rate; the
 * rates covering a term are looked up once per number of days (a portfolio has a few hundred), not once per
 * credit and offer: a plan beside the start-up pass prices all 100,000 credits here, and the lookups per credit
 * were most of its time (docs/decisions/api-speed.md#best-offer-by-days).
 */
export function bestOfferPricer({
  context,
  offers,
}: Pick<ListPricing, 'context' | 'offers'>): AnticipationOf {
  const { rates } = context;
  const pricers = new Map<string, AnticipationOf>();
  const pricerOf = (monthlyRate: string) => {
    let pricer = pricers.get(monthlyRate);
    if (!pricer) {
      pricer = anticipationPricer({ ...rates, monthlyRate });
      pricers.set(monthlyRate, pricer);
    }
    return pricer;
  };
  // For each number of days, the pricers of the distinct rates of the offers covering it.
  const byDays = new Map<number, AnticipationOf[]>();
  const pricersFor = (days: number) => {
    let covering = byDays.get(days);
    if (!covering) {
      const monthlyRates = new Set<string>();
      for (const offer of offers) {
        const monthlyRate = offer.bands ? monthlyRateForDays(offer.bands, days) : rates.monthlyRate;
        if (monthlyRate !== undefined) monthlyRates.add(monthlyRate);
      }
      covering = [...monthlyRates].map(pricerOf);
      byDays.set(days, covering);
    }
    return covering;
  };
  return (valueCents, days) => {
    let best = -1;
    for (const pricer of pricersFor(days)) {
      const atOffer = pricer(valueCents, days);
      if (atOffer > best) best = atOffer;
    }
    return best;
  };
}

function bigBestOf({ context: { rates }, offers }: ListPricing, valueCents: bigint, days: number): bigint {
  let best = -1n;
  for (const offer of offers) {
    const monthlyRate = offer.bands ? monthlyRateForDays(offer.bands, days) : rates.monthlyRate;
    if (monthlyRate === undefined) continue;
    const atOffer = BigInt(bigAnticipation(valueCents, days, { ...rates, monthlyRate }));
    if (atOffer > best) best = atOffer;
  }
  return best;
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
