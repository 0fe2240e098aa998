import { endOtherSessionsCall, endSessionCall, listSessionsCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../http/audit-log';
import { registerCall } from '../../http/route';
import { endOtherSessions, endSession, listSessions } from './sessions';

/** The caller's sessions (docs/product/account-security.md#sessions). */
export async function sessionRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, listSessionsCall, async (_request, _reply, caller) =>
    listSessions(db, caller, clock.now()),
  );

  registerCall(app, endSessionCall, async (request, _reply, caller) => {
    const { current } = await endSession(db, caller, request.params.id, clock.now());
    audit(request.log, 'session.ended', {
      userId: caller.id,
      companyId: caller.defaultCompanyId,
      sessionId: request.params.id,
      current,
    });
    return undefined;
  });

  registerCall(app, endOtherSessionsCall, async (request, _reply, caller) => {
    const ended = await endOtherSessions(db, caller, clock.now());
    audit(request.log, 'session.ended', {
      userId: caller.id,
      companyId: caller.defaultCompanyId,
      allOthers: true,
      ended,
    });
    return { ended };
  });
}
