// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatMonth } from './date-format';

describe('dates', () => {
  it.each([
    ['pt-BR', '03/02/2026'],
    ['pt-PT', '03/02/2026'],
    ['en', '02/03/2026'],
    ['en-ZA', '2026/02/03'],
  ] as const)('a calendar date in %s', (locale, expected) => {
    expect(formatDate('2026-02-03', locale)).toBe(expected);
  });

  it('keeps the calendar day whatever the browser zone (no UTC-midnight shift)', () => {
    // The test runner's zone may be anything; the date is formatted in UTC where it was built.
    expect(formatDate('2026-01-01', 'pt-BR')).toBe('01/01/2026');
    expect(formatDate('2026-12-31', 'pt-BR')).toBe('31/12/2026');
  });

  it.each([
    ['pt-BR', '3 de fev. de 2026'],
    ['pt-PT', '03/02/2026'],
    ['en', 'Feb 3, 2026'],
    ['en-ZA', '03 Feb 2026'],
  ] as const)('a long date in %s', (locale, expected) => {
    expect(formatLongDate('2026-02-03', locale)).toBe(expected);
  });

  it('an instant shows in the organization zone', () => {
    expect(formatDateTime('2026-11-23T13:00:00Z', 'pt-BR')).toBe('23/11/2026, 10:00');
    expect(formatDateTime('2026-11-23T13:00:00Z', 'en-ZA')).toBe('2026/11/23, 10:00');
  });

  it.each([
    ['pt-PT', '26/11/2026, 10:48', '27/11/2026'],
    ['en', '11/26/2026, 10:48 AM', '11/27/2026'],
  ] as const)('an instant in %s writes its date as a calendar date is written', (locale, instant, date) => {
    expect(formatDateTime('2026-11-26T13:48:00Z', locale)).toBe(instant);
    expect(formatDate('2026-11-27', locale)).toBe(date);
  });

  it('a month for the chart axis', () => {
    expect(formatMonth('2026-11', 'pt-BR')).toBe('nov. de 2026');
    expect(formatMonth('2026-11', 'en')).toBe('Nov 2026');
  });
});
