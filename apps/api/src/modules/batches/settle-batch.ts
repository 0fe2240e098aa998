import type { Estimate } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { batchAudit, batchCredits, batches, credits } from '../../db/schema';
import { auditFigures } from './claim-batch';

export type BatchOutcome = 'PAID' | 'REJECTED';

/** A transition the operator asked for that cannot happen; the message is for the operator's terminal. */
export class SettleBatchError extends Error {
  override readonly name = 'SettleBatchError';
}

export type SettledBatch = { id: number; from: 'REQUESTED'; to: BatchOutcome; creditIds: number[] };

/**
 * The operator's settlement (docs/product/requests.md#settlement): REQUESTED → PAID (its credits are paid),
 * or REQUESTED → REJECTED, which releases its credits for a new request. One transaction with an audit row;
 * the conditional update makes two operators settling the same batch at once end with one transition and one
 * clear refusal.
 */
export async function settleBatch(
  db: Database,
  input: { batchId: number; to: BatchOutcome; now: Date },
): Promise<SettledBatch> {
  const { batchId, to, now } = input;
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .update(batches)
      .set({ status: to, updatedAt: now })
      .where(and(eq(batches.id, batchId), eq(batches.status, 'REQUESTED')))
      .returning({ id: batches.id, estimate: batches.estimate });
    if (!batch) {
      const [current] = await tx
        .select({ status: batches.status })
        .from(batches)
        .where(eq(batches.id, batchId));
      throw new SettleBatchError(
        current
          ? `batch ${batchId} is ${current.status}: only a REQUESTED batch can become ${to}`
          : `batch ${batchId} not found`,
      );
    }
    const live = await tx
      .select({ creditId: batchCredits.creditId })
      .from(batchCredits)
      .where(and(eq(batchCredits.batchId, batchId), eq(batchCredits.live, true)));
    const creditIds = live.map((r) => r.creditId).sort((a, b) => a - b);
    if (to === 'REJECTED') {
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
      userId: null,
      action: to,
      ip: null,
      creditIds,
      figures: { from: 'REQUESTED', to, ...auditFigures(batch.estimate as Estimate) },
      at: now,
    });
    return { id: batchId, from: 'REQUESTED', to, creditIds };
  });
}
