import { isBrazilianBankHoliday } from './bank-holidays';
import { addCalendarDays, dayOfWeek, type IsoDate, parseIsoDate } from './iso-date';

export type CalendarOptions = {
  /**
   * false: every day is a business day (an organization open all week, like the demo one).
   * Default true: weekends and holidays are closed.
   */
  businessDaysOnly?: boolean;
  /**
   * Replaces the Brazilian national bank holidays, e.g. to add a city's holidays to bankHolidaysOf(year).
   * Dates as 'YYYY-MM-DD'.
   */
  holidays?: ReadonlySet<IsoDate>;
};

const SATURDAY = 6;
const SUNDAY = 0;

export function isBusinessDay(date: IsoDate, options: CalendarOptions = {}): boolean {
  parseIsoDate(date);
  if (options.businessDaysOnly === false) return true;
  const weekday = dayOfWeek(date);
  if (weekday === SATURDAY || weekday === SUNDAY) return false;
  return options.holidays ? !options.holidays.has(date) : !isBrazilianBankHoliday(date);
}

/** The date itself when it is a business day, otherwise the first business day after it. */
export function nextBusinessDay(date: IsoDate, options: CalendarOptions = {}): IsoDate {
  let day = date;
  while (!isBusinessDay(day, options)) day = addCalendarDays(day, 1);
  return day;
}

/**
 * The n-th business day after `date`, which itself counts as day 0 whatever it is. n = 0 gives
 * nextBusinessDay(date), so the result is always a business day (nobody is paid on a holiday).
 */
export function addBusinessDays(date: IsoDate, n: number, options: CalendarOptions = {}): IsoDate {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`Business days must be a whole number ≥ 0, not ${n}`);
  let day = date;
  for (let counted = 0; counted < n; ) {
    day = addCalendarDays(day, 1);
    if (isBusinessDay(day, options)) counted++;
  }
  return nextBusinessDay(day, options);
}
