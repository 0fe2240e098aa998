import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, nextBusinessDay } from './business-days';
import { addCalendarDays, calendarDaysBetween, fromDayNumber, toDayNumber } from './iso-date';

const openEveryDay = { businessDaysOnly: false } as const;

describe('business days', () => {
  it.each([
    ['2026-02-13', true], // Friday
    ['2026-02-14', false], // Saturday
    ['2026-02-15', false], // Sunday
    ['2026-02-16', false], // Carnival
    ['2026-02-18', true], // Ash Wednesday
    ['2026-06-04', false], // Corpus Christi
  ])('isBusinessDay(%s) = %s', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it.each([
    ['2026-02-13', '2026-02-13'],
    ['2026-02-14', '2026-02-18'],
    ['2026-07-05', '2026-07-06'],
    ['2026-12-25', '2026-12-28'],
    ['2030-04-19', '2030-04-22'], // Good Friday, then Easter weekend, then Monday
  ])('nextBusinessDay(%s) = %s', (date, expected) => {
    expect(nextBusinessDay(date)).toBe(expected);
  });

  it.each([
    ['2026-02-13', 1, '2026-02-18'], // worked example (docs/product pricing): weekend and Carnival
    ['2026-06-03', 1, '2026-06-05'], // worked example (docs/product pricing): Corpus Christi
    ['2026-02-13', 0, '2026-02-13'],
    ['2026-02-14', 0, '2026-02-18'], // a Saturday request with 0 days still pays on a business day
    ['2026-02-14', 1, '2026-02-18'], // day 0 is the Saturday itself: the 1st business day after it
    ['2026-12-23', 2, '2026-12-28'],
    ['2026-12-30', 2, '2027-01-04'],
  ])('addBusinessDays(%s, %i) = %s', (date, n, expected) => {
    expect(addBusinessDays(date, n)).toBe(expected);
  });

  it('an organization open every day counts weekends and holidays', () => {
    expect(isBusinessDay('2026-02-16', openEveryDay)).toBe(true);
    expect(nextBusinessDay('2026-02-14', openEveryDay)).toBe('2026-02-14');
    expect(addBusinessDays('2026-02-13', 1, openEveryDay)).toBe('2026-02-14');
  });

  it('a custom holiday set replaces the national one', () => {
    const calendar = { holidays: new Set(['2026-01-20']) }; // São Sebastião, a Rio municipal holiday
    expect(isBusinessDay('2026-01-20', calendar)).toBe(false);
    expect(isBusinessDay('2026-02-16', calendar)).toBe(true);
    expect(isBusinessDay('2026-01-24', calendar)).toBe(false); // weekends stay closed
    expect(addBusinessDays('2026-01-19', 1, calendar)).toBe('2026-01-21');
  });

  it.each([-1, 1.5, Number.NaN])('refuses %d business days', (n) => {
    expect(() => addBusinessDays('2026-02-13', n)).toThrow(RangeError);
  });

  it('addBusinessDays lands on a business day with exactly n business days after the start', () => {
    const dates = fc
      .integer({ min: toDayNumber('2020-01-01'), max: toDayNumber('2035-12-31') })
      .map(fromDayNumber);
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 40 }), (start, n) => {
        const result = addBusinessDays(start, n);
        expect(isBusinessDay(result)).toBe(true);
        const between = Array.from({ length: calendarDaysBetween(start, result) }, (_, k) =>
          addCalendarDays(start, k + 1),
        ).filter((day) => isBusinessDay(day));
        expect(between.length).toBe(n === 0 && !isBusinessDay(start) ? 1 : n);
      }),
      { numRuns: 1_000 },
    );
  });
});
