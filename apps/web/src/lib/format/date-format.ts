import type { Locale } from '@portal/contract';
import { cachedFormatter } from './formatter-cache';

const dateTimeFormat = cachedFormatter(
  (locale: Locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

/**
 * Calendar dates travel as `YYYY-MM-DD`. `new Date('2026-02-03')` is UTC midnight, which a browser west of
 * Greenwich shows as the day before; so the date is built and formatted in UTC, where it stays that day.
 */
function utcDate(isoDate: string): Date {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) throw new RangeError(`not a calendar date: ${isoDate}`);
  return new Date(Date.UTC(year, month - 1, day));
}

/** The numeric date every screen writes, alone or with a time, so both read alike side by side. */
const numericDate = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** A calendar date in the locale's numeric form: 03/02/2026 (pt-BR), 2026/02/03 (en-ZA). */
export function formatDate(isoDate: string, locale: Locale): string {
  return dateTimeFormat(locale, { timeZone: 'UTC', ...numericDate }).format(utcDate(isoDate));
}

/** A calendar date with the month's name: 3 de fev. de 2026 (pt-BR), 03 Feb 2026 (en-ZA). */
export function formatLongDate(isoDate: string, locale: Locale): string {
  return dateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(utcDate(isoDate));
}

/**
 * An instant in the organization's zone (America/Sao_Paulo unless told), with the time: its date as
 * formatDate writes one (a four-digit year where the locale's short style has two: 11/26/2026, 10:48 AM).
 */
export function formatDateTime(
  instant: string | Date,
  locale: Locale,
  timeZone = 'America/Sao_Paulo',
): string {
  return dateTimeFormat(locale, { timeZone, ...numericDate, hour: '2-digit', minute: '2-digit' }).format(
    typeof instant === 'string' ? new Date(instant) : instant,
  );
}

/** A `YYYY-MM` month for chart axes: "nov. de 2026", "Nov 2026". */
export function formatMonth(isoMonth: string, locale: Locale): string {
  return dateTimeFormat(locale, { timeZone: 'UTC', month: 'short', year: 'numeric' }).format(
    utcDate(`${isoMonth}-01`),
  );
}
