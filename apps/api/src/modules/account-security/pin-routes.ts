import { setPinCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { setPin } from './pin';

/** The transaction PIN (docs/product/account-security.md#pin); money calls check it through checkProgramPin. */
export async function pinRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, setPinCall, async (request, _reply, caller) => {
    await setPin(db, caller, request.body, { now: clock.now(), ip: request.ip, log: request.log });
    return undefined;
  });
}
