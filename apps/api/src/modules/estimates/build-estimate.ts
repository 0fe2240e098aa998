import { centsToWire, type Estimate, type OfferChoice } from '@portal/contract';
import { chooseOffer, type OfferCandidate, priceAtOffers } from '../offers/offer-pricing';
import { plainRate } from '../offers/plain-rate';
import { assertEligible } from '../pricing/eligibility';
import type { PricingContext } from '../pricing/pricing-context';
import type { PricedCredit } from './caller-credits';

export type ProgramFinancial = Estimate['programFinancial'];

/**
 * What the screen shows about the program next to the figures
 * (docs/product/pricing-and-eligibility.md#estimate).
 */
export function programFinancialOf(
  program: { active: boolean; sessionTermHtml: string },
  programProvider: { status: string },
): ProgramFinancial {
  return {
    active: program.active && programProvider.status === 'ACTIVATED',
    financialConfiguration: { sessionTerm: program.sessionTermHtml || null },
  };
}

/** The offers a set may be priced at, and the one the caller names (none: the best). */
export type OfferPricing = { candidates: readonly OfferCandidate[]; named?: OfferChoice };

/**
 * The wire estimate of some credits at the context's instant
 * (docs/product/pricing-and-eligibility.md#estimate), priced at every offer that can take them
 * (docs/product/funders.md#pricing): its own figures are the chosen offer's, the best unless one is named. Money
 * stays bigint centavos up to here and crosses to reais once, per figure. A credit too close to its due date
 * (eligibility) refuses the whole estimate: the estimate call and the batch claim alike.
 */
export function buildEstimate(
  context: PricingContext,
  credits: readonly PricedCredit[],
  programFinancial: ProgramFinancial,
  pricing: OfferPricing,
): Estimate {
  assertEligible(context, credits);
  const atOffers = priceAtOffers(context, credits, pricing.candidates);
  const chosen = chooseOffer(pricing.candidates, atOffers, pricing.named);
  const result = chosen.priced;
  const { totals, averageTimeframeRatio: average } = result;
  return {
    date: result.date,
    total: centsToWire(totals.anticipation),
    value: centsToWire(totals.value),
    discount: centsToWire(totals.discount),
    fees: centsToWire(totals.fees),
    iof: centsToWire(totals.iof),
    // Unrounded, as the contract says; the ratio is exact and already reduced.
    averageTimeframe: Number(average.numerator) / Number(average.denominator),
    effectiveMonthlyCost: result.effectiveMonthlyCost,
    daysToPay: context.daysToPay,
    anticipationMaxTime: context.anticipationMaxTime,
    creditEstimates: result.creditEstimates.map((row, i) => {
      const credit = credits[i]!;
      return {
        id: credit.id,
        nfNumber: credit.nfNumber,
        nfSerial: credit.nfSerial,
        installmentNumber: credit.installmentNumber,
        expireDate: credit.expireDate,
        originalValue: centsToWire(row.value),
        discount: centsToWire(row.discount),
        investorDiscount: centsToWire(row.investorDiscount),
        platformFee: centsToWire(row.platformFee),
        dailyIof: centsToWire(row.dailyIof),
        fixedIof: centsToWire(row.fixedIof),
        bankFee: centsToWire(row.bankFee),
        anticipation: centsToWire(row.anticipation),
        days: row.days,
      };
    }),
    offerId: chosen.candidate.offerId,
    funder: chosen.candidate.funder,
    offers: atOffers.offers.map(({ candidate, priced }) => ({
      offerId: candidate.offerId,
      funder: candidate.funder,
      total: centsToWire(priced.totals.anticipation),
      discount: centsToWire(priced.totals.discount),
      effectiveMonthlyCost: priced.effectiveMonthlyCost,
      monthlyRates: priced.monthlyRates.map(plainRate),
    })),
    programFinancial,
  };
}
