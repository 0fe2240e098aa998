// @portal/pricing: pure money and calendar functions. Money is integer centavos as bigint; rates are decimal
// strings; dates are 'YYYY-MM-DD' in the organization's zone, chosen by the caller.

export { type AnticipationOf, anticipationPricer } from './anticipation-pricer';
export { bankHolidaysOf, isBrazilianBankHoliday } from './calendar/bank-holidays';
export {
  addBusinessDays,
  type CalendarOptions,
  isBusinessDay,
  nextBusinessDay,
} from './calendar/business-days';
export { daysToMaturity, firstEligibleDueDate } from './calendar/eligibility';
export {
  addCalendarDays,
  calendarDaysBetween,
  fromDayNumber,
  type IsoDate,
  toDayNumber,
} from './calendar/iso-date';
export { NegativeAnticipationError, OutOfBandsError } from './errors';
export {
  type CreditEstimate,
  type Estimate,
  type EstimateCredit,
  type EstimateInput,
  type EstimateTotals,
  estimate,
} from './estimate';
export { parseRate, type Ratio } from './money/rational';
export * from './plan/plan-credits';
export {
  type CreditPrice,
  type DiscountMode,
  type PriceCreditDaysInput,
  type PriceCreditInput,
  type PricingRates,
  priceCredit,
  priceCreditDays,
} from './price-credit';
export { monthlyRateForDays, type RateBand } from './rate-bands';
export { type SimulationExample, simulationExample } from './simulation-example';
