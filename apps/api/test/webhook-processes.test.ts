import {
  buildPath,
  createWebhookEndpointCall,
  getBatchCall,
  issueTokenCall,
  listCreditsCall,
  listInboxCall,
  listWebhookDeliveriesCall,
  platformImportCall,
  requestBatchCall,
  settleBatchCall,
} from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { batches, credits, programProviders } from '../src/db/schema';
import { createMachineClient } from '../src/modules/machine-clients/machine-clients';
import { recordBatchEvent } from '../src/modules/webhooks/platform-events';
import { freePort } from './free-port';
import {
  alfaAvailableCredits,
  DEMO_PROVIDER,
  httpRequest,
  loginOverHttp,
  type RunningServer,
  serverDatabase,
  serverSetup,
  startServer,
  until,
} from './server-process';
import { smtpCapture } from './smtp-capture';
import { startReceiver } from './webhooks';

/*
 * Webhooks as the platform meets them (docs/product/platform-api.md#delivery): the real server process, its
 * workers on the real pg-boss queue, a real HTTP receiver and a real SMTP server on loopback. The whole loop
 * of an integration; a receiver down across a SIGKILL and restart of the API; two API processes that deliver
 * each event once.
 */

const smtpPort = await freePort();
const setup = await serverSetup({
  APP_NOW: '2026-11-24T10:00:00-03:00',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
});
const smtp = smtpCapture(smtpPort);
await smtp.listen();
const mails = smtp.received;

let server: RunningServer = await startServer(setup);
const { db } = serverDatabase(setup);
const receiver = await startReceiver();

