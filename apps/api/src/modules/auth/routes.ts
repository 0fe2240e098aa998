import {
  confirmWebSessionCall,
  endWebSessionCall,
  issueTokenCall,
  logoutCall,
  startWebSessionCall,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { bearerToken } from '../../http/authenticate';
import { registerCall } from '../../http/route';
import { assertSameOriginApp, clearSessionCookies, sessionIdOf } from '../../http/session-cookie';
import { revokeMachineToken } from '../machine-clients/machine-tokens';
import { resolveOrganization } from '../organizations/resolve-organization';
import { authenticateClient, presentedClient } from './client-credentials';
import { grantClientCredentials } from './client-credentials-grant';
import { completeMfaLogin, login } from './login';
import { revokeToken } from './tokens';
import { loginOptions, webSignIn } from './web-sign-in';

export async function authRoutes(app: FastifyInstance) {
  const { db, clock, config, secrets } = app.deps;

  registerCall(app, issueTokenCall, async (request, reply) => {
    const body = request.body;
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const authorization = request.raw.headers.authorization;
    if (
      body.grant_type === 'client_credentials' ||
      presentedClient(authorization, body).client.id !== config.oauthClient.id
    ) {
      // A machine client of the platform API (docs/product/platform-api.md#tokens), not the web app: whatever
      // the grant, its credentials are checked (and counted) as the machine clients' grant does.
      return grantClientCredentials(db, {
        grantType: body.grant_type,
        authorization,
        form: body,
        ip: request.ip,
        now: clock.now(),
      });
    }
    // The web app is a public client: its id and secret ship in the bundle; checking them only stops
    // other clients that were not given them (docs/product/accounts-and-sessions.md#oauth-client). Standard
    // OAuth 2 clients send them as Basic.
    authenticateClient(authorization, body, config.oauthClient);
    // PASSWORD_GRANT=off leaves people only the web app's cookie session (docs/product/accounts-and-sessions.md#which-login);
    // mfa_otp is the password grant's second step, so it goes with it.
    if ((body.grant_type !== 'password' && body.grant_type !== 'mfa_otp') || !config.passwordGrant)
      throw new AppError('unsupported_grant_type');
    const organization = await resolveOrganization(db, request.headers.organization);
    const options = loginOptions(request);
    let token: string;
    if (body.grant_type === 'password' && body.username !== undefined && body.password !== undefined) {
      ({ token } = await login(
        db,
        { organizationId: organization.id, username: body.username, password: body.password, ip: request.ip },
        options,
      ));
    } else if (body.grant_type === 'mfa_otp' && body.mfa_token !== undefined && body.otp !== undefined) {
      ({ token } = await completeMfaLogin(
        db,
        secrets,
        { organizationId: organization.id, mfaToken: body.mfa_token, otp: body.otp, ip: request.ip },
        options,
      ));
    } else {
      throw new AppError('unsupported_grant_type');
    }
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: config.tokenTtlSeconds,
      scope: 'read write',
    };
  });

  // The web app's sign-in (docs/product/accounts-and-sessions.md#web-session): the password grant's checks, the
  // session in an HttpOnly cookie, nothing of it in the answer (web-sign-in.ts).
  const webSession = webSignIn(app);

  registerCall(app, startWebSessionCall, async (request, reply) =>
    webSession.withPassword(request, reply, 'app', {
      organizationSlug: request.headers.organization,
      ...request.body,
    }),
  );

  registerCall(app, confirmWebSessionCall, async (request, reply) =>
    webSession.withCode(request, reply, { organizationSlug: request.headers.organization, ...request.body }),
  );

  registerCall(app, endWebSessionCall, async (request, reply) => {
    const sessionId = sessionIdOf(request);
    if (sessionId) {
      assertSameOriginApp(request);
      await revokeToken(db, sessionId, clock.now());
    }
    clearSessionCookies(request, reply);
    return undefined;
  });

  registerCall(app, logoutCall, async (request) => {
    const token = bearerToken(request);
    // A person's token or a machine client's (docs/product/platform-api.md#tokens): whichever it is ends.
    if (token) {
      await revokeToken(db, token, clock.now());
      await revokeMachineToken(db, token, clock.now());
    }
    return undefined;
  });
}
