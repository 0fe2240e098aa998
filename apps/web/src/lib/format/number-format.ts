import type { Locale } from '@portal/contract';
import { cachedFormatter } from './formatter-cache';

/*
 * Money, percent and date formatting, once, with Intl (ENGINEERING 6). The locale decides separators and
 * symbol placement; the currency is the organization's (BRL by default), never the language's: switching to
 * en-ZA must not turn reais into rand. en-ZA follows the South African convention CLDR records (decimal
 * comma, space as thousands separator), which is also the government style guide's.
 */

const numberFormat = cachedFormatter(
  (locale: Locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

/** An amount in reais as the wire carries it (at most 2 decimals), always shown with 2 decimals. */
export function formatMoney(value: number, locale: Locale, currency = 'BRL'): string {
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** Centavos (integer), the representation money has in code. */
export function formatCents(cents: bigint | number, locale: Locale, currency = 'BRL'): string {
  return formatMoney(Number(cents) / 100, locale, currency);
}

/**
 * A fraction (0.015) as a percent with 0 to 2 decimals (docs/product/screens-and-routes.md#languages): 1,5 %.
 */
export function formatPercent(fraction: number, locale: Locale): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(fraction);
}

/**
 * A percent number as the API sends rates (1.5 means 1.5 %): divided by 100 first
 * (docs/product/pricing-and-eligibility.md#fee-example).
 */
export function formatPercentNumber(percent: number, locale: Locale): string {
  return formatPercent(percent / 100, locale);
}

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 2): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/**
 * The number formatNumber shows, rounded as it rounds: the `count` a plural message is chosen by, so 1.004
 * days, shown as "1", reads "1 day" and not "1 days". The digits are the same in every language.
 */
export function shownNumber(value: number, maximumFractionDigits = 2): number {
  return Number(numberFormat('en', { maximumFractionDigits, useGrouping: false }).format(value));
}

/** The decimal separator of a language (`,` in pt-BR, pt-PT and en-ZA, `.` in en): what number inputs accept. */
export function decimalSeparatorOf(locale: Locale): string {
  return (
    numberFormat(locale, {})
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** The currency's symbol as the language writes it (R$ in every language of the portal): a money input's prefix. */
export function currencySymbolOf(locale: Locale, currency = 'BRL'): string {
  return (
    numberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}
