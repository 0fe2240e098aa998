import type { AuthLevel, PlatformScope } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthenticatedUser, findTokenUser, touchSession } from '../modules/auth/tokens';
import { findMachineToken, type MachineCaller } from '../modules/machine-clients/machine-tokens';
import { AppError } from './app-error';
import { assertSameOriginApp, sessionIdOf } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: AuthenticatedUser;
    machine?: MachineCaller;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{10,200})$/i);
  return match?.[1];
}

/**
 * A person's calls, with a bearer token (API clients) or the web app's session cookie
 * (docs/product/accounts-and-sessions.md#web-session): both name a row of access_tokens. A cookie-authenticated
 * call that may change something must come from the portal's page (http/session-cookie.ts, CSRF) or it is 403
 * before anything runs. 401 without a live token; 403 for a machine client's token (its calls are the platform
 * API's), and when the call needs ROLE_PROVIDER and the caller lacks it
 * (docs/product/accounts-and-sessions.md#roles-and-permissions); 403 error.user.twoFactorRequired for a user who
 * must enrol a second factor first, except on the calls enrolment needs
 * (docs/product/account-security.md#forced-enrolment).
 */
export function requireAuth(
  level: Exclude<AuthLevel, 'public' | 'machine'>,
  { duringEnrolment = false } = {},
) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerToken(request);
    // The bearer wins when both come: a client that sends one asked for it.
    const sessionId = bearer ? undefined : sessionIdOf(request);
    if (sessionId) assertSameOriginApp(request);
    const token = bearer ?? sessionId;
    const { db, clock } = request.server.deps;
    const now = clock.now();
    const user = token ? await findTokenUser(db, token, now) : undefined;
    if (!user) {
      // Looked for only once a person's token was not found: a person's calls pay nothing for it.
      if (bearer && (await findMachineToken(db, bearer, now))) throw new AppError('error.http.forbidden');
      throw new AppError('error.http.unauthorized');
    }
    // Known before the role check, so a 403 is logged with who asked (http/audit-log.ts).
    request.caller = user;
    await touchSession(db, user, now);
    if (user.twoFactorRequired && !user.twoFactorEnabled && !duringEnrolment) {
      throw new AppError('error.user.twoFactorRequired');
    }
    if (level === 'provider' && !user.authorities.includes('ROLE_PROVIDER')) {
      throw new AppError('error.http.forbidden');
    }
  };
}

/**
 * The platform API's calls (docs/product/platform-api.md#tokens): a machine client's live token with the call's
 * scope. 401 without one; 403 for a person's token; 403 naming the scope the token lacks (in the body and, as
 * RFC 6750 3.1 has it, in the challenge).
 */
export function requireMachine(scope: PlatformScope) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const { db, clock } = request.server.deps;
    const now = clock.now();
    const machine = token ? await findMachineToken(db, token, now) : undefined;
    if (!machine) {
      if (token && (await findTokenUser(db, token, now))) throw new AppError('error.http.forbidden');
      throw new AppError('error.http.unauthorized');
    }
    request.machine = machine;
    if (!machine.scopes.includes(scope)) {
      throw new AppError('error.http.forbidden', {
        scope,
        headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
      });
    }
  };
}
