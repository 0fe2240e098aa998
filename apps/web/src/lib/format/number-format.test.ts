// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  currencySymbolOf,
  decimalSeparatorOf,
  formatCents,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPercentNumber,
  shownNumber,
} from './number-format';

// Intl separates some parts with no-break spaces (U+00A0, U+202F); the expectations spell them out.
const nbsp = '\u00a0';

describe('money (BRL by default, always 2 decimals)', () => {
  it.each([
    ['pt-BR', `R$${nbsp}1.234.567,50`],
    ['pt-PT', `1${nbsp}234${nbsp}567,50${nbsp}R$`],
    ['en', 'R$1,234,567.50'],
    // South Africa: decimal comma and space grouping (the national standard, CLDR en-ZA).
    ['en-ZA', `R$1${nbsp}234${nbsp}567,50`],
  ] as const)('%s', (locale, expected) => {
    expect(formatMoney(1234567.5, locale)).toBe(expected);
  });

  it('shows 2 decimals for whole amounts and rounds nothing away', () => {
    expect(formatMoney(10, 'pt-BR')).toBe(`R$${nbsp}10,00`);
    expect(formatMoney(0.01, 'en')).toBe('R$0.01');
    expect(formatMoney(-150, 'pt-BR')).toBe(`-R$${nbsp}150,00`);
  });

  it('formats centavos exactly, and another configured currency', () => {
    expect(formatCents(2417160n, 'pt-BR')).toBe(`R$${nbsp}24.171,60`);
    expect(formatMoney(1234.5, 'en-ZA', 'ZAR')).toBe(`R${nbsp}1${nbsp}234,50`);
  });
});

describe('percent (0 to 2 decimals)', () => {
  it.each([
    ['pt-BR', '1,5%', '0%', '12,35%'],
    ['pt-PT', '1,5%', '0%', '12,35%'],
    ['en', '1.5%', '0%', '12.35%'],
    ['en-ZA', '1,5%', '0%', '12,35%'],
  ] as const)('%s', (locale, onePointFive, zero, rounded) => {
    expect(formatPercent(0.015, locale)).toBe(onePointFive);
    expect(formatPercent(0, locale)).toBe(zero);
    expect(formatPercent(0.123456, locale)).toBe(rounded);
  });

  it('divides the API percent numbers by 100 (1.5 means 1.5 %)', () => {
    expect(formatPercentNumber(1.5, 'pt-BR')).toBe('1,5%');
    expect(formatPercentNumber(0.35, 'en')).toBe('0.35%');
  });

  it('formats plain numbers (average timeframe) with the locale separators', () => {
    expect(formatNumber(65.2912, 'pt-BR')).toBe('65,29');
    expect(formatNumber(65.2912, 'en')).toBe('65.29');
  });
});

describe('the number as shown, for plural rules', () => {
  it('is rounded as formatNumber rounds it, without grouping', () => {
    expect(shownNumber(1.004)).toBe(1);
    expect(shownNumber(0.999)).toBe(1);
    expect(shownNumber(1.5)).toBe(1.5);
    expect(shownNumber(1234.567)).toBe(1234.57);
  });
});

describe('the decimal separator number inputs use', () => {
  it('is a comma in pt-BR, pt-PT and en-ZA, a point in en', () => {
    expect(decimalSeparatorOf('pt-BR')).toBe(',');
    expect(decimalSeparatorOf('pt-PT')).toBe(',');
    expect(decimalSeparatorOf('en-ZA')).toBe(',');
    expect(decimalSeparatorOf('en')).toBe('.');
  });
});

describe('the currency symbol of money inputs', () => {
  it('is the configured currency’s, whatever the language', () => {
    for (const locale of ['pt-BR', 'pt-PT', 'en', 'en-ZA'] as const)
      expect(currencySymbolOf(locale)).toBe('R$');
  });
});
