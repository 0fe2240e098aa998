import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { redactUrl } from '../lib/redact';

/** Structured JSON logs with a request id; never a password, token or key. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.access_token',
        '*.key',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/** Every log line of a request carries its id as `reqId`; the answer carries it as `x-request-id`. */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
} satisfies Partial<FastifyServerOptions>;
