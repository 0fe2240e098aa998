import { centsToWire, getPlatformQuoteCall, postBidCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { funderOf } from '../offers/offer-routes';
import { plainRate } from '../offers/plain-rate';
import { placeBid } from './bids';
import { quoteFacts } from './quote-events';
import { currentBids, findFunderQuote, quoteNotFound, statusAt } from './quote-rows';

/**
 * A funder's side of the quotes it was asked about (docs/product/auction.md#funders): a funder's client only;
 * a quote its funder was not asked about answers as one that does not exist.
 */
export async function platformQuoteRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, getPlatformQuoteCall, async (request, _reply, machine) => {
    const funder = funderOf(machine);
    const quote = await findFunderQuote(db, funder, request.params.id);
    if (!quote) throw quoteNotFound();
    const { quoteId, ...facts } = await quoteFacts(db, quote);
    // Its own bid only: a funder never sees another's.
    const own = (await currentBids(db, [quote.id])).find((bid) => bid.funderId === funder.funderId);
    return {
      id: quoteId,
      status: statusAt(quote, clock.now()),
      ...facts,
      bid: own
        ? {
            bidId: own.id,
            monthlyRate: plainRate(own.monthlyRate),
            total: centsToWire(own.totalCents),
            createdAt: own.createdAt.toISOString(),
          }
        : null,
    };
  });

  registerCall(app, postBidCall, async (request, _reply, machine) => {
    const bid = await placeBid(db, funderOf(machine), {
      quoteId: request.params.id,
      monthlyRate: request.body.monthlyRate,
      now: clock.now(),
    });
    request.log.info(
      { client: machine.clientId, quoteId: request.params.id, bidId: bid.bidId },
      'bid placed',
    );
    return bid;
  });
}
