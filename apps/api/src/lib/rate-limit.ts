import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitEvents } from '../db/schema';

/**
 * Sliding-window counters in PostgreSQL: each counted event is a row, so every API process sees the same
 * counts. Buckets are names such as `login:account:<org>:<login>` or `login:ip:<address>`.
 */
export async function countEvents(db: Executor, bucket: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.at, since)));
  return Number(row?.n ?? 0);
}

export async function recordEvent(db: Executor, bucket: string, at: Date): Promise<void> {
  await db.insert(rateLimitEvents).values({ bucket, at });
}

export async function clearBucket(db: Executor, bucket: string): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.bucket, bucket));
}

/** When the oldest event in the window leaves it: the Retry-After of a 429. */
export async function windowReopensAt(db: Executor, bucket: string, since: Date, windowMs: number) {
  const [row] = await db
    .select({ oldest: sql<Date>`min(${rateLimitEvents.at})` })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.at, since)));
  return row?.oldest ? new Date(new Date(row.oldest).getTime() + windowMs) : since;
}

/** Serialises concurrent attempts on one bucket for the rest of the transaction. */
export async function lockBucket(tx: Executor, bucket: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${bucket}))`);
}

/** Old events are useless once their window has passed; pruning keeps the table small. */
export async function pruneEvents(db: Executor, before: Date): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, before));
}
