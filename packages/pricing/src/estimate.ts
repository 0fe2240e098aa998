import { Decimal } from 'decimal.js';
import { addBusinessDays, type CalendarOptions, nextBusinessDay } from './calendar/business-days';
import { calendarDaysBetween, type IsoDate } from './calendar/iso-date';
import { NegativeAnticipationError, OutOfBandsError } from './errors';
import { multiply, type Ratio, ratio, reduce, roundHalfUp } from './money/rational';
import { type CreditPrice, type PricingRates, priceCreditDays } from './price-credit';
import { monthlyRateForDays, type RateBand } from './rate-bands';

export type EstimateCredit<Id> = { id: Id; valueCents: bigint; dueDate: IsoDate };

export type EstimateInput<Id> = {
  credits: readonly EstimateCredit<Id>[];
  /** The request day in the organization's zone; the caller turns "now" into it. */
  requestDate: IsoDate;
  /** Business days from the request day to the payment. */
  daysToPay: number;
  program: PricingRates;
  /**
   * A funder's offer: each credit's monthly rate is its band's (by its days), instead of the program's; a credit
   * past the last band throws OutOfBandsError. Every other rate stays the program's.
   */
  bands?: readonly RateBand[];
  /** The settlement calendar; defaults to the Brazilian national bank calendar. */
  calendar?: CalendarOptions;
};

export type CreditEstimate<Id> = CreditPrice & { id: Id; dueDate: IsoDate; value: bigint };

/** Sums of the rounded rows, never re-rounded totals, so the rows always add up to what is shown. */
export type EstimateTotals = {
  value: bigint;
  investorDiscount: bigint;
  platformFee: bigint;
  discount: bigint;
  dailyIof: bigint;
  fixedIof: bigint;
  iof: bigint;
  /** Σ bank fees */
  fees: bigint;
  /** Σ anticipation: the net amount paid to the supplier (the estimate's `total`). */
  anticipation: bigint;
};

export type Estimate<Id> = {
  /** The payment date. */
  date: IsoDate;
  daysToPay: number;
  creditEstimates: CreditEstimate<Id>[];
  totals: EstimateTotals;
  /** Σ(V·n) / ΣV in days, exact (0/1 when there is no value). */
  averageTimeframeRatio: Ratio;
  /** The same, rounded half-up to 2 decimals, for display only. */
  averageTimeframe: number;
  /**
   * (ΣV / Σanticipation)^(30 / averageTimeframe) − 1, the monthly rate suppliers compare across offers.
   * A display figure, not money. null when undefined: no value, nothing received, or no time to pay over.
   */
  effectiveMonthlyCost: number | null;
  /** The same rounded half-up to 6 decimals, e.g. '0.018812'. */
  effectiveMonthlyCostDecimal: string | null;
  /** The distinct monthly rates the credits were priced at, in the order first used. */
  monthlyRates: string[];
};

const TOTAL_KEYS = ['investorDiscount', 'platformFee', 'discount', 'dailyIof', 'fixedIof', 'iof'] as const;

export function estimate<Id>({
  credits,
  requestDate,
  daysToPay,
  program,
  bands,
  calendar,
}: EstimateInput<Id>): Estimate<Id> {
  const date = addBusinessDays(requestDate, daysToPay, calendar);
  // Many credits share a due date: its days to maturity (a walk of the bank calendar, as priceCredit does) are
  // found once for all of them, which makes an estimate of thousands of credits about twice as fast.
  const daysByDueDate = new Map<string, number>();
  const daysTo = (dueDate: string) => {
    let days = daysByDueDate.get(dueDate);
    if (days === undefined) {
      days = Math.max(0, calendarDaysBetween(date, nextBusinessDay(dueDate, calendar)));
      daysByDueDate.set(dueDate, days);
    }
    return days;
  };
  const monthlyRates = new Set<string>();
  const creditEstimates = credits.map(({ id, valueCents, dueDate }): CreditEstimate<Id> => {
    const days = daysTo(dueDate);
    const monthlyRate = bands ? monthlyRateForDays(bands, days) : program.monthlyRate;
    if (monthlyRate === undefined) throw new OutOfBandsError(days, id);
    monthlyRates.add(monthlyRate);
    try {
      return {
        id,
        dueDate,
        value: valueCents,
        ...priceCreditDays({ valueCents, days, ...program, monthlyRate }),
      };
    } catch (error) {
      if (error instanceof NegativeAnticipationError) {
        throw new NegativeAnticipationError({ valueCents, costsCents: error.costsCents, creditId: id });
      }
      throw error;
    }
  });

  const totals: EstimateTotals = {
    value: 0n,
    investorDiscount: 0n,
    platformFee: 0n,
    discount: 0n,
    dailyIof: 0n,
    fixedIof: 0n,
    iof: 0n,
    fees: 0n,
    anticipation: 0n,
  };
  let valueTimesDays = 0n;
  for (const row of creditEstimates) {
    totals.value += row.value;
    for (const key of TOTAL_KEYS) totals[key] += row[key];
    totals.fees += row.bankFee;
    totals.anticipation += row.anticipation;
    valueTimesDays += row.value * BigInt(row.days);
  }

  const averageTimeframeRatio =
    totals.value === 0n ? ratio(0n, 1n) : reduce(ratio(valueTimesDays, totals.value));
  const effectiveCost = effectiveMonthlyCostOf(totals, valueTimesDays);
  return {
    date,
    daysToPay,
    creditEstimates,
    totals,
    averageTimeframeRatio,
    averageTimeframe: Number(roundHalfUp(multiply(averageTimeframeRatio, 100n))) / 100,
    effectiveMonthlyCost: effectiveCost ?? null,
    effectiveMonthlyCostDecimal:
      effectiveCost === undefined ? null : new Decimal(effectiveCost).toFixed(6, Decimal.ROUND_HALF_UP),
    monthlyRates: [...monthlyRates],
  };
}

/**
 * A display rate, not money, so a double is precise enough (about 15 significant digits, far beyond the
 * 6 decimals shown); decimal.js' fractional power costs about a millisecond per estimate for no visible gain.
 * log1p/expm1 of the exact costs keep full precision when the cost is tiny.
 */
function effectiveMonthlyCostOf(totals: EstimateTotals, valueTimesDays: bigint): number | undefined {
  if (totals.value === 0n || totals.anticipation === 0n || valueTimesDays === 0n) return undefined;
  // ΣV / Σanticipation = 1 + costs / Σanticipation; 30 / averageTimeframe = 30·ΣV / Σ(V·n), from the exact sums.
  const costs = totals.value - totals.anticipation;
  const exponent = Number(30n * totals.value) / Number(valueTimesDays);
  const cost = Math.expm1(exponent * Math.log1p(Number(costs) / Number(totals.anticipation)));
  // Nearly all the value paid on the due date (an average timeframe of seconds) makes the monthly rate
  // beyond any double: not a figure anyone can compare, so not defined (and JSON has no Infinity).
  return Number.isFinite(cost) ? cost : undefined;
}
