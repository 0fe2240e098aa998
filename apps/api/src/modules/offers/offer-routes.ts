import { deleteOfferCall, listOffersCall, putOfferCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/route';
import type { MachineCaller } from '../machine-clients/machine-tokens';
import { type FunderCaller, putOffer, readOffers, withdrawOffer } from './offers';

/**
 * A funder's offers over the platform API (docs/product/funders.md#offers). Only a funder's client offers: a
 * platform client is refused with the one 403 of a call it may not make, whatever its scopes.
 */
export async function offerRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, putOfferCall, async (request, _reply, machine) => {
    const offer = await putOffer(db, funderOf(machine), {
      programRef: request.params.programRef,
      body: request.body,
      now: clock.now(),
    });
    request.log.info(
      { client: machine.clientId, offerId: offer.id, program: offer.programRef },
      'offer posted',
    );
    return offer;
  });

  registerCall(app, deleteOfferCall, async (request, reply, machine) => {
    const { programRef } = request.params;
    if (!(await withdrawOffer(db, funderOf(machine), { programRef, now: clock.now() })))
      throw new AppError('error.offer.notFound');
    request.log.info({ client: machine.clientId, program: programRef }, 'offer withdrawn');
    reply.code(204);
    return undefined;
  });

  registerCall(app, listOffersCall, async (_request, _reply, machine) => ({
    content: await readOffers(db, funderOf(machine), clock.now()),
  }));
}

/** The funder a client acts for; a platform client (no funder) may not make a funder's call: 403. */
export function funderOf(machine: MachineCaller): FunderCaller {
  if (machine.funderId === null) throw new AppError('error.http.forbidden');
  return { organizationId: machine.organizationId, funderId: machine.funderId };
}
