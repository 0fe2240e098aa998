import type { BatchDetail } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { checkProgramPin } from '../account-security/pin';
import type { AuthenticatedUser } from '../auth/tokens';
import { batchDetailOf, cancelRefusal, findCallerBatch } from './batch-detail';
import { transitionBatch } from './batch-transition';

/**
 * `POST batches/:id/cancel` (docs/product/requests.md#cancelling): the supplier's own REQUESTED request, the
 * day it was made, up to the program's closing time, where the participation allows it. Its credits are released
 * in the same transaction; racing the operator's paid or rejected, exactly one of them wins and a late cancel is
 * 400 error.batch.wrongStatus. Where the program requires the transaction PIN, it is checked once the request is
 * known to be the caller's, before the refusals (docs/product/account-security.md#pin).
 */
export async function cancelBatch(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    caller: AuthenticatedUser;
    batchId: number;
    pin: string | undefined;
    ip: string;
    log: FastifyBaseLogger;
  },
): Promise<BatchDetail> {
  const { db, clock } = deps;
  const now = clock.now();
  const found = await findCallerBatch(db, input.caller, input.batchId);
  await checkProgramPin(db, found.access, { caller: input.caller, pin: input.pin, now, log: input.log });
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
