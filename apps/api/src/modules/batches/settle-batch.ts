import type { Database } from '../../db/client';
import { transitionBatch } from './batch-transition';

export type SettleOutcome = 'PAID' | 'REJECTED';

/** A transition the operator asked for that cannot happen; the message is for the operator's terminal. */
export class SettleBatchError extends Error {
  override readonly name = 'SettleBatchError';
}

export type SettledBatch = { id: number; from: 'REQUESTED'; to: SettleOutcome; creditIds: number[] };

/**
 * The operator's settlement (docs/product/requests.md#settlement): REQUESTED → PAID (its credits are paid),
 * or REQUESTED → REJECTED with the reason the supplier will read, which releases its credits for a new
 * request. One transaction with the audit row, the event and the notices (batch-transition.ts); two settlements
 * of the same request at once, or a settlement racing the supplier's cancel, end with one transition and one
 * clear refusal.
 */
export async function settleBatch(
  db: Database,
  input: { batchId: number; to: SettleOutcome; reason?: string | null; now: Date },
): Promise<SettledBatch> {
  const { batchId, to, now } = input;
  return db.transaction(async (tx) => {
    const result = await transitionBatch(tx, {
      batchId,
      to,
      byUserId: null,
      reason: input.reason ?? null,
      now,
    });
    if (!result.ok) {
      throw new SettleBatchError(
        result.current
          ? `batch ${batchId} is ${result.current}: only a REQUESTED batch can become ${to}`
          : `batch ${batchId} not found`,
      );
    }
    return { id: batchId, from: 'REQUESTED', to, creditIds: result.creditIds };
  });
}
