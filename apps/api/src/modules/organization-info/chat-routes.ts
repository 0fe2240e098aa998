import { getChatCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../http/authenticate';
import { registerCall } from '../../http/route';
import { resolveChatOrganization, toChat } from './chat';

export async function organizationRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, getChatCall, async (request) => {
    const organization = await resolveChatOrganization(db, {
      token: bearerToken(request),
      slug: request.headers.organization,
      now: clock.now(),
    });
    return toChat(organization);
  });
}
