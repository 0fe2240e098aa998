import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { funders, quoteBids, quotes } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../auth/tokens';
import { claimBatchIn } from '../batches/claim-batch';
import { answerOf, type BatchAnswer, hashCreditIds } from '../batches/idempotency';
import { checkRequest } from '../batches/request-batch';
import { announceClose } from './quote-events';
import { bidCandidate } from './quote-pricing';
import { findCallerQuote, isOpen, type QuoteRow } from './quote-rows';

export type AcceptInput = {
  caller: AuthenticatedUser;
  quoteId: number;
  bidId: number;
  pin: string | undefined;
  ip: string;
  log: FastifyBaseLogger;
};

const closed = () => new AppError('error.quote.closed');
const bidNotFound = () => new AppError('error.quote.bidNotFound');

/**
 * `POST quotes/{id}/accept` (docs/product/auction.md#accept): the request at that bid, made as `POST
 * batches/request` makes one (the same checks and PIN before, the same claim: frozen figures, receipt, events),
 * priced at the bid alone. In one transaction that locks the quote's row first: of two acceptances at once (or
 * an acceptance and the close) one passes and the other finds the quote closed. A credit no longer available:
 * 409 error.quote.creditUnavailable, nothing claimed and the quote still open.
 */
export async function acceptQuote(deps: AppDeps, input: AcceptInput): Promise<BatchAnswer> {
  const { db } = deps;
  const found = await findCallerQuote(db, input.caller, input.quoteId);
  if (!isOpen(found, deps.clock.now())) throw closed();
  await currentBid(db, found.id, input.bidId);
  const checked = await creditsAvailable(
    () => checkRequest(deps, { caller: input.caller, ids: found.creditIds, pin: input.pin, log: input.log }),
    // Its credits gone because another acceptance of this quote has just taken them: the quote is closed.
    async () => isOpen(await findCallerQuote(db, input.caller, input.quoteId), deps.clock.now()),
  );
  const { now } = checked;
  const batch = await db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, found.id)).for('update');
    if (!quote || !isOpen(quote, now)) throw closed();
    const bid = await currentBid(tx, quote.id, input.bidId);
    const claimed = await creditsAvailable(() =>
      claimBatchIn(tx, {
        userId: input.caller.id,
        access: checked.access,
        context: checked.context,
        ids: quote.creditIds,
        bid: bidCandidate(bid),
        idempotencyKey: undefined,
        requestHash: hashCreditIds(quote.creditIds),
        ip: input.ip,
        now,
      }),
    );
    await tx
      .update(quotes)
      .set({ status: 'ACCEPTED', acceptedBidId: bid.id, batchId: claimed.id })
      .where(eq(quotes.id, quote.id));
    // The winner hears batch.requested (the claim wrote it); the others that the quote closed, and no more.
    await announceClose(tx, quote, 'ACCEPTED', now, bid.funderId);
    return claimed;
  });
  return answerOf(batch);
}

/** The quote's current bid of that id (not replaced), with its funder's name; else 404 error.quote.bidNotFound. */
async function currentBid(db: Executor, quoteId: QuoteRow['id'], bidId: number) {
  const [bid] = await db
    .select({
      id: quoteBids.id,
      funderId: quoteBids.funderId,
      funderName: funders.name,
      monthlyRate: quoteBids.monthlyRate,
      createdAt: quoteBids.createdAt,
    })
    .from(quoteBids)
    .innerJoin(funders, eq(funders.id, quoteBids.funderId))
    .where(and(eq(quoteBids.id, bidId), eq(quoteBids.quoteId, quoteId), isNull(quoteBids.replacedAt)));
  if (!bid) throw bidNotFound();
  return bid;
}

/**
 * A credit of the quote requested or withdrawn since it was asked: the quote's own 409, or `error.quote.closed`
 * when the quote is no longer open (`stillOpen`), as when an acceptance at once took them first.
 */
async function creditsAvailable<T>(work: () => Promise<T>, stillOpen?: () => Promise<boolean>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'error.credit.notfound')) throw error;
    if (stillOpen && !(await stillOpen())) throw closed();
    throw new AppError('error.quote.creditUnavailable');
  }
}
