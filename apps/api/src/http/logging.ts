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
      // Authorization carries bearer tokens and, on the token call, the client's Basic credentials: it is
      // redacted wherever a headers object is logged, not only under req.
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
        // The web session's id goes out in Set-Cookie (http/session-cookie.ts).
        'res.headers["set-cookie"]',
        '*.headers["set-cookie"]',
        '*.mfaToken',
        '*.client_secret',
        '*.password',
        '*.access_token',
        '*.key',
        '*.token',
        // Account security (docs/product/account-security.md#secrets-in-logs).
        '*.pin',
        '*.otp',
        '*.mfa_token',
        '*.otpauthUri',
        '*.qrSvg',
        '*.recoveryCodes',
        // A company's bank account, answered whole to the platform's funder (docs/product/platform-api.md#batches).
        '*.bankAccount',
        '*.bankBranch',
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
