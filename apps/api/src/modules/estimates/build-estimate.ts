import { centsToWire, type Estimate } from '@portal/contract';
import { estimate, NegativeAnticipationError } from '@portal/pricing';
import { AppError } from '../../http/app-error';
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

/**
 * The wire estimate of some credits at the context's instant
 * (docs/product/pricing-and-eligibility.md#estimate). Money stays bigint centavos up to here and crosses to
 * reais once, per figure. A credit too close to its due date (eligibility) or whose costs exceed its value
 * refuses the whole estimate: the estimate call and the batch claim alike.
 */
export function buildEstimate(
  context: PricingContext,
  credits: readonly PricedCredit[],
  programFinancial: ProgramFinancial,
): Estimate {
  assertEligible(context, credits);
  const result = priceOrRefuse(context, credits);
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
    programFinancial,
  };
}

function priceOrRefuse(context: PricingContext, credits: readonly PricedCredit[]) {
  try {
    return estimate({
      credits: credits.map((c) => ({ id: c.id, valueCents: c.originalValueCents, dueDate: c.expireDate })),
      requestDate: context.requestDate,
      daysToPay: context.daysToPay,
      program: context.rates,
      calendar: context.calendar,
    });
  } catch (error) {
    if (error instanceof NegativeAnticipationError) throw new AppError('error.credit.invalid');
    throw error;
  }
}
