import { acceptQuoteCall, createQuoteCall, getQuoteCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { audit, auditingRefusal } from '../../http/audit-log';
import { registerCall } from '../../http/route';
import { acceptQuote } from './accept-quote';
import { createQuote } from './create-quote';
import { platformQuoteRoutes } from './platform-quote-routes';
import { readQuote } from './read-quote';

/** Asking the funders (docs/product/auction.md): the supplier's calls, then the funders'. */
export async function quoteRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, createQuoteCall, async (request, _reply, caller) => {
    const quote = await createQuote(db, caller, request.body.creditIds, clock.now());
    request.log.info(
      { userId: caller.id, quoteId: quote.id, credits: quote.creditIds.length },
      'quote asked',
    );
    return quote;
  });

  registerCall(app, getQuoteCall, async (request, _reply, caller) =>
    readQuote(db, caller, request.params.id, clock.now()),
  );

  registerCall(app, acceptQuoteCall, async (request, _reply, caller) => {
    const quoteId = request.params.id;
    const refused = { userId: caller.id, companyId: caller.defaultCompanyId, quoteId };
    return auditingRefusal(request.log, refused, async () => {
      const answer = await acceptQuote(app.deps, {
        caller,
        quoteId,
        bidId: request.body.bidId,
        pin: request.body.pin,
        ip: request.ip,
        log: request.log,
      });
      // A request like any other (the batches route's audit line), naming the quote it came from.
      audit(request.log, 'batch.requested', {
        userId: caller.id,
        companyId: caller.defaultCompanyId,
        batchId: answer.id,
        quoteId,
      });
      return answer;
    });
  });

  await platformQuoteRoutes(app);
}
