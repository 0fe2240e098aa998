import type { AuthLevel } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthenticatedUser, findTokenUser, touchSession } from '../modules/auth/tokens';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: AuthenticatedUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{10,200})$/i);
  return match?.[1];
}

/**
 * 401 without a live token; 403 when the call needs ROLE_PROVIDER and the caller lacks it
 * (docs/product/accounts-and-sessions.md#roles-and-permissions); 403 error.user.twoFactorRequired for a user who
 * must enrol a second factor first, except on the calls enrolment needs
 * (docs/product/account-security.md#forced-enrolment).
 */
export function requireAuth(level: Exclude<AuthLevel, 'public'>, { duringEnrolment = false } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const { db, clock } = request.server.deps;
    const now = clock.now();
    const user = token ? await findTokenUser(db, token, now) : undefined;
    if (!user) throw new AppError('error.http.unauthorized');
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