/** A client of the demo organization and its token, over HTTP as an integrator gets one. */
async function platformToken(port: number) {
  const client = await createMachineClient(db, {
    organizationId: 1,
    name: 'funder',
    scopes: ['imports:write', 'batches:write', 'webhooks:write'],
    now: new Date(),
  });
  const res = await httpRequest(port, {
    method: 'POST',
    path: buildPath(issueTokenCall),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  expect(res.status, res.body).toBe(200);
  return { authorization: `Bearer ${JSON.parse(res.body).access_token}`, 'content-type': 'application/json' };
}
const platform = await platformToken(setup.port);

async function register(port = setup.port) {
  const res = await httpRequest(port, {
    method: 'POST',
    path: buildPath(createWebhookEndpointCall),
    headers: platform,
    body: JSON.stringify({ url: receiver.url }),
  });
  expect(res.status, res.body).toBe(200);
  return JSON.parse(res.body) as { id: number; secret: string };
}

async function removeEndpoints() {
  await db.execute(sql`delete from webhook_endpoints`);
  receiver.received.length = 0;
}

describe('webhooks on the running server', () => {
  it('the whole loop: credits pushed, seen, requested, heard, settled over the API, seen PAID with the reference', async () => {
    const endpoint = await register();
    const { programProviderId } = await alfaAvailableCredits(db);
    const [participation] = await db
      .select({ ref: programProviders.ref })
      .from(programProviders)
      .where(eq(programProviders.id, programProviderId));
    // The buyer's feed pushes two invoices.
    const pushed = ['loop-nf-1', 'loop-nf-2'].map((ref, i) => ({
      ref,
      programProvider: participation!.ref,
      nfNumber: `77000${i}`,
      nfSerial: '1',
      installmentNumber: 1,
      orderDetail: null,
      issueDate: '2026-11-02',
      expireDate: '2027-01-20',
      originalValue: '12345.67',
      kind: 'GOODS',
      status: 'AVAILABLE',
    }));
    const imported = await httpRequest(setup.port, {
      method: 'POST',
      path: buildPath(platformImportCall),
      headers: { ...platform, 'idempotency-key': 'loop-push-1' },
      body: JSON.stringify({ credits: pushed }),
    });
    expect(imported.status, imported.body).toBe(200);
    // The supplier sees them.
    const supplier = await loginOverHttp(setup.port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
    const listed = await httpRequest(setup.port, {
      method: 'GET',
      path: `${buildPath(listCreditsCall, { programProviderId })}?size=100&sort=nfNumber,desc`,
      headers: supplier,
    });
    const seen = JSON.parse(listed.body).content.filter((c: { nfNumber: string }) =>
      c.nfNumber.startsWith('77000'),
    );
    expect(seen).toHaveLength(2);
    // …and requests early payment of them.
    const ids = (
      await db
        .select({ id: credits.id })
        .from(credits)
        .where(sql`${credits.ref} in ('loop-nf-1', 'loop-nf-2')`)
    ).map((row) => row.id);
    const requested = await httpRequest(setup.port, {
      method: 'POST',
      path: buildPath(requestBatchCall),
      headers: { ...supplier, 'content-type': 'application/json' },
      body: JSON.stringify(ids),
    });
    expect(requested.status, requested.body).toBe(200);
    const batchId = JSON.parse(requested.body).id as number;
    // The funder hears of it, signed.
    const heard = await until('batch.requested delivered', () =>
      receiver.received.find((r) => r.type === 'batch.requested'),
    );
    const event = new Webhook(endpoint.secret).verify(
      heard.body,
      heard.headers as Record<string, string>,
    ) as {
      data: { batch: { id: number; credits: string[] } };
    };
    expect(event.data.batch).toMatchObject({ id: batchId, credits: ['loop-nf-1', 'loop-nf-2'] });
    // It pays, and says so over the API.
    const settled = await httpRequest(setup.port, {
      method: 'POST',
      path: buildPath(settleBatchCall, { id: batchId }),
      headers: platform,
      body: JSON.stringify({ status: 'PAID', paymentReference: 'E2E0000LOOP20261124' }),
    });
    expect(settled.status, settled.body).toBe(200);
    await until('batch.paid delivered', () => receiver.received.find((r) => r.type === 'batch.paid'));
    // The supplier sees it PAID with the reference: the request's detail, the inbox, the e-mail.
    const detail = JSON.parse(
      (
        await httpRequest(setup.port, {
          method: 'GET',
          path: buildPath(getBatchCall, { id: batchId }),
          headers: supplier,
        })
      ).body,
    );
    expect(detail).toMatchObject({ status: 'PAID', paymentReference: 'E2E0000LOOP20261124' });
    const inbox = JSON.parse(
      (await httpRequest(setup.port, { method: 'GET', path: buildPath(listInboxCall), headers: supplier }))
        .body,
    );
    expect(JSON.stringify(inbox)).toContain(String(batchId));
    const paidMail = await until('the paid e-mail', () =>
      mails.find((raw) => raw.includes('E2E0000LOOP20261124')),
    );
    expect(paidMail).toContain(String(batchId));
    // The delivery log shows both, delivered at the first attempt.
    const log = JSON.parse(
      (
        await httpRequest(setup.port, {
          method: 'GET',
          path: buildPath(listWebhookDeliveriesCall, { id: endpoint.id }),
          headers: platform,
        })
      ).body,
    );
    expect(
      log.content.map((a: { eventType: string; statusCode: number }) => `${a.eventType} ${a.statusCode}`),
    ).toEqual(['batch.paid 200', 'batch.requested 200']);
  });

  it('a receiver down across a SIGKILL and restart of the API: every event arrives once it is back', async () => {
    await removeEndpoints();
    await register();
    await receiver.stop();
    const demoBatches = await db.select({ id: batches.id }).from(batches).orderBy(asc(batches.id)).limit(5);
    await db.transaction(async (tx) => {
      for (const batch of demoBatches)
        await recordBatchEvent(tx, { batchId: batch.id, type: 'batch.requested', now: new Date() });
    });
    // The server tries, fails (connection refused), and schedules the retries; then it is killed.
    await until('five failed attempts', async () => {
      const failed = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from webhook_attempts where error is not null`,
      );
      return failed.rows[0]!.n >= 5 ? true : undefined;
    });
    server.child.kill('SIGKILL');
    await server.exited;
    await receiver.start();
    server = await startServer(setup);
    // The first retry is 10 s after the failure: every event arrives, each once.
    await until('five events delivered', () => (receiver.received.length >= 5 ? true : undefined), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const ids = receiver.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids).toHaveLength(5);
  }, 120_000);

  it('two API processes on one database deliver each event once, one request’s events in order', async () => {
    await removeEndpoints();
    await register();
    const port = await freePort();
    const databaseUrl = (serverDatabase(setup).pool.options.connectionString as string) ?? '';
    const second = await startServer({
      ...setup,
      port,
      env: { ...setup.env, PORT: String(port), DATABASE_URL: databaseUrl },
    });
    const demoBatches = await db.select({ id: batches.id }).from(batches).orderBy(asc(batches.id)).limit(20);
    // The demo's requests (14), three events each, written as changes write them: a delivery each, for the two
    // processes to share.
    for (const type of ['batch.requested', 'batch.paid', 'batch.rejected'] as const) {
      await db.transaction(async (tx) => {
        for (const batch of demoBatches)
          await recordBatchEvent(tx, { batchId: batch.id, type, now: new Date() });
      });
    }
    const expected = demoBatches.length * 3;
    expect(expected).toBeGreaterThanOrEqual(30);
    await until(
      'every event delivered',
      () => (receiver.received.length >= expected ? true : undefined),
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const ids = receiver.received.map((r) => r.id);
    expect(ids).toHaveLength(expected);
    expect(new Set(ids).size).toBe(expected);
    for (const batch of demoBatches) {
      const ofBatch = receiver.received.filter((r) => JSON.parse(r.body).data.batch.id === batch.id);
      expect(ofBatch.map((r) => r.type)).toEqual(['batch.requested', 'batch.paid', 'batch.rejected']);
    }
    second.child.kill('SIGTERM');
    await second.exited;
  }, 120_000);
});
