import { zonedDateTime } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { isPastMaxTime } from './cut-off';

const clockTime = (now: Date, timeZone: string) => zonedDateTime(now, timeZone).time;

describe('the request cut-off (docs/product screens)', () => {
  it('reads the wall clock in the organization zone, not the browser’s', () => {
    expect(clockTime(new Date('2026-11-23T13:05:00Z'), 'America/Sao_Paulo')).toBe('10:05');
    expect(clockTime(new Date('2026-11-24T02:30:00Z'), 'America/Sao_Paulo')).toBe('23:30');
    expect(clockTime(new Date('2026-11-23T03:00:00Z'), 'America/Sao_Paulo')).toBe('00:00');
  });

  it('is open up to and including the minute of anticipationMaxTime', () => {
    expect(isPastMaxTime(new Date('2026-11-23T20:59:59-03:00'), '18:00')).toBe(true);
    expect(isPastMaxTime(new Date('2026-11-23T18:00:59-03:00'), '18:00')).toBe(false);
    expect(isPastMaxTime(new Date('2026-11-23T18:01:00-03:00'), '18:00')).toBe(true);
    expect(isPastMaxTime(new Date('2026-11-23T09:00:00-03:00'), '18:00')).toBe(false);
  });

  it('never closes a program open until 23:59', () => {
    expect(isPastMaxTime(new Date('2026-11-23T23:59:59-03:00'), '23:59')).toBe(false);
  });
});
