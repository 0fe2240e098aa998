import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { createDatabase } from '../../apps/api/src/db/client';
import { credits } from '../../apps/api/src/db/schema';
import { createMachineClient } from '../../apps/api/src/modules/machine-clients/machine-clients';
import { recordInvoiceUploaded } from '../../apps/api/src/modules/webhooks/platform-events';
import { signWebhook } from '../../apps/api/src/modules/webhooks/send-webhook';
import { freePort } from '../../apps/api/test/free-port';
import { type Receiver, startReceiver } from '../../apps/api/test/webhooks';
import { onCleanup } from './cleanup';
import { type ProductEnv, startProduct } from './product';
import { ms, type Row, seconds } from './report';
import { sleep } from './stats';

/*
 * Webhook deliveries (docs/product/platform-api.md#delivery), on the product started as `npm start` runs it
 * (demo data, WEBHOOK_ALLOW_PRIVATE_URLS=true so it may post to loopback), to a receiver on loopback that answers
 * 204 at once:
 *   1. 1,000 events written in one transaction (invoices accepted, events of no request, so none waits for
 *      another) until the receiver has every one; beside it the floor, the same 1,000 signed POSTs sent
 *      straight from this process, 20 at a time on keep-alive connections.
 *   2. The receiver down: 1,000 more events, 60 s of refused connections, the receiver back; the time until it
 *      has every one, and how many it got more than once.
 */

const EVENTS = 1_000;
const OUTAGE_MS = 60_000;

/** How many times the receiver got each webhook-id. */
function countsById(receiver: Receiver): Map<string, number> {
  const counts = new Map<string, number>();
  for (const got of receiver.received) {
    const id = String(got.headers['webhook-id']);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
  return performance.now() - started;
}

/** The floor: the same signed POSTs from this process, `parallel` at a time, on keep-alive connections. */
async function sendStraight(url: string, secret: string, bodies: string[], parallel = 20): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const index = next++;
      const id = `floor-${index}`;
      const timestamp = Math.floor(Date.now() / 1000);
      await new Promise<void>((resolve, reject) => {
        const request = http.request(
          url,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'webhook-id': id,
              'webhook-timestamp': String(timestamp),
              'webhook-signature': signWebhook(secret, id, timestamp, bodies[index]!),
            },
          },
          (answer) => {
            answer.resume();
            answer.on('end', resolve);
          },
        );
        request.on('error', reject);
        request.end(bodies[index]);
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  agent.destroy();
  return performance.now() - started;
}

export type WebhookFigures = {
  rows: Row[];
  data: Record<string, unknown>;
};

