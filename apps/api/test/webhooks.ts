import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { WebhookLookup } from '../src/modules/webhooks/webhook-address';

/*
 * A real webhook receiver on loopback, and what tests need around it (docs/product/platform-api.md#webhooks).
 */

export type ReceivedWebhook = {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The event's id and type, read from the body. */
  id: string;
  type: string;
  receivedAt: number;
};

export type Receiver = {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The status of the next answers, in turn; once used up, `otherwise` (200 unless set). */
  answers: number[];
  otherwise: number;
  /** Milliseconds before answering. */
  delayMs: number;
  /** Extra headers of every answer (a redirect's Location). */
  headers: Record<string, string>;
  /** Stops listening (connections are refused) and starts again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
};

export async function startReceiver(port = 0): Promise<Receiver> {
  let server: http.Server | undefined;
  const receiver: Receiver = {
    url: '',
    port,
    received: [],
    answers: [],
    otherwise: 200,
    delayMs: 0,
    headers: {},
    async stop() {
      if (!server) return;
      const closing = server;
      server = undefined;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async start() {
      server = http.createServer((request, answer) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const event = safeJson(body);
          receiver.received.push({
            headers: request.headers,
            body,
            id: String(event?.id ?? ''),
            type: String(event?.type ?? ''),
            receivedAt: Date.now(),
          });
          const status = receiver.answers.shift() ?? receiver.otherwise;
          setTimeout(() => {
            answer.writeHead(status, { 'content-type': 'text/plain', ...receiver.headers });
            answer.end(status < 300 ? 'ok' : 'no');
          }, receiver.delayMs);
        });
      });
      await new Promise<void>((resolve) => server!.listen(receiver.port, '127.0.0.1', resolve));
      receiver.port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
    },
  };
  await receiver.start();
  return receiver;
}

function safeJson(text: string): { id?: unknown; type?: unknown } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Name resolution a test controls: each name answers the addresses it is given now, so a test can make a name
 * public at registration and private at delivery (DNS rebinding). Unknown names fail as NXDOMAIN does.
 */
export function scriptedLookup(
  names: Record<string, string>,
): WebhookLookup & { names: Record<string, string> } {
  const lookup = ((hostname: string, options: unknown, callback: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (
      error: NodeJS.ErrnoException | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    const address = lookup.names[hostname];
    if (!address) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = 'ENOTFOUND';
      done(error, all ? [] : '');
      return;
    }
    const family = address.includes(':') ? 6 : 4;
    if (all) done(null, [{ address, family }]);
    else done(null, address, family);
  }) as WebhookLookup & { names: Record<string, string> };
  lookup.names = { ...names };
  return lookup;
}

/** Makes every scheduled webhook retry due now, as if its wait had passed (deliveries and their jobs). */
export async function bringRetriesForward(db: Database): Promise<void> {
  await db.execute(sql`update webhook_deliveries set next_attempt_at = now() where state = 'pending'`);
  await db.execute(
    sql`update pgboss.job set start_after = now() where name = 'webhook-delivery' and state in ('created', 'retry')`,
  );
}
