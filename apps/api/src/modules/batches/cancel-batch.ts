import type { BatchDetail } from '@portal/contract';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../auth/tokens';
import { batchDetailOf, cancelRefusal, findCallerBatch } from './batch-detail';
import { transitionBatch } from './batch-transition';

/**
 * `POST batches/:id/cancel` (docs/product/requests.md#cancelling): the supplier's own REQUESTED request, the
 * day it was made, up to the program's closing time, where the participation allows it. Its credits are released
 * in the same transaction; racing the operator's paid or rejected, exactly one of them wins and a late cancel is
 * 400 error.batch.wrongStatus.
 */
export async function cancelBatch(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { caller: AuthenticatedUser; batchId: number; ip: string },
): Promise<BatchDetail> {
  const { db, clock } = deps;
  const now = clock.now();
  const found = await findCallerBatch(db, input.caller, input.batchId);
  const refusal = cancelRefusal(found, now);
  if (refusal) throw new AppError(refusal);
  await db.transaction(async (tx) => {
    const result = await transitionBatch(tx, {
      batchId: found.batch.id,
      to: 'CANCELLED',
      byUserId: input.caller.id,
      ip: input.ip,
      now,
    });
    if (!result.ok) throw new AppError('error.batch.wrongStatus');
  });
  return batchDetailOf(db, await findCallerBatch(db, input.caller, input.batchId), now);
}
