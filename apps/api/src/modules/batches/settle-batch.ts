import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { batches } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type PlatformViewer, visibleTo } from '../webhooks/platform-viewer';
import { transitionBatch } from './batch-transition';

export type SettleOutcome = 'PAID' | 'REJECTED';

/**
 * A transition the platform asked for that cannot happen: the request is unknown (404 error.batch.notFound, the
 * bytes of a missing id) or settled otherwise (409 error.batch.wrongStatus: a settlement that contradicts the one
 * made is a conflict on the platform's API). The error handler answers it as any AppError; `detail` is the
 * operator's line in the CLI, never in an answer (it names the request).
 */
export class SettleBatchError extends AppError {
  override readonly name = 'SettleBatchError';

  constructor(
    readonly detail: string,
    reason: 'notFound' | 'wrongStatus',
  ) {
    super(
      reason === 'notFound' ? 'error.batch.notFound' : 'error.batch.wrongStatus',
      reason === 'wrongStatus' ? { status: 409 } : {},
    );
  }
}

export type SettlementInput = {
  batchId: number;
  to: SettleOutcome;
  /** The supplier reads it; a rejection needs one. */
  reason?: string | null;
  /** The payment's reference (a Pix end-to-end id), with PAID. */
  paymentReference?: string | null;
  /**
   * The platform API's client acts on its own organization only, a funder's client on its funder's requests only:
   * another request is not found. Absent for the operator's CLI, which settles any.
   */
  viewer?: PlatformViewer;
  now: Date;
};

export type SettledBatch = {
  id: number;
  to: SettleOutcome;
  creditIds: number[];
  rejectionReason: string | null;
  paymentReference: string | null;
  settledAt: Date;
  /** True when the request was already settled exactly so: nothing changed, the first settlement stands. */
  repeated: boolean;
};

/**
 * The platform's settlement (docs/product/requests.md#settlement), the one code path of `npm run ops -- batch`
 * and of the platform API (docs/product/platform-api.md#settlement): REQUESTED → PAID (its credits are paid,
 * with the payment's reference), or REQUESTED → REJECTED with the reason the supplier will read, which releases
 * its credits for a new request. One transaction with the audit row, the event, the notices and the platform's
 * event (batch-transition.ts). The same settlement again answers the first one (a client that did not hear the
 * answer may ask again); any other change of a request no longer REQUESTED is refused. Two settlements at once,
 * or one racing the supplier's cancel, end with one transition and one clear refusal.
 */
export async function settleBatch(db: Database, input: SettlementInput): Promise<SettledBatch> {
  const { batchId, to, now } = input;
  const reason = to === 'REJECTED' ? (input.reason ?? null) : null;
  const paymentReference = to === 'PAID' ? (input.paymentReference ?? null) : null;
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select({ status: batches.status, organizationId: batches.organizationId })
      .from(batches)
      .where(
        input.viewer === undefined
          ? eq(batches.id, batchId)
          : and(eq(batches.id, batchId), visibleTo(input.viewer, batches)),
      );
    if (!batch) throw new SettleBatchError(`batch ${batchId} not found`, 'notFound');
    const result = await transitionBatch(tx, { batchId, to, byUserId: null, reason, paymentReference, now });
    if (result.ok) {
      return {
        id: batchId,
        to,
        creditIds: result.creditIds,
        rejectionReason: reason,
        paymentReference,
        settledAt: now,
        repeated: false,
      };
    }
    const [settled] = await tx
      .select({
        status: batches.status,
        rejectionReason: batches.rejectionReason,
        paymentReference: batches.paymentReference,
        updatedAt: batches.updatedAt,
      })
      .from(batches)
      .where(eq(batches.id, batchId));
    const same =
      settled?.status === to &&
      settled.rejectionReason === reason &&
      settled.paymentReference === paymentReference;
    if (!settled || !same) {
      throw new SettleBatchError(
        `batch ${batchId} is ${settled?.status ?? result.current}: only a REQUESTED batch can become ${to}`,
        'wrongStatus',
      );
    }
    return {
      id: batchId,
      to,
      creditIds: [],
      rejectionReason: settled.rejectionReason,
      paymentReference: settled.paymentReference,
      settledAt: settled.updatedAt,
      repeated: true,
    };
  });
}
