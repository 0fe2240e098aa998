import type { OfferChoice } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { findCallerProgramProvider } from '../access/caller-access';
import { checkProgramPin } from '../account-security/pin';
import type { AuthenticatedUser } from '../auth/tokens';
import { resolveCallerCredits } from '../estimates/caller-credits';
import { loadPricingContext } from '../pricing/pricing-context';
import { checkBatchAllowed } from './batch-checks';
import { claimBatch } from './claim-batch';
import { answerOf, type BatchAnswer, hashCreditIds, replayIdempotent } from './idempotency';
import { isUniqueViolation } from './unique-violation';

export type BatchRequest = {
  caller: AuthenticatedUser;
  ids: readonly number[];
  /** The transaction PIN, where the program requires it; never part of the idempotency fingerprint. */
  pin: string | undefined;
  /** The offer named (docs/product/funders.md#pricing); none: the best with room. */
  offerId?: OfferChoice;
  idempotencyKey: string | undefined;
  ip: string;
  log: FastifyBaseLogger;
};

/**
 * `POST batches/request` (docs/product/requests.md#order-of-checks). A replay under a known key answers first
 * and does nothing else: the PIN is not asked again, the first answer was given to a right one, and the key's
 * fingerprint is the credit ids' alone, never the PIN's (docs/product/account-security.md#pin). The checks
 * before the transaction give the supplier the precise reason; the claim inside it is what actually decides,
 * whatever ran in between.
 */
export async function requestBatch(deps: AppDeps, request: BatchRequest): Promise<BatchAnswer> {
  const { caller, ids, idempotencyKey } = request;
  const idempotency = {
    userId: caller.id,
    key: idempotencyKey,
    requestHash: hashCreditIds(ids, request.offerId),
  };
  const replayed = await replayIdempotent(deps.db, idempotency);
  if (replayed) return replayed;

  let claimed: Awaited<ReturnType<typeof checkAndClaim>>;
  try {
    claimed = await checkAndClaim(deps, request, idempotency.requestHash);
  } catch (error) {
    // A concurrent first request under the same key won: it claimed the credits (so this one finds them
    // taken, in the checks or in the claim) or the key's unique index. Answer what it answered, as a retry
    // after it would have been answered. Anything else stands.
    const isLoser = error instanceof AppError || isUniqueViolation(error, 'batches_user_idempotency_key');
    const winner = isLoser ? await replayIdempotent(deps.db, idempotency) : undefined;
    if (winner) return winner;
    throw error;
  }
  // The receipt went into the e-mail outbox with the request (claimBatch): sent by the job queue's worker.
  return answerOf(claimed.batch);
}

/**
 * The checks a request passes before its claim (docs/product/requests.md#order-of-checks): the credits as one
 * set of the caller's, the PIN where the program asks it, then every refusal that does not depend on the claim.
 * A request at a funder's bid (modules/quotes) passes the same ones.
 */
export async function checkRequest(
  deps: AppDeps,
  request: Pick<BatchRequest, 'caller' | 'ids' | 'pin' | 'log'>,
) {
  const { db, clock } = deps;
  const { caller, ids } = request;
  const now = clock.now();
  const selection = await resolveCallerCredits(db, caller.id, ids);
  const [access, context] = await Promise.all([
    findCallerProgramProvider(db, caller, selection.programProviderId),
    loadPricingContext(db, selection.programId, now),
  ]);
  // Its own transaction, committed even when this request is then refused (a wrong PIN stays counted).
  await checkProgramPin(db, access, { caller, pin: request.pin, now, log: request.log });
  checkBatchAllowed(context, access, selection.credits);
  return { access, context, now };
}

async function checkAndClaim(deps: AppDeps, request: BatchRequest, requestHash: string) {
  const { db } = deps;
  const { caller, ids, idempotencyKey } = request;
  const { access, context, now } = await checkRequest(deps, request);
  const batch = await claimBatch(db, {
    userId: caller.id,
    requestHash,
    idempotencyKey,
    access,
    context,
    ids,
    offerId: request.offerId,
    ip: request.ip,
    now,
  });
  return { batch, access };
}
