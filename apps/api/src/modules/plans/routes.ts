import { createPlanCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { makePlan } from './make-plan';

/** The cash planner (docs/product/automation.md#planner). */
export async function planRoutes(app: FastifyInstance) {
  registerCall(app, createPlanCall, async (request, _reply, caller) =>
    makePlan(app.deps.db, caller, request.body, app.deps.clock.now()),
  );
}
