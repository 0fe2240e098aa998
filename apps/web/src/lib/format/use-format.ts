import type { Locale } from '@portal/contract';
import { formatIdentification } from '@portal/contract';
import { useMemo } from 'react';
import { appConfig } from '../../config/app-config';
import { useTranslation } from '../i18n/use-translation';
import { formatDate, formatDateTime, formatLongDate, formatMonth } from './date-format';
import {
  currencySymbolOf,
  decimalSeparatorOf,
  formatCents,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPercentNumber,
} from './number-format';

/** The formatters bound to the current language and the configured currency. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return useMemo(
    () => ({
      locale,
      money: (value: number) => formatMoney(value, locale, appConfig.currency),
      cents: (cents: bigint | number) => formatCents(cents, locale, appConfig.currency),
      percent: (fraction: number) => formatPercent(fraction, locale),
      percentNumber: (percent: number) => formatPercentNumber(percent, locale),
      number: (value: number) => formatNumber(value, locale),
      date: (isoDate: string) => formatDate(isoDate, locale),
      longDate: (isoDate: string) => formatLongDate(isoDate, locale),
      dateTime: (instant: string | Date) => formatDateTime(instant, locale),
      month: (isoMonth: string) => formatMonth(isoMonth, locale),
      identification: formatIdentification,
      // Read on use, not built here: each is an Intl formatter of its own, and the first one a page builds
      // loads the language's data, which most users of this hook (the header's badge) never need.
      get decimalSeparator() {
        return decimalSeparatorOf(locale);
      },
      get currencySymbol() {
        return currencySymbolOf(locale, appConfig.currency);
      },
    }),
    [locale],
  );
}
