import { centsToWire, type QuoteBid, type QuoteDetail } from '@portal/contract';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../auth/tokens';
import { estimateCredits } from '../estimates/estimate-queries';
import { plainRate } from '../offers/plain-rate';
import { currentBids, findCallerQuote, statusAt } from './quote-rows';

/**
 * `GET quotes/{id}` (docs/product/auction.md#reading): the quote as it stands now, its bids best first, and the
 * best standing offer for the same credits to compare with.
 */
export async function readQuote(
  db: Executor,
  caller: AuthenticatedUser,
  id: number,
  now: Date,
): Promise<QuoteDetail> {
  const quote = await findCallerQuote(db, caller, id);
  const status = statusAt(quote, now);
  const [bids, bestOffer] = await Promise.all([
    // An expired quote's bids are void; an accepted one shows what was bid.
    status === 'EXPIRED' ? [] : currentBids(db, [quote.id]),
    status === 'OPEN' ? bestStandingOffer(db, caller, quote.creditIds, now) : null,
  ]);
  return {
    id: quote.id,
    status,
    closesAt: quote.closesAt.toISOString(),
    creditIds: quote.creditIds,
    bids: bids.map(
      (bid): QuoteBid => ({
        bidId: bid.id,
        funder: { id: bid.funderId, name: bid.funderName },
        monthlyRate: plainRate(bid.monthlyRate),
        total: centsToWire(bid.totalCents),
        effectiveMonthlyCost: bid.effectiveMonthlyCost,
      }),
    ),
    bestOffer,
    batchId: quote.batchId,
  };
}

/** The estimate's first offer for the credits now; null when none can take them or they are no longer available. */
async function bestStandingOffer(db: Executor, caller: AuthenticatedUser, ids: number[], now: Date) {
  try {
    return (await estimateCredits(db, caller, ids, now)).offers[0] ?? null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
