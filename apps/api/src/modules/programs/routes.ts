import {
  centsToWire,
  getProgramProviderConfigurationCall,
  getSimulationExampleCall,
  listMyProgramsCall,
} from '@portal/contract';
import { simulationExample } from '@portal/pricing';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { loadPricingContext } from '../pricing/pricing-context';
import { findMyProgramParticipation, listMyPrograms } from './program-queries';

export async function programRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, listMyProgramsCall, async (request, _reply, caller) =>
    listMyPrograms(db, caller, { limit: request.query.limit, now: clock.now() }),
  );

  registerCall(app, getProgramProviderConfigurationCall, async (request, _reply, caller) => {
    const { programProvider } = await findMyProgramParticipation(db, caller, request.params.id);
    return { providerCanNotAnticipate: programProvider.providerCanNotAnticipateHtml };
  });

  registerCall(app, getSimulationExampleCall, async (request, _reply, caller) => {
    const { program } = await findMyProgramParticipation(db, caller, request.params.id);
    // The rates in force now, IOF included, exactly as an estimate made now would use them.
    const { rates } = await loadPricingContext(db, program.id, clock.now());
    const example = simulationExample(rates);
    return {
      investorRemuneration: example.investorRemuneration,
      platformRemuneration: example.platformRemuneration,
      originalValue: centsToWire(example.originalValue),
      investorDiscount: centsToWire(example.investorDiscount),
      platformDiscount: centsToWire(example.platformDiscount),
      dailyIof: centsToWire(example.dailyIof),
      fixedIof: centsToWire(example.fixedIof),
      bankFee: centsToWire(example.bankFee),
      anticipationValue: centsToWire(example.anticipationValue),
    };
  });
}
