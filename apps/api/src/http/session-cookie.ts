import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError } from './app-error';

/*
 * The web app's session (docs/product/accounts-and-sessions.md#web-session): an opaque id in an HttpOnly cookie,
 * the same row as a bearer token's (so the sessions list, the revocations and the lifetime are the tokens'),
 * and a readable hint cookie that only says a session exists, for the app's auto-login screen.
 *
 * `__Host-` makes the browser refuse the cookie unless it is Secure, Path=/ and has no Domain, so no sibling
 * sub-domain can plant or overwrite it. Browsers take Secure cookies over plain HTTP from localhost, so the
 * prefixed names serve development too; only plain HTTP to another host needs the unprefixed ones, and only
 * where SESSION_COOKIE_OVER_HTTP allows them.
 */
export const sessionCookie = { secure: '__Host-portal_session', plain: 'portal_session' } as const;
export const hintCookie = { secure: '__Host-portal_signed_in', plain: 'portal_signed_in' } as const;

/** The header the web app sends on every call: a cross-site form or image cannot, and a script needs CORS. */
export const appRequestHeader = { name: 'x-requested-with', value: 'portal-web' } as const;

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/** Whether the browser will keep a Secure cookie from this request: HTTPS (behind a trusted proxy too) or loopback. */
function isSecureContext(request: FastifyRequest): boolean {
  return request.protocol === 'https' || isLoopback(request.hostname);
}

type Names = { session: string; hint: string; secure: boolean };

/** The cookies' names for this request; null when only plain HTTP to another host is possible and not allowed. */
function namesFor(request: FastifyRequest): Names | null {
  if (isSecureContext(request))
    return { session: sessionCookie.secure, hint: hintCookie.secure, secure: true };
  if (request.server.deps.config.sessionCookieOverHttp)
    return { session: sessionCookie.plain, hint: hintCookie.plain, secure: false };
  return null;
}

/** Refuses a sign-in whose cookie the browser would drop: never a login that seems to work and then does not. */
export function assertCookieCanBeSet(request: FastifyRequest): void {
  if (!namesFor(request)) throw new AppError('error.session.httpsRequired');
}

/** The session id the request carries, if any; the unprefixed cookie counts only where it may be set. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const cookies = request.cookies;
  const id =
    cookies[sessionCookie.secure] ??
    (request.server.deps.config.sessionCookieOverHttp ? cookies[sessionCookie.plain] : undefined);
  return id && /^[A-Za-z0-9_-]{43}$/.test(id) ? id : undefined;
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  maxAgeSeconds: number,
) {
  const names = namesFor(request);
  if (!names) throw new AppError('error.session.httpsRequired');
  const common = { path: '/', sameSite: 'strict', secure: names.secure, maxAge: maxAgeSeconds } as const;
  reply.setCookie(names.session, sessionId, { ...common, httpOnly: true });
  // Readable by the page and secret-free: it only tells the app to show the auto-login screen.
  reply.setCookie(names.hint, '1', common);
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const names = namesFor(request);
  if (!names) return;
  const common = { path: '/', sameSite: 'strict', secure: names.secure } as const;
  reply.clearCookie(names.session, { ...common, httpOnly: true });
  reply.clearCookie(names.hint, common);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (docs/product/accounts-and-sessions.md#csrf): a call the cookie authenticates and that may change
 * something must come from the portal's own page: its Origin (or, without one, Sec-Fetch-Site: same-origin)
 * and the app's request header. Anything else is 403 error.http.forbidden before the call runs.
 */
export function assertSameOriginApp(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers[appRequestHeader.name] !== appRequestHeader.value)
    throw new AppError('error.http.forbidden');
  assertSameOrigin(request);
}

/**
 * The origin half of the CSRF check, alone only for what a plain form of the portal's own page sends (the login
 * posted before the app took the page over: a form cannot add a header): the portal's Origin, or without one
 * Sec-Fetch-Site: same-origin; else 403 error.http.forbidden.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  const sameOrigin =
    origin === undefined
      ? request.headers['sec-fetch-site'] === 'same-origin'
      : origin === new URL(request.server.deps.config.publicUrl).origin || origin === ownOrigin(request);
  if (!sameOrigin) throw new AppError('error.http.forbidden');
}

/** The origin the request was addressed to (a browser writes Host itself), default port left out as in Origin. */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}
