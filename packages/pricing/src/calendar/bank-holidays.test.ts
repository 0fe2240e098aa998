import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { computeBankHolidays } from './bank-holiday-rules';
import { bankHolidaysOf, isBrazilianBankHoliday } from './bank-holidays';
import { dayOfWeek } from './iso-date';
import { REVIEWED_BANK_HOLIDAYS } from './reviewed-bank-holidays';

const REVIEWED_YEARS = [2024, 2025, 2026, 2027, 2028, 2029, 2030];
const holidays = new Holidays('BR');

/**
 * date-holidays' national closures. It types Carnival and Corpus Christi as `bank`; `optional` (Ash Wednesday
 * morning, 24/12 and 31/12 afternoons) and `observance` (Easter, Mother's Day…) are not closures. Election
 * days are `public` but always a Sunday by the Constitution, so they never close a bank: left out, and
 * checked to be Sundays below.
 */
function dateHolidaysClosures(year: number) {
  const listed = holidays.getHolidays(year).filter((h) => h.type === 'public' || h.type === 'bank');
  const isElection = (h: { rule: string }) => h.rule.includes('in even years');
  return {
    closures: [...new Set(listed.filter((h) => !isElection(h)).map((h) => h.date.slice(0, 10)))].sort(),
    elections: listed.filter(isElection).map((h) => h.date.slice(0, 10)),
  };
}

describe('Brazilian national bank holidays', () => {
  it('the reviewed list covers exactly 2024..2030', () => {
    expect(Object.keys(REVIEWED_BANK_HOLIDAYS).map(Number)).toEqual(REVIEWED_YEARS);
  });

  it.each(REVIEWED_YEARS)('%i: the reviewed list equals the computed rules', (year) => {
    expect(REVIEWED_BANK_HOLIDAYS[year]).toEqual(computeBankHolidays(year));
  });

  it.each(REVIEWED_YEARS)('%i: the reviewed list equals date-holidays (public and bank types)', (year) => {
    const { closures, elections } = dateHolidaysClosures(year);
    expect(REVIEWED_BANK_HOLIDAYS[year]).toEqual(closures);
    for (const election of elections) expect(dayOfWeek(election)).toBe(0);
  });

  it.each([2022, 2023, 2031, 2035, 2050])('%i (computed fallback) equals date-holidays', (year) => {
    expect(bankHolidaysOf(year)).toEqual(dateHolidaysClosures(year).closures);
  });

  it.each([
    ['2026-02-16', true, 'Carnival Monday'],
    ['2026-02-17', true, 'Carnival Tuesday'],
    ['2026-02-18', false, 'Ash Wednesday: banks open at noon'],
    ['2026-04-03', true, 'Good Friday'],
    ['2026-04-05', false, 'Easter Sunday is a weekend, not a holiday'],
    ['2026-06-04', true, 'Corpus Christi'],
    ['2023-11-20', false, 'Black Consciousness Day before Lei 14.759/2023'],
    ['2024-11-20', true, 'Black Consciousness Day'],
    ['2031-06-12', true, 'Corpus Christi from the rules'],
    ['2031-11-20', true, '20/11 from the rules'],
    ['2026-12-24', false, 'Christmas Eve is optional'],
  ])('%s holiday=%s (%s)', (date, expected) => {
    expect(isBrazilianBankHoliday(date)).toBe(expected);
  });
});
