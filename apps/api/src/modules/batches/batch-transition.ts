import type { Estimate } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { batchAudit, batchCredits, batchEvents, batches, credits } from '../../db/schema';
import { notifyBatchEvent } from '../inbox/notify';
import { recordBatchEvent } from '../webhooks/platform-events';
import { auditFigures } from './record-batches';

const eventTypeOf = { PAID: 'batch.paid', REJECTED: 'batch.rejected', CANCELLED: 'batch.cancelled' } as const;

/** Where a REQUESTED request can go (docs/product/requests.md#a-requests-life). */
export type BatchOutcome = 'PAID' | 'REJECTED' | 'CANCELLED';

export type BatchTransition = {
  batchId: number;
  to: BatchOutcome;
  /** The supplier's user who cancelled; null for the platform (paid, rejected). */
  byUserId: number | null;
  /** The platform's words for a rejection, shown to the supplier. */
  reason?: string | null;
  /** The platform's reference of a payment (a Pix end-to-end id), shown to the supplier. */
  paymentReference?: string | null;
  ip?: string | null;
  now: Date;
};

export type TransitionResult =
  | { ok: true; creditIds: number[] }
  | { ok: false; current: (typeof batches.$inferSelect)['status'] | null };

/**
 * REQUESTED → PAID (its credits are paid), REJECTED or CANCELLED (its credits are released for a new request),
 * in the caller's transaction: the status, the credits, the audit row, the event and the notices to the
 * company's users (inbox and e-mail outbox) commit together or not at all. The conditional update decides a
 * race: of a cancel, a paid and a rejected arriving together, the first to lock the row wins and the others
 * find it no longer REQUESTED.
 */
export async function transitionBatch(tx: Tx, input: BatchTransition): Promise<TransitionResult> {
  const { batchId, to, now } = input;
  const [batch] = await tx
    .update(batches)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'REJECTED' ? { rejectionReason: input.reason ?? null } : {}),
      ...(to === 'PAID' ? { paymentReference: input.paymentReference ?? null } : {}),
    })
    .where(and(eq(batches.id, batchId), eq(batches.status, 'REQUESTED')))
    .returning();
  if (!batch) {
    const [current] = await tx
      .select({ status: batches.status })
      .from(batches)
      .where(eq(batches.id, batchId));
    return { ok: false, current: current?.status ?? null };
  }
  const live = await tx
    .select({ creditId: batchCredits.creditId })
    .from(batchCredits)
    .where(and(eq(batchCredits.batchId, batchId), eq(batchCredits.live, true)));
  const creditIds = live.map((row) => row.creditId).sort((a, b) => a - b);
  if (to !== 'PAID') {
    await tx.update(batchCredits).set({ live: false }).where(eq(batchCredits.batchId, batchId));
  }
  if (creditIds.length > 0) {
    await tx
      .update(credits)
      .set({ status: to === 'PAID' ? 'PAID' : 'AVAILABLE' })
      .where(and(inArray(credits.id, creditIds), eq(credits.status, 'REQUESTED')));
  }
  await tx.insert(batchAudit).values({
    batchId,
    userId: input.byUserId,
    action: to,
    ip: input.ip ?? null,
    creditIds,
    figures: { from: 'REQUESTED', to, ...auditFigures(batch.estimate as Estimate) },
    at: now,
  });
  await tx.insert(batchEvents).values({ batchId, status: to, byUserId: input.byUserId, at: now });
  await notifyBatchEvent(tx, batch, to, now);
  await recordBatchEvent(tx, { batchId, type: eventTypeOf[to], now });
  return { ok: true, creditIds };
}
