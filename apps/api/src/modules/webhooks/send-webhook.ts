import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  AddressNotAllowedError,
  publicAddressLookup,
  refusedHost,
  type WebhookAddressRules,
} from './webhook-address';

/*
 * One HTTP attempt of a webhook (docs/product/platform-api.md#delivery): a POST of the event's JSON, signed as the
 * Standard Webhooks specification 1.0 says, that delivers the event when it answers 2xx within the timeout.
 * Redirects are not followed (a 3xx is a failure). The address connected to is judged by the registration's
 * rule (webhook-address.ts): the URL's own address before connecting, a name's through the lookup the
 * connection is made with.
 */

/** How long the receiver has to answer (the specification's and ours: 10 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** What is kept of a receiver's answer body: nothing; past this it is cut off so a socket never streams forever. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type AttemptOutcome = {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
};

export type WebhookMessage = { url: string; secret: string; id: string; body: string };

export type WebhookSender = {
  send(message: WebhookMessage, now?: Date): Promise<AttemptOutcome>;
  close(): void;
};

/**
 * `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's bytes (the base64 after
 * `whsec_`). Written here rather than with the `standardwebhooks` package so that the tests, which verify with
 * that package, check this code against an implementation that is not itself.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export function createWebhookSender(
  rules: WebhookAddressRules,
  timeoutMs: number = WEBHOOK_TIMEOUT_MS,
): WebhookSender {
  const pool = { keepAlive: true, maxSockets: 16 };
  const agents = { http: new http.Agent(pool), https: new https.Agent(pool) };
  const lookup = publicAddressLookup(rules);
  return {
    send: (message, now = new Date()) => post(message, now),
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };

  function post(message: WebhookMessage, now: Date): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(message.url);
    if (url.protocol !== 'https:' && !(rules.allowPrivate && url.protocol === 'http:'))
      return Promise.resolve({
        delivered: false,
        statusCode: null,
        error: 'not an https:// URL',
        durationMs: 0,
      });
    const refused = refusedHost(url, rules);
    if (refused !== undefined)
      return Promise.resolve({
        delivered: false,
        statusCode: null,
        error: new AddressNotAllowedError(refused).message,
        durationMs: 0,
      });
    const timestamp = Math.floor(now.getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'SupplierPortal-Webhooks/1.0',
      'webhook-id': message.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(message.secret, message.id, timestamp, message.body),
    };
    const client = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? agents.https : agents.http;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...outcome, durationMs: elapsed() });
      };
      const request = client.request(url, { method: 'POST', agent, headers, lookup }, (answer) => {
        const statusCode = answer.statusCode ?? 0;
        const delivered = statusCode >= 200 && statusCode < 300;
        finish({ delivered, statusCode, error: delivered ? null : `HTTP ${statusCode}` });
        let bytes = 0;
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > MAX_ANSWER_BYTES) answer.destroy();
        });
        answer.on('error', () => undefined);
      });
      const timer = setTimeout(() => {
        finish({ delivered: false, statusCode: null, error: `timeout after ${timeoutMs / 1000} s` });
        request.destroy();
      }, timeoutMs);
      request.on('error', (error) => finish({ delivered: false, statusCode: null, error: describe(error) }));
      request.end(message.body);
    });
  }
}

/** The failure in a few words an integrator can act on. */
function describe(error: Error): string {
  return error.message.slice(0, 300);
}
