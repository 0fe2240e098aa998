import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './zoned-time';

describe('zonedDateTime', () => {
  it('gives the wall-clock date and time of the zone', () => {
    expect(zonedDateTime(new Date('2026-11-27T02:30:00Z'), 'America/Sao_Paulo')).toEqual({
      date: '2026-11-26',
      time: '23:30',
    });
    expect(zonedDateTime(new Date('2026-11-27T02:30:00Z'), 'Asia/Kathmandu')).toEqual({
      date: '2026-11-27',
      time: '08:15',
    });
  });

  it('answers each zone and minute as itself, however it alternates with other minutes and zones', () => {
    const asked = [
      ['2026-11-27T02:59:59.999Z', 'America/Sao_Paulo', '2026-11-26', '23:59'],
      ['2026-11-27T03:00:00.000Z', 'America/Sao_Paulo', '2026-11-27', '00:00'],
      ['2026-11-27T03:00:00.000Z', 'Europe/Lisbon', '2026-11-27', '03:00'],
      ['2026-11-27T03:00:30.000Z', 'America/Sao_Paulo', '2026-11-27', '00:00'],
      ['2026-11-27T02:59:00.000Z', 'America/Sao_Paulo', '2026-11-26', '23:59'],
      ['2026-11-27T03:00:59.999Z', 'Europe/Lisbon', '2026-11-27', '03:00'],
    ] as const;
    for (const [instant, zone, date, time] of asked) {
      expect(zonedDateTime(new Date(instant), zone), `${instant} in ${zone}`).toEqual({ date, time });
    }
  });

  it('hands out a copy: a caller that changes its answer changes nobody else’s', () => {
    const instant = new Date('2026-11-27T12:00:00Z');
    const first = zonedDateTime(instant, 'America/Sao_Paulo');
    first.date = 'changed';
    expect(zonedDateTime(instant, 'America/Sao_Paulo').date).toBe('2026-11-27');
  });
});
