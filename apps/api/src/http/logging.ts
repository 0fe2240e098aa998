import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

// Path segments that are secrets themselves (reset keys, invite tokens) are masked before a URL is logged.
const SECRET_PATHS = [/(\/users\/reset-key\/)[^/?]+/, /(\/invites\/)[^/?]+/, /(\/provider\/invite\/)[^/?]+/];

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, '$1[redacted]');
  return out;
}

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
