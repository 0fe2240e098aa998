import { createQuoteCall, getQuoteCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
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

  await platformQuoteRoutes(app);
}