export async function measureWebhooks(input: {
  webDist: string;
  say: (msg: string) => void;
}): Promise<WebhookFigures> {
  const { say } = input;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-webhooks-'));
  onCleanup('webhook bench folder', () => fs.rm(dir, { recursive: true, force: true }));
  await fs.chmod(dir, 0o711);
  const env: ProductEnv = {
    dataDir: path.join(dir, 'data'),
    port: await freePort(),
    pgPort: await freePort(),
    webDist: input.webDist,
    extraEnv: { SEED_DEMO: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', LOG_LEVEL: 'warn' },
  };
  say('webhooks: starting the product with the demo data…');
  const product = await startProduct(env, path.join(dir, 'server.log'));
  const password = (await fs.readFile(path.join(env.dataDir, 'pg-password'), 'utf8')).trim();
  const { db, pool } = createDatabase(
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.pgPort}/portal`,
    { max: 2 },
  );
  try {
    const receiver = await startReceiver();
    onCleanup('webhook receiver', () => receiver.stop());
    const client = await createMachineClient(db, {
      organizationId: 1,
      name: 'bench',
      scopes: ['webhooks:write'],
      now: new Date(),
    });
    const token = await fetch(`${product.base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    }).then((res) => res.json() as Promise<{ access_token: string }>);
    const endpoint = await fetch(`${product.base}/api/platform/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['invoice.uploaded'] }),
    }).then((res) => res.json() as Promise<{ id: number; secret: string }>);
    // An invoice accepted is an event of its own (no request's order to keep): a credit may have several.
    const creditIds = (
      await db.select({ id: credits.id }).from(credits).orderBy(asc(credits.id)).limit(100)
    ).map((row) => row.id);
    const writeEvents = () =>
      db.transaction(async (tx) => {
        for (let i = 0; i < EVENTS; i += 1) {
          const creditId = creditIds[i % creditIds.length]!;
          await recordInvoiceUploaded(tx, {
            creditId,
            accessKey: null,
            contentType: 'application/pdf',
            now: new Date(),
          });
        }
      });

    say(`webhooks: ${EVENTS} events to a receiver that answers at once…`);
    const writeStarted = performance.now();
    await writeEvents();
    const writtenMs = performance.now() - writeStarted;
    const deliveredMs = await waitFor(
      'every event delivered',
      () => countsById(receiver).size >= EVENTS,
      120_000,
    );
    await sleep(1_000);
    const firstDuplicates = [...countsById(receiver).values()].filter((n) => n > 1).length;
    const bodies = Array.from({ length: EVENTS }, (_, i) =>
      JSON.stringify({
        id: String(i),
        type: 'invoice.uploaded',
        timestamp: new Date().toISOString(),
        data: {},
      }),
    );
    const floorMs = await sendStraight(receiver.url, endpoint.secret, bodies);
    say(`  delivered in ${seconds(deliveredMs)} after the commit (floor ${seconds(floorMs)})`);

    say(`webhooks: the receiver down ${OUTAGE_MS / 1000} s with ${EVENTS} more events, then back…`);
    receiver.received.length = 0;
    await receiver.stop();
    await writeEvents();
    await sleep(OUTAGE_MS);
    const failedAttempts = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_attempts where error is not null`,
    );
    await receiver.start();
    const recoveredMs = await waitFor(
      'every event delivered after the outage',
      () => countsById(receiver).size >= EVENTS,
      300_000,
    );
    await sleep(2_000);
    const delivered = countsById(receiver);
    const outageDuplicates = [...delivered.values()].filter((n) => n > 1).length;
    const pending = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_deliveries where state <> 'delivered'`,
    );
    const [endpointRow] = await db
      .execute<{ failing_since: Date | null }>(
        sql`select failing_since from webhook_endpoints where id = ${endpoint.id}`,
      )
      .then((r) => r.rows);
    say(`  all back ${seconds(recoveredMs)} after the receiver returned; ${outageDuplicates} duplicates`);

    const rows: Row[] = [
      {
        figure: `webhooks: ${EVENTS} events delivered (from their commit; floor: the same POSTs sent straight, 20 at a time)`,
        budget: '≤ 20 s',
        measured: `${seconds(deliveredMs)} (floor ${seconds(floorMs)}; events written in ${ms(writtenMs)})`,
        pass: deliveredMs <= 20_000,
      },
      {
        figure: `webhooks: receiver down ${OUTAGE_MS / 1000} s, ${EVENTS} events: every one delivered after it returns, once per id`,
        budget: 'all, once each',
        measured: `${delivered.size}/${EVENTS} in ${seconds(recoveredMs)} after the return; ${outageDuplicates} ids twice; ${failedAttempts.rows[0]!.n} refused attempts during the outage`,
        pass: delivered.size === EVENTS && outageDuplicates === 0 && pending.rows[0]!.n === 0,
      },
    ];
    return {
      rows,
      data: {
        events: EVENTS,
        deliveredMs,
        floorMs,
        writtenMs,
        firstDuplicates,
        outageMs: OUTAGE_MS,
        recoveredMs,
        outageDuplicates,
        failedAttemptsDuringOutage: failedAttempts.rows[0]!.n,
        endpointFailingAfter: endpointRow?.failing_since ?? null,
      },
    };
  } finally {
    await pool.end();
    await product.stop();
  }
}
