import { type CalendarOptions, nextBusinessDay } from './calendar/business-days';
import { calendarDaysBetween, type IsoDate } from './calendar/iso-date';
import { NegativeAnticipationError } from './errors';
import { compoundDiscountCents } from './money/compound-discount';
import { multiply, parseRate, ratio, roundHalfUp } from './money/rational';

// docs/product/pricing-and-eligibility.md#credit-price: each component is the exact formula rounded half-up
// to the centavo once; the anticipation is what is left, so value = anticipation + every component, to the
// centavo, by construction.

export type DiscountMode = 'simple' | 'compound';

/** A program's rates. Rates are decimal strings as stored ('0.015' = 1.5 %), never floats. */
export type PricingRates = {
  /** Monthly discount rate, '0.015' = 1.5 % a month. */
  monthlyRate: string;
  discountMode: DiscountMode;
  /** Platform fee per transaction, a fraction of the face value. */
  platformFee: string;
  /** IOF per day, a fraction ('0.000082' = 0.0082 % a day). */
  iofDaily: string;
  /** IOF once per operation, a fraction ('0.0038' = 0.38 %). */
  iofFixed: string;
  /** Fixed bank fee per credit. */
  bankFeeCents: bigint;
};

export type CreditPrice = {
  days: number;
  investorDiscount: bigint;
  platformFee: bigint;
  /** investorDiscount + platformFee, the "discount" of the credit estimate. */
  discount: bigint;
  dailyIof: bigint;
  fixedIof: bigint;
  /** dailyIof + fixedIof */
  iof: bigint;
  bankFee: bigint;
  /** What the supplier receives: value minus every component above. */
  anticipation: bigint;
};

export type PriceCreditInput = {
  valueCents: bigint;
  paymentDate: IsoDate;
  dueDate: IsoDate;
  program: PricingRates;
  /** The settlement calendar; defaults to the Brazilian national bank calendar. */
  calendar?: CalendarOptions;
};

/** IOF is charged for at most a year, whatever the term (Decreto 6.306/2007, art. 7). */
const IOF_MAX_DAYS = 365;
const DAYS_PER_MONTH = 30n;

/**
 * Prices one credit paid on `paymentDate`. The buyer settles on the due date, or the next business day when it
 * falls on a weekend or holiday, so that is the day the discount runs to. A due date already past gives 0 days.
 */
export function priceCredit({
  valueCents,
  paymentDate,
  dueDate,
  program,
  calendar,
}: PriceCreditInput): CreditPrice {
  const settlementDate = nextBusinessDay(dueDate, calendar);
  const days = Math.max(0, calendarDaysBetween(paymentDate, settlementDate));
  return priceCreditDays({ valueCents, days, ...program });
}

export type PriceCreditDaysInput = PricingRates & { valueCents: bigint; days: number };

/** The same price with the number of days n given directly. */
export function priceCreditDays(input: PriceCreditDaysInput): CreditPrice {
  const { valueCents, days, discountMode, bankFeeCents: bankFee } = input;
  if (valueCents < 0n) throw new RangeError(`A credit value cannot be negative: ${valueCents}`);
  if (bankFee < 0n) throw new RangeError(`A bank fee cannot be negative: ${bankFee}`);
  if (!Number.isSafeInteger(days) || days < 0) {
    throw new RangeError(`Days must be a whole number ≥ 0, not ${days}`);
  }
  if (discountMode !== 'simple' && discountMode !== 'compound') {
    throw new RangeError(`Unknown discount mode ${JSON.stringify(discountMode)}`);
  }
  const monthlyRate = parseRate(input.monthlyRate);
  const platformRate = parseRate(input.platformFee);
  const iofDailyRate = parseRate(input.iofDaily);
  const iofFixedRate = parseRate(input.iofFixed);

  const investorDiscount =
    discountMode === 'compound'
      ? compoundDiscountCents(valueCents, monthlyRate, days)
      : roundHalfUp(multiply(valueCents, monthlyRate, ratio(BigInt(days), DAYS_PER_MONTH)));
  const platformFee = roundHalfUp(multiply(valueCents, platformRate));
  // Refused before IOF: on a negative base the tax would turn into a credit and hide the problem.
  if (investorDiscount > valueCents) {
    throw new NegativeAnticipationError({ valueCents, costsCents: investorDiscount + platformFee + bankFee });
  }
  const iofBase = valueCents - investorDiscount;
  const dailyIof = roundHalfUp(multiply(iofBase, iofDailyRate, BigInt(Math.min(days, IOF_MAX_DAYS))));
  const fixedIof = roundHalfUp(multiply(iofBase, iofFixedRate));

  const costs = investorDiscount + platformFee + dailyIof + fixedIof + bankFee;
  if (costs > valueCents) {
    throw new NegativeAnticipationError({ valueCents, costsCents: costs });
  }
  return {
    days,
    investorDiscount,
    platformFee,
    discount: investorDiscount + platformFee,
    dailyIof,
    fixedIof,
    iof: dailyIof + fixedIof,
    bankFee,
    anticipation: valueCents - costs,
  };
}
