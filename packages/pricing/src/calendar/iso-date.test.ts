import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDaysBetween, dayOfWeek, fromDayNumber, toDayNumber } from './iso-date';

describe('iso dates', () => {
  it.each([
    ['1970-01-01', 0],
    ['1969-12-31', -1],
    ['2000-03-01', 11017],
    ['2026-02-13', 20497],
  ])('%s is day %i since the epoch', (date, dayNumber) => {
    expect(toDayNumber(date)).toBe(dayNumber);
    expect(fromDayNumber(dayNumber)).toBe(date);
  });

  it.each([
    ['2026-02-13', 5], // Friday
    ['2026-07-05', 0], // Sunday
    ['2028-02-29', 2], // Tuesday
  ])('%s falls on weekday %i', (date, weekday) => {
    expect(dayOfWeek(date)).toBe(weekday);
  });

  it.each([
    ['2026-06-05', '2026-07-06', 31],
    ['2024-02-28', '2024-03-01', 2], // leap year
    ['2025-02-28', '2025-03-01', 1],
    ['2026-12-31', '2026-01-01', -364],
  ])('from %s to %s is %i days', (a, b, days) => {
    expect(calendarDaysBetween(a, b)).toBe(days);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '2026-4-1', '2026-04-01T00:00', ''])(
    'refuses %j',
    (date) => {
      expect(() => toDayNumber(date)).toThrow(RangeError);
    },
  );

  it('agrees with the proleptic Gregorian calendar of Date.UTC (test oracle only)', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(fc.integer({ min: toDayNumber('1600-01-01'), max: toDayNumber('9999-12-30') }), (n) => {
        const iso = new Date(n * day).toISOString().slice(0, 10);
        expect(fromDayNumber(n)).toBe(iso);
        expect(toDayNumber(iso)).toBe(n);
        expect(dayOfWeek(iso)).toBe(new Date(n * day).getUTCDay());
        expect(addCalendarDays(iso, 1)).toBe(new Date((n + 1) * day).toISOString().slice(0, 10));
      }),
      { numRuns: 2_000 },
    );
  });
});
