import { describe, expect, it } from 'vitest';
import { easterSunday } from './easter';

describe('easterSunday', () => {
  // Published Gregorian Easter dates, including the earliest (22/03) and latest (25/04) possible ones.
  it.each([
    [1818, '1818-03-22'],
    [1943, '1943-04-25'],
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2029, '2029-04-01'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it.each([1582, 10000, 2026.5])('refuses year %d', (year) => {
    expect(() => easterSunday(year)).toThrow(RangeError);
  });
});
