import { and, eq, lte } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { quotes } from '../../db/schema';
import { announceClose } from './quote-events';

/**
 * OPEN quotes past their close become EXPIRED (docs/product/auction.md#expiry); only those of one participation
 * when it is named, and their funders hear `quote.closed` (EXPIRED) in the same transaction. One UPDATE: a row another process is expiring is locked, and re-read as no longer OPEN once
 * that one commits, so each quote expires exactly once however many processes sweep at once. Answers their ids.
 */
export async function expireQuotes(tx: Tx, now: Date, programProviderId?: number): Promise<number[]> {
  const expired = await tx
    .update(quotes)
    .set({ status: 'EXPIRED' })
    .where(
      and(
        eq(quotes.status, 'OPEN'),
        lte(quotes.closesAt, now),
        programProviderId === undefined ? undefined : eq(quotes.programProviderId, programProviderId),
      ),
    )
    .returning({ id: quotes.id, organizationId: quotes.organizationId });
  for (const quote of expired) await announceClose(tx, quote, 'EXPIRED', now);
  return expired.map((row) => row.id);
}

/** The expiry job's sweep (jobs/scheduled-work.ts): every quote past its close, in one transaction. */
export async function sweepExpiredQuotes(db: Database, now: Date): Promise<number> {
  return (await db.transaction((tx) => expireQuotes(tx, now))).length;
}
