import { zonedDateTime } from '@portal/contract';
import { useEffect, useState } from 'react';

/**
 * The organization's zone (docs/product/pricing-and-eligibility.md#money-and-time). The API does not send it
 * with the estimate; the demo and every deployment so far use the platform default, the same zone the date
 * formatting assumes.
 */
export const organizationTimeZone = 'America/Sao_Paulo';

/**
 * docs/product/screens-and-routes.md#cut-off: confirmation is disabled when the current time (HH:mm) is later
 * than anticipationMaxTime. Equal-length HH:mm strings compare like the times they spell; 18:00 itself is
 * still open.
 */
export function isPastMaxTime(now: Date, maxTime: string, timeZone = organizationTimeZone): boolean {
  return zonedDateTime(now, timeZone).time > maxTime;
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
