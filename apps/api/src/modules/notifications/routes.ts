import { listActiveNotificationsCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { findMyProgramParticipation } from '../programs/program-queries';
import { listActiveNotifications } from './notification-queries';

export async function notificationRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, listActiveNotificationsCall, async (request, _reply, caller) => {
    // Only a program the default company takes part in: another program's notices are not the caller's.
    const { program } = await findMyProgramParticipation(db, caller, request.params.id);
    return listActiveNotifications(db, program.id, clock.now());
  });
}
