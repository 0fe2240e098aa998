import { useEffect, useState } from 'react';

/**
 * The organization's zone (docs/product/pricing-and-eligibility.md#money-and-time). The API does not send it
 * with the estimate; the demo and every deployment so far use the platform default, the same zone the date
 * formatting assumes.
 */
export const organizationTimeZone = 'America/Sao_Paulo';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time `HH:mm` (00–23 hours) of an instant in a zone. */
export function clockTime(now: Date, timeZone: string): string {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * docs/product/screens-and-routes.md#cut-off: confirmation is disabled when the current time (HH:mm) is later
 * than anticipationMaxTime. Equal-length HH:mm strings compare like the times they spell; 18:00 itself is
 * still open.
 */
export function isPastMaxTime(now: Date, maxTime: string, timeZone = organizationTimeZone): boolean {
  return clockTime(now, timeZone) > maxTime;
}

/** The same, kept current while the screen stays open (checked every 15 s). */
export function useIsPastMaxTime(maxTime: string | undefined): boolean {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return maxTime !== undefined && isPastMaxTime(now, maxTime);
}
