import type { ImportFileInput } from '@portal/contract';
import { addCalendarDays, calendarDaysBetween } from '@portal/pricing';

/**
 * The day the committed demo file is written for (the browser tests run at APP_NOW on this day). Seeding
 * moves every date of the file by the days from it to the organization's today, so a fresh `npm start`
 * shows the same picture whatever the day: due dates from today on, most of them far enough away to be
 * advanced, a few (due today and tomorrow) too close, which shows the eligibility rule at work.
 */
export const DEMO_FILE_DAY = '2026-11-23';

type Doc = Omit<ImportFileInput, 'credits' | 'invites' | 'notifications' | 'batches'> & {
  credits?: { issueDate: string; expireDate: string }[];
  invites?: { expiresAt: string }[];
  notifications?: { activeFrom: string; activeUntil?: string | null }[];
  batches?: { requestedAt: string; settledAt?: string | null }[];
};

/** A 'YYYY-MM-DD' date, or the date part of an ISO instant with its time and offset kept. */
function shift(value: string, days: number): string {
  return addCalendarDays(value.slice(0, 10), days) + value.slice(10);
}

/**
 * The demo document with its calendar moved to `today` (credits' issue and due dates, invites' expiry,
 * notifications' windows, past requests' request and settlement instants, their time of day kept). Dates that
 * are rules, not events (IOF rates' valid-from), stay as they are.
 */
export function shiftDemoDates<T extends Doc>(doc: T, today: string): T {
  const days = calendarDaysBetween(DEMO_FILE_DAY, today);
  if (days === 0) return doc;
  return {
    ...doc,
    credits: doc.credits?.map((c) => ({
      ...c,
      issueDate: shift(c.issueDate, days),
      expireDate: shift(c.expireDate, days),
    })),
    invites: doc.invites?.map((i) => ({ ...i, expiresAt: shift(i.expiresAt, days) })),
    notifications: doc.notifications?.map((n) => ({
      ...n,
      activeFrom: shift(n.activeFrom, days),
      activeUntil: n.activeUntil ? shift(n.activeUntil, days) : n.activeUntil,
    })),
    batches: doc.batches?.map((b) => ({
      ...b,
      requestedAt: shift(b.requestedAt, days),
      settledAt: b.settledAt ? shift(b.settledAt, days) : b.settledAt,
    })),
  };
}
