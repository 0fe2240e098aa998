import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Security events, one JSON log line each: what happened (`event`), who (`userId`, and the `login` typed
 * when the account is unknown), for which company (`companyId`), and the request id (`reqId`, which every
 * line of a request's logger carries). Never a password, token or key: only ids and the login name.
 */
export type AuditEvent =
  | 'login.succeeded'
  | 'login.failed'
  | 'access.denied'
  | 'batch.requested'
  | 'batch.refused'
  | 'batch.cancelled'
  | 'autoRule.created'
  | 'autoRule.updated'
  | 'autoRule.deleted'
  | 'twoFactor.enabled'
  | 'twoFactor.disabled'
  | 'pin.set'
  | 'pin.refused'
  | 'session.ended';

export type AuditFields = {
  userId: number | null;
  companyId: number | null;
  [field: string]: unknown;
};

/** What is expected to happen (warn is for what a reviewer should look at: failures and refusals). */
const infoEvents: ReadonlySet<AuditEvent> = new Set([
  'login.succeeded',
  'batch.requested',
  'batch.cancelled',
  'autoRule.created',
  'autoRule.updated',
  'autoRule.deleted',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'pin.set',
  'session.ended',
]);

export function audit(log: FastifyBaseLogger, event: AuditEvent, fields: AuditFields) {
  const line = { event, ...fields };
  if (infoEvents.has(event)) log.info(line, event);
  else log.warn(line, event);
}

/**
 * Runs a request for early payment (a confirmation, a quote's acceptance) and, when it is refused, writes the one
 * `batch.refused` line with the refusal's code (`error.unknown` for anything but an AppError) before it goes on
 * to the error handler.
 */
export async function auditingRefusal<T>(
  log: FastifyBaseLogger,
  fields: AuditFields,
  request: () => Promise<T>,
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    audit(log, 'batch.refused', {
      ...fields,
      code: error instanceof AppError ? error.code : 'error.unknown',
    });
    throw error;
  }
}

/**
 * An authorization failure is a 401 or 403 of any API call, or a 404 of a known API route (an id that is
 * not the caller's, or does not exist: the two look alike to the caller, not in the log). Login failures
 * are logged by the login itself, with the reason.
 */
export function registerAccessDeniedLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    if (status !== 401 && status !== 403 && !(status === 404 && route)) return;
    if (!request.url.startsWith('/api/') || route === '/api/oauth/token') return;
    audit(request.log, 'access.denied', {
      userId: request.caller?.id ?? null,
      companyId: request.caller?.defaultCompanyId ?? null,
      status,
      method: request.method,
      route: route ?? null,
    });
  });
}
