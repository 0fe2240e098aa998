import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  assertCookieCanBeSet,
  assertSameOrigin,
  assertSameOriginApp,
  setSessionCookies,
} from '../../http/session-cookie';
import { resolveOrganization } from '../organizations/resolve-organization';
import { completeMfaLogin, login } from './login';

/** What a password login (login.ts) needs of the request: the time, the session's lifetime, its log and origin. */
export function loginOptions(request: FastifyRequest) {
  const { clock, config } = request.server.deps;
  return {
    now: clock.now(),
    ttlSeconds: config.tokenTtlSeconds,
    log: request.log,
    origin: { userAgent: request.headers['user-agent'] ?? null, address: request.ip },
  };
}

/**
 * Where a sign-in comes from, which decides its CSRF check (docs/product/accounts-and-sessions.md#csrf): the app's
 * own call (`POST /api/session`: the portal's origin and the app's request header), or the login form the server
 * drew, posted by the browser before the app took the page over (`POST /`: a plain form cannot send a header, so
 * the portal's origin alone; docs/decisions/server-drawn-pages.md#login-posted-before-take-over).
 */
export type SignInSource = 'app' | 'form';

export type PasswordSignIn = {
  organizationSlug: string | undefined;
  username: string;
  password: string;
};

/**
 * The web sign-in (docs/product/accounts-and-sessions.md#web-session), the one writer of the session cookie:
 * its CSRF check (a page elsewhere must not sign the browser in to an account of its choosing), a cookie the
 * browser will keep, no caching, the password grant's checks, lockout and audit lines (login.ts), and the
 * token set as the HttpOnly session cookie with its hint. A refusal throws the AppError the API answers
 * (error.invalidpassword, error.user.mfaRequired with its one-use token, …), with nothing set.
 */
export function webSignIn(app: FastifyInstance) {
  const { db, config, secrets } = app.deps;

  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    source: SignInSource,
    organizationSlug: string | undefined,
    issue: (organizationId: number) => Promise<{ token: string }>,
  ) => {
    if (source === 'app') assertSameOriginApp(request);
    else assertSameOrigin(request);
    assertCookieCanBeSet(request);
    reply.header('cache-control', 'no-store');
    const organization = await resolveOrganization(db, organizationSlug);
    const { token } = await issue(organization.id);
    setSessionCookies(request, reply, token, config.tokenTtlSeconds);
    return { expiresIn: config.tokenTtlSeconds };
  };

  return {
    withPassword: (
      request: FastifyRequest,
      reply: FastifyReply,
      source: SignInSource,
      { organizationSlug, username, password }: PasswordSignIn,
    ) =>
      signIn(request, reply, source, organizationSlug, (organizationId) =>
        login(db, { organizationId, username, password, ip: request.ip }, loginOptions(request)),
      ),
    /** The second step of an account with a second factor: the one-use token of the first and a code. */
    withCode: (
      request: FastifyRequest,
      reply: FastifyReply,
      {
        organizationSlug,
        mfaToken,
        otp,
      }: { organizationSlug: string | undefined; mfaToken: string; otp: string },
    ) =>
      signIn(request, reply, 'app', organizationSlug, (organizationId) =>
        completeMfaLogin(
          db,
          secrets,
          { organizationId, mfaToken, otp, ip: request.ip },
          loginOptions(request),
        ),
      ),
  };
}
