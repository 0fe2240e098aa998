import {
  getPortfolioCall,
  listCreditsCall,
  listNextCreditsCall,
  listUnavailableCreditsCall,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { listCredits } from './credit-list';
import { listNextCredits } from './next-credits';
import { getPortfolio } from './portfolio';
import { listUnavailableCredits } from './unavailable-credits';

export async function creditRoutes(app: FastifyInstance) {
  const { db, clock, background } = app.deps;
  registerCall(app, listCreditsCall, async (request, _reply, caller) =>
    listCredits(db, {
      caller,
      programProviderId: request.params.programProviderId,
      ...request.query,
      now: clock.now(),
      background,
    }),
  );
  registerCall(app, listUnavailableCreditsCall, async (request, _reply, caller) =>
    listUnavailableCredits(db, {
      caller,
      programProviderId: request.params.programProviderId,
      ...request.query,
      now: clock.now(),
    }),
  );
  registerCall(app, listNextCreditsCall, async (request, _reply, caller) =>
    listNextCredits(db, { caller, limit: request.query.limit, now: clock.now() }),
  );
  registerCall(app, getPortfolioCall, async (request, _reply, caller) =>
    getPortfolio(db, { caller, months: request.query.months, now: clock.now() }),
  );
}
