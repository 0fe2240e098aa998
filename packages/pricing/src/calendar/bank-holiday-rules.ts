import { easterSunday } from './easter';
import { addCalendarDays, type IsoDate } from './iso-date';

// The rules behind the Brazilian national bank calendar (FEBRABAN / Resolução CMN 4.880): the national
// holidays of Lei 662/1949, 6.802/1980 and 14.759/2023, plus the days banks close although they are not
// national holidays (Carnival Monday and Tuesday, Corpus Christi). Ash Wednesday is a business day: banks
// open at noon, and payments settle.

const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'];

/** Dia Nacional de Zumbi e da Consciência Negra became national by Lei 14.759 of 21/12/2023. */
const BLACK_CONSCIOUSNESS_DAY_SINCE = 2024;

/** Days from Easter Sunday of the movable closures. */
const EASTER_OFFSETS = {
  carnivalMonday: -48,
  carnivalTuesday: -47,
  goodFriday: -2,
  corpusChristi: 60,
} as const;

/** The bank holidays of a year computed from the rules, sorted, without duplicates. */
export function computeBankHolidays(year: number): IsoDate[] {
  const easter = easterSunday(year);
  const yearPrefix = easter.slice(0, 4);
  const fixed = [...FIXED_HOLIDAYS];
  if (year >= BLACK_CONSCIOUSNESS_DAY_SINCE) fixed.push('11-20');
  const movable = Object.values(EASTER_OFFSETS).map((offset) => addCalendarDays(easter, offset));
  const all = new Set([...fixed.map((monthDay) => `${yearPrefix}-${monthDay}`), ...movable]);
  return [...all].sort();
}
