import { estimateCreditsCall, estimateProgramProviderCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { estimateCredits, estimateProgramProvider } from './estimate-queries';

export async function estimateRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, estimateCreditsCall, async (request, _reply, caller) =>
    estimateCredits(db, caller, request.body, clock.now(), request.query.offerId),
  );
  registerCall(app, estimateProgramProviderCall, async (request, _reply, caller) =>
    estimateProgramProvider(db, caller, request.params.id, clock.now(), request.query.offerId),
  );
}
