import { issueTokenCall, logoutCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { bearerToken } from '../../http/authenticate';
import { registerCall } from '../../http/route';
import { resolveOrganization } from '../organizations/resolve-organization';
import { authenticateClient } from './client-credentials';
import { login } from './login';
import { revokeToken } from './tokens';

export async function authRoutes(app: FastifyInstance) {
  const { db, clock, config } = app.deps;

  registerCall(app, issueTokenCall, async (request, reply) => {
    const body = request.body;
    // The web app is a public client: its id and secret ship in the bundle; checking them only stops
    // other clients that were not given them (docs/product/accounts-and-sessions.md#oauth-client). Standard
    // OAuth 2 clients send them as Basic.
    authenticateClient(request.raw.headers.authorization, body, config.oauthClient);
    if (body.grant_type !== 'password') throw new AppError('unsupported_grant_type');
    const organization = await resolveOrganization(db, request.headers.organization);
    const { token } = await login(
      db,
      { organizationId: organization.id, username: body.username, password: body.password, ip: request.ip },
      { now: clock.now(), ttlSeconds: config.tokenTtlSeconds, log: request.log },
    );
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: config.tokenTtlSeconds,
      scope: 'read write',
    };
  });

  registerCall(app, logoutCall, async (request) => {
    const token = bearerToken(request);
    if (token) await revokeToken(db, token, clock.now());
    return undefined;
  });
}
