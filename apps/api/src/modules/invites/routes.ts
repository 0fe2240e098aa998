import { createInvitedPersonCall, getInviteCall, validateInviteEmailCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { acceptInvite } from './accept-invite';
import { checkInviteEmail } from './email-check';
import { findOpenInvite, toInviteBody } from './invite-queries';

export async function inviteRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, getInviteCall, async (request) =>
    toInviteBody(await findOpenInvite(db, request.params.token, clock.now())),
  );

  registerCall(app, validateInviteEmailCall, async (request) =>
    checkInviteEmail(db, { ...request.body, ip: request.ip }, clock.now()),
  );

  registerCall(app, createInvitedPersonCall, async (request) =>
    acceptInvite(db, request.params.token, request.body, clock.now()),
  );
}
