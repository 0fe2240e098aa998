import { type Bid, centsToWire } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { funders, quoteBids } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { priceAtOffers } from '../offers/offer-pricing';
import type { FunderCaller } from '../offers/offers';
import { plainRate } from '../offers/plain-rate';
import { loadPricingContext } from '../pricing/pricing-context';
import { bidCandidate, programIdOf, quoteCredits } from './quote-pricing';
import { findFunderQuote, isOpen, quoteNotFound } from './quote-rows';

/**
 * `POST /api/platform/v1/quotes/{id}/bids` (docs/product/auction.md#bids): the one writer of quote_bids. The
 * quote's row is locked while the bid is priced and written, so a bid and the quote's close or acceptance never
 * cross: a bid either lands while the quote is open, or is refused (409 error.quote.closed), never half. The
 * funder's previous bid is replaced in the same transaction.
 */
export async function placeBid(
  db: Database,
  funder: FunderCaller,
  input: { quoteId: number; monthlyRate: string; now: Date },
): Promise<Bid> {
  const { now } = input;
  const monthlyRate = plainRate(input.monthlyRate);
  return db.transaction(async (tx) => {
    const quote = await findFunderQuote(tx, funder, input.quoteId, true);
    if (!quote) throw quoteNotFound();
    if (!isOpen(quote, now)) throw new AppError('error.quote.closed');
    const [named] = await tx
      .select({ name: funders.name })
      .from(funders)
      .where(eq(funders.id, funder.funderId));
    const context = await loadPricingContext(tx, await programIdOf(tx, quote.programProviderId), now);
    const credits = await quoteCredits(tx, quote.programProviderId, quote.creditIds);
    const candidate = bidCandidate({
      id: 0,
      funderId: funder.funderId,
      funderName: named!.name,
      monthlyRate,
      createdAt: now,
    });
    const [priced] = priceAtOffers(context, credits, [candidate]).offers;
    // At this rate a credit would cost more than its value: not a rate this set can be bid at.
    if (!priced)
      throw new AppError('error.validation', {
        fieldErrors: [{ field: 'monthlyRate', message: 'validation.offer.rateOutOfRange' }],
      });
    await tx
      .update(quoteBids)
      .set({ replacedAt: now })
      .where(
        and(
          eq(quoteBids.quoteId, quote.id),
          eq(quoteBids.funderId, funder.funderId),
          isNull(quoteBids.replacedAt),
        ),
      );
    const [bid] = await tx
      .insert(quoteBids)
      .values({
        quoteId: quote.id,
        funderId: funder.funderId,
        monthlyRate,
        totalCents: priced.priced.totals.anticipation,
        effectiveMonthlyCost: priced.priced.effectiveMonthlyCost,
        createdAt: now,
      })
      .returning();
    return {
      bidId: bid!.id,
      monthlyRate,
      total: centsToWire(bid!.totalCents),
      createdAt: bid!.createdAt.toISOString(),
    };
  });
}
