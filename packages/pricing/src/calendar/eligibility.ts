import { type CalendarOptions, isBusinessDay, nextBusinessDay } from './business-days';
import { addCalendarDays, calendarDaysBetween, type IsoDate } from './iso-date';

/**
 * The days a credit runs from the payment date to its due date, the due date moved to the next business
 * day (the day the buyer really pays): the `n` of the price. A due date already past gives 0.
 */
export function daysToMaturity(
  paymentDate: IsoDate,
  dueDate: IsoDate,
  options: CalendarOptions = {},
): number {
  return Math.max(0, calendarDaysBetween(paymentDate, nextBusinessDay(dueDate, options)));
}

/**
 * The earliest due date a credit may have and still be advanced at `paymentDate` with at least `minDays`
 * days to maturity: every due date from it on qualifies, every one before it does not.
 *
 * Why this is one date: the settlement day (the due date moved to the next business day) never decreases as
 * the due date grows. With T = paymentDate + minDays and B the last business day before T, a due date up to
 * B settles on or before B (< T), and any due date after B settles on the first business day from it on,
 * which is T or later. So the answer is the day after B, and a query filters `expire_date >= it` on an index.
 */
export function firstEligibleDueDate(
  paymentDate: IsoDate,
  minDays: number,
  options: CalendarOptions = {},
): IsoDate {
  // At least 1: a credit paid on its due date (or after it) is no early payment at all.
  if (!Number.isSafeInteger(minDays) || minDays < 1)
    throw new RangeError(`Days to maturity must be a whole number ≥ 1, not ${minDays}`);
  let lastBusinessDayBefore = addCalendarDays(paymentDate, minDays - 1);
  while (!isBusinessDay(lastBusinessDayBefore, options))
    lastBusinessDayBefore = addCalendarDays(lastBusinessDayBefore, -1);
  return addCalendarDays(lastBusinessDayBefore, 1);
}
