import { computeBankHolidays } from './bank-holiday-rules';
import type { IsoDate } from './iso-date';
import { REVIEWED_BANK_HOLIDAYS } from './reviewed-bank-holidays';

// Holidays are looked up per year; computed years are cached because pricing a page of credits asks about the
// same few years thousands of times.
const cache = new Map<number, ReadonlySet<IsoDate>>();

/** The Brazilian national bank holidays of a year: the reviewed list for 2024..2030, the rules elsewhere. */
export function bankHolidaysOf(year: number): readonly IsoDate[] {
  return [...holidaySetOf(year)].sort();
}

export function isBrazilianBankHoliday(date: IsoDate): boolean {
  return holidaySetOf(Number(date.slice(0, 4))).has(date);
}

function holidaySetOf(year: number): ReadonlySet<IsoDate> {
  let holidays = cache.get(year);
  if (!holidays) {
    holidays = new Set(REVIEWED_BANK_HOLIDAYS[year] ?? computeBankHolidays(year));
    cache.set(year, holidays);
  }
  return holidays;
}
