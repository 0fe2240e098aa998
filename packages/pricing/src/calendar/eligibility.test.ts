import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysToMaturity, firstEligibleDueDate } from './eligibility';
import { addCalendarDays, fromDayNumber, toDayNumber } from './iso-date';

describe('firstEligibleDueDate', () => {
  it.each([
    // Tue 2026-11-24 payment, 1 day: due Wed 25 is the first (n = 1); due Tue 24 gives n = 0.
    ['2026-11-24', 1, '2026-11-25'],
    // Fri 2026-11-27 payment, 1 day: Sat 28 and Sun 29 settle on Mon 30 (n = 3), so they qualify.
    ['2026-11-27', 1, '2026-11-28'],
    // Fri payment, 3 days: T = Mon 30; B = Fri 27 (the weekend is not business): Sat 28 qualifies (n = 3).
    ['2026-11-27', 3, '2026-11-28'],
    // Fri payment, 4 days: T = Tue 1 Dec; B = Mon 30, so the first due date is Tue 1 Dec.
    ['2026-11-27', 4, '2026-12-01'],
    // Carnival 2026 (Mon 16, Tue 17 Feb): Fri 13 payment, 2 days: T = Sun 15, B = Fri 13, Sat 14 settles on Wed 18.
    ['2026-02-13', 2, '2026-02-14'],
  ])('paid on %s with at least %i day(s): first due date %s', (paymentDate, minDays, expected) => {
    expect(firstEligibleDueDate(paymentDate, minDays)).toBe(expected);
  });

  it('refuses a minimum below 1 day or fractional', () => {
    expect(() => firstEligibleDueDate('2026-11-24', 0)).toThrow(RangeError);
    expect(() => firstEligibleDueDate('2026-11-24', 1.5)).toThrow(RangeError);
  });

  it('splits due dates exactly where daysToMaturity reaches the minimum (bank calendar and every-day calendar)', () => {
    const day = fc.integer({ min: toDayNumber('2025-12-01'), max: toDayNumber('2027-12-31') });
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: -15, max: 30 }),
        fc.boolean(),
        (p, min, offset, bank) => {
          const options = bank ? {} : { businessDaysOnly: false };
          const paymentDate = fromDayNumber(p);
          const due = addCalendarDays(paymentDate, offset);
          const eligible = daysToMaturity(paymentDate, due, options) >= min;
          expect(eligible).toBe(due >= firstEligibleDueDate(paymentDate, min, options));
        },
      ),
    );
  });
});
