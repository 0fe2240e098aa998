import { centsToWire, type OfferChoice } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { batches } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../../lib/crypto';

export type BatchAnswer = { id: number; value: number; daysToPay: number };

/** SHA-256 of the canonical body: the ids sorted ascending, so [2,1] and [1,2] are the same request. */
export function hashCreditIds(ids: readonly number[], offerId?: OfferChoice): string {
  const sorted = [...ids].sort((a, b) => a - b);
  // Without an offer named, the fingerprint of before offers existed: keys recorded then still replay.
  return sha256Hex(JSON.stringify(offerId === undefined ? sorted : { ids: sorted, offerId }));
}

export function answerOf(batch: { id: number; netValueCents: bigint; daysToPay: number }): BatchAnswer {
  return { id: batch.id, value: centsToWire(batch.netValueCents), daysToPay: batch.daysToPay };
}

/**
 * The answer already given under this user's key: the first answer again for the same body, 422 for
 * another body, undefined when the key is new. Only successful answers are recorded (a batch row holds
 * them), so a request refused under a key may be retried under the same key.
 */
export async function replayIdempotent(
  db: Executor,
  request: { userId: number; key: string | undefined; requestHash: string },
): Promise<BatchAnswer | undefined> {
  if (request.key === undefined) return undefined;
  const [batch] = await db
    .select({
      id: batches.id,
      netValueCents: batches.netValueCents,
      daysToPay: batches.daysToPay,
      requestHash: batches.requestHash,
    })
    .from(batches)
    .where(and(eq(batches.userId, request.userId), eq(batches.idempotencyKey, request.key)));
  if (!batch) return undefined;
  if (batch.requestHash !== request.requestHash) throw new AppError('error.idempotency.conflict');
  return answerOf(batch);
}
