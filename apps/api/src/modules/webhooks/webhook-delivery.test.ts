import {
  buildPath,
  createWebhookEndpointCall,
  errorBody,
  listPlatformEventsCall,
  listWebhookDeliveriesCall,
  metricsCall,
  retryWebhookDeliveryCall,
  settleBatchCall,
  updateWebhookEndpointCall,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, type TestApp } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import { createCreditIds, createSupplier, type Supplier } from '../../../test/estimates-factories';
import { createFunder, fundRequests, offeringFunder } from '../../../test/funders-factories';
import { funderToken, machineToken } from '../../../test/machine-clients';
import { until } from '../../../test/server-process';
import {
  bringRetriesForward,
  type ReceivedWebhook,
  type Receiver,
  scriptedLookup,
  startReceiver,
} from '../../../test/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createJobQueue } from '../../jobs/job-queue';
import { startScheduledWork } from '../../jobs/scheduled-work';
import { WEBHOOK_TIMEOUT_MS } from './send-webhook';
import { MAX_ATTEMPTS, requeueStalledDeliveries, retryDelaySeconds } from './webhook-deliveries';

/*
 * Delivering events to a real HTTP receiver on loopback (docs/product/platform-api.md#delivery): the signature
 * checked by the Standard Webhooks reference implementation (the `standardwebhooks` package), retries with the
 * same webhook-id, one request's events in order, redirects not followed, the timeout, DNS rebinding, an
 * endpoint disabled after 5 days of failures, the delivery log and the manual retry.
 */

const METRICS_TOKEN = 'scrape-token-0123456789';
const t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', METRICS_TOKEN }, { keepLogs: true });
const receiver = await startReceiver();

async function world(app: TestApp, slug: string) {
  const supplier = await createSupplier(app.app, app.db, { organization: { slug } });
  const platform = await machineToken(app, supplier.org.id, [
    'webhooks:write',
    'batches:write',
    'events:read',
  ]);
  return { supplier, platform };
}
const { supplier, platform } = await world(t, 'hooked');

async function registerEndpoint(
  url: string,
  options: { app?: TestApp; headers?: Record<string, string>; events?: string[] } = {},
) {
  const res = await (options.app ?? t).app.inject({
    method: 'POST',
    url: buildPath(createWebhookEndpointCall),
    payload: { url, ...(options.events && { events: options.events }) },
    headers: options.headers ?? platform,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; secret: string };
}

/** A request of the supplier's (its batch.requested event), answering its id. */
async function newRequest(app: TestApp = t, who: Supplier = supplier) {
  const ids = await createCreditIds(app.db, who.pp, 1);
  const res = await postBatch(app.app, who.headers, ids);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const pay = (batchId: number) =>
  t.app.inject({
    method: 'POST',
    url: buildPath(settleBatchCall, { id: batchId }),
    payload: { status: 'PAID', paymentReference: `E2E-${batchId}` },
    headers: platform,
  });

const deliveryLog = (endpointId: number, query = '') =>
  t.app.inject({
    url: `${buildPath(listWebhookDeliveriesCall, { id: endpointId })}${query}`,
    headers: platform,
  });

/** Removes every endpoint of the world, so each test starts with its own. */
async function noEndpoints(app: TestApp = t) {
  await app.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answers.length = 0;
  receiver.otherwise = 200;
  receiver.headers = {};
}

describe('a delivery', () => {
  it('POSTs the event as the feed lists it, signed as Standard Webhooks 1.0 says', async () => {
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url);
    const batchId = await newRequest();
    expect(await t.deliverWebhooks()).toBe(1);
    const [got] = receiver.received;
    const feed = await t.app.inject({ url: buildPath(listPlatformEventsCall), headers: platform });
    const event = feed.json().content.at(-1);
    expect(event).toMatchObject({ type: 'batch.requested', data: { batch: { id: batchId } } });
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-id']).toBe(event.id);
    expect(Math.abs(Number(got!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
    // The reference implementation verifies it, and hands back the event as the feed has it.
    const verified = new Webhook(endpoint.secret).verify(got!.body, got!.headers as Record<string, string>);
    expect(verified).toEqual(event);
    // Byte for byte as the feed writes it, keys in the same order.
    expect(got!.body).toBe(JSON.stringify(event));
    expect(feed.body).toContain(got!.body);
    // …and refuses it with one byte changed, or under another secret.
    expect(() =>
      new Webhook(endpoint.secret).verify(
        got!.body.replace('batch.requested', 'batch.requestee'),
        got!.headers as Record<string, string>,
      ),
    ).toThrow();
    const other = await registerEndpoint(receiver.url);
    expect(() =>
      new Webhook(other.secret).verify(got!.body, got!.headers as Record<string, string>),
    ).toThrow();
  });

  it('retries a 500 with the same webhook-id, first after 10 s, and logs both attempts', async () => {
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url);
    receiver.answers.push(500);
    await newRequest();
    expect(await t.deliverWebhooks()).toBe(1);
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ state: 'pending', failures: 1 });
    const wait = await t.db.execute<{ s: number }>(
      sql`select extract(epoch from next_attempt_at - now())::float as s from webhook_deliveries where id = ${delivery!.id}`,
    );
    expect(wait.rows[0]!.s).toBeGreaterThan(8);
    expect(wait.rows[0]!.s).toBeLessThanOrEqual(10);
    // Not due yet: nothing is sent.
    expect(await t.deliverWebhooks()).toBe(0);
    await bringRetriesForward(t.db);
    expect(await t.deliverWebhooks()).toBe(1);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      receiver.received[0]!.headers['webhook-id'],
      receiver.received[0]!.headers['webhook-id'],
    ]);
    const log = (await deliveryLog(endpoint.id)).json();
    expect(log.content).toEqual([
      {
        id: expect.any(String),
        eventId: receiver.received[0]!.id,
        eventType: 'batch.requested',
        attemptedAt: expect.any(String),
        durationMs: expect.any(Number),
        statusCode: 200,
        error: null,
        delivered: true,
      },
      expect.objectContaining({ statusCode: 500, error: 'HTTP 500', delivered: false }),
    ]);
    expect(log.next).toBeNull();
    const page = (await deliveryLog(endpoint.id, '?limit=1')).json();
    expect(page.content).toHaveLength(1);
    const older = (await deliveryLog(endpoint.id, `?limit=1&before=${page.next}`)).json();
    expect(older.content[0].statusCode).toBe(500);
  });

  it('keeps one request’s events in order: paid waits behind its failed requested', async () => {
    await noEndpoints();
    await registerEndpoint(receiver.url);
    receiver.answers.push(503);
    const first = await newRequest();
    expect(await t.deliverWebhooks()).toBe(1);
    expect((await pay(first)).statusCode).toBe(200);
    // The paid event is due, but its request's earlier event is not yet: nothing goes.
    expect(await t.deliverWebhooks()).toBe(0);
    // Another request's event goes; its 2xx shows the receiver is back, so the first request's events follow at
    // once, in order.
    const second = await newRequest();
    expect(await t.deliverWebhooks()).toBe(3);
    const sent = receiver.received.map((r) => `${JSON.parse(r.body).data.batch.id} ${r.type} ${r.id}`);
    const [requestedOfFirst, , paidOfFirst] = receiver.received.filter(
      (r) => JSON.parse(r.body).data.batch.id === first,
    );
    expect(sent).toEqual([
      `${first} batch.requested ${requestedOfFirst!.id}`,
      `${second} batch.requested ${receiver.received[1]!.id}`,
      `${first} batch.requested ${requestedOfFirst!.id}`,
      `${first} batch.paid ${paidOfFirst!.id}`,
    ]);
  });

  it('sends only the event types an endpoint asked for', async () => {
    await noEndpoints();
    await registerEndpoint(receiver.url, { events: ['batch.paid'] });
    const batchId = await newRequest();
    await pay(batchId);
    await t.deliverWebhooks();
    expect(receiver.received.map((r) => r.type)).toEqual(['batch.paid']);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url);
    receiver.answers.push(302);
    receiver.headers = { location: `${receiver.url}/elsewhere` };
    await newRequest();
    await t.deliverWebhooks();
    expect(receiver.received).toHaveLength(1);
    const [attempt] = (await deliveryLog(endpoint.id)).json().content;
    expect(attempt).toMatchObject({ statusCode: 302, error: 'HTTP 302', delivered: false });
  });

  it('brings a returning receiver its backlog at once, not at each retry’s time', async () => {
    await noEndpoints();
    await registerEndpoint(receiver.url);
    receiver.otherwise = 500;
    for (let i = 0; i < 3; i += 1) await newRequest();
    expect(await t.deliverWebhooks()).toBe(3);
    receiver.otherwise = 200;
    // A new event succeeds: the three waiting retries are due at once and go in the same run.
    await newRequest();
    expect(await t.deliverWebhooks()).toBe(4);
    const states = await t.db.select({ state: webhookDeliveries.state }).from(webhookDeliveries);
    expect(states.every((row) => row.state === 'delivered')).toBe(true);
  });

  it('gives up after 11 attempts spread over more than 24 hours, the first retry within 30 s', async () => {
    const waits = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, n) => retryDelaySeconds(n + 1));
    expect(waits[0]).toBeLessThanOrEqual(30);
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * 3600);
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url);
    receiver.otherwise = 500;
    await newRequest();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt += 1) {
      await t.deliverWebhooks();
      await bringRetriesForward(t.db);
    }
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ state: 'failed', failures: MAX_ATTEMPTS });
  });
});

describe('a request made at a funder’s offer', () => {
  it('is delivered with its funder, byte for byte as the feed lists it', async () => {
    await noEndpoints();
    const funded = await world(t, 'hooked-funded');
    await offeringFunder(t, funded.supplier, 'banco-sul', 'Banco Sul Fomento S.A.');
    await registerEndpoint(receiver.url, { headers: funded.platform });
    const batchId = await newRequest(t, funded.supplier);
    expect(await t.deliverWebhooks()).toBe(1);
    const [got] = receiver.received;
    const feed = await t.app.inject({ url: buildPath(listPlatformEventsCall), headers: funded.platform });
    const event = feed.json().content.at(-1);
    expect(event.data.batch).toMatchObject({
      id: batchId,
      funder: { ref: 'banco-sul', name: 'Banco Sul Fomento S.A.' },
    });
    expect(got!.body).toBe(JSON.stringify(event));
    expect(feed.body).toContain(got!.body);
    expect(got!.body).toContain('"funder":{"ref":"banco-sul","name":"Banco Sul Fomento S.A."}');
  });
});

describe('a worker that died while sending', () => {
  it('leaves a lease that runs out; the minute’s sweep queues the delivery again and it is sent', async () => {
    await noEndpoints();
    await registerEndpoint(receiver.url);
    await newRequest();
    // As if a worker had leased it a minute and a half ago and died with its job.
    await t.db.execute(sql`delete from pgboss.job where name = 'webhook-delivery'`);
    await t.db.execute(
      sql`update webhook_deliveries set leased_until = now() - interval '1 minute', next_attempt_at = now() - interval '90 seconds'`,
    );
    expect(await t.deliverWebhooks()).toBe(0);
    expect(await requeueStalledDeliveries(t.db)).toBe(1);
    expect(await t.deliverWebhooks()).toBe(1);
    expect(receiver.received.map((r) => r.type)).toEqual(['batch.requested']);
    // A lease still running is left alone.
    await newRequest();
    await t.db.execute(sql`delete from pgboss.job where name = 'webhook-delivery'`);
    await t.db.execute(
      sql`update webhook_deliveries set leased_until = now() + interval '20 seconds', next_attempt_at = now() - interval '90 seconds' where state = 'pending'`,
    );
    expect(await requeueStalledDeliveries(t.db)).toBe(0);
  });
});

describe('POST …/deliveries/{eventId}/retry', () => {
  it('sends a delivered event again, with the same webhook-id', async () => {
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url);
    await newRequest();
    await t.deliverWebhooks();
    const eventId = receiver.received[0]!.id;
    const res = await t.app.inject({
      method: 'POST',
      url: buildPath(retryWebhookDeliveryCall, { id: endpoint.id, eventId }),
      headers: platform,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ eventId, state: 'pending', nextAttemptAt: expect.any(String) });
    await t.deliverWebhooks();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
  });

  it('sends an event from before the endpoint existed', async () => {
    await noEndpoints();
    await newRequest();
    const feed = await t.app.inject({ url: buildPath(listPlatformEventsCall), headers: platform });
    const earlier = feed.json().content.at(-1).id as string;
    const endpoint = await registerEndpoint(receiver.url);
    await t.app.inject({
      method: 'POST',
      url: buildPath(retryWebhookDeliveryCall, { id: endpoint.id, eventId: earlier }),
      headers: platform,
    });
    await t.deliverWebhooks();
    expect(receiver.received.map((r) => r.id)).toEqual([earlier]);
  });
});

describe('a funder’s endpoint', () => {
  it('receives the events of the requests its funder funds only; a platform client’s endpoint, every event', async () => {
    await noEndpoints();
    const orgId = supplier.org.id;
    const sul = await createFunder(t.db, orgId, 'f-sul');
    const norte = await createFunder(t.db, orgId, 'f-norte');
    const [sulReceiver, norteReceiver] = [await startReceiver(), await startReceiver()];
    try {
      await registerEndpoint(receiver.url);
      const ofSul = await registerEndpoint(sulReceiver.url, { headers: await funderToken(t, orgId, sul) });
      await registerEndpoint(norteReceiver.url, { headers: await funderToken(t, orgId, norte) });
      // Nothing records a request's funder yet: it is said after the request, so each batch.requested went to
      // the platform's endpoint alone, and the payments show who hears of what.
      const [sulBatch, norteBatch, houseBatch] = [await newRequest(), await newRequest(), await newRequest()];
      await fundRequests(t.db, sul, [sulBatch]);
      await fundRequests(t.db, norte, [norteBatch]);
      for (const id of [sulBatch, norteBatch, houseBatch]) expect((await pay(id)).statusCode).toBe(200);
      await t.deliverWebhooks();
      const batchOf = (r: ReceivedWebhook) =>
        (JSON.parse(r.body) as { data: { batch: { id: number } } }).data.batch.id;
      const heard = (got: Receiver) => got.received.map((r) => [r.type, batchOf(r)]);
      expect(heard(sulReceiver)).toEqual([['batch.paid', sulBatch]]);
      expect(heard(norteReceiver)).toEqual([['batch.paid', norteBatch]]);
      expect(heard(receiver)).toHaveLength(6);

      // A platform client sees every event, yet cannot send Norte's or the house's to Sul's endpoint.
      const paidOf = (batchId: number) =>
        receiver.received.find((r) => r.type === 'batch.paid' && batchOf(r) === batchId)!.id;
      for (const batchId of [norteBatch, houseBatch]) {
        const res = await t.app.inject({
          method: 'POST',
          url: buildPath(retryWebhookDeliveryCall, { id: ofSul.id, eventId: paidOf(batchId) }),
          headers: platform,
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(errorBody('error.webhook.notSubscribed', [], 409));
      }
      expect(await t.deliverWebhooks()).toBe(0);
      expect(sulReceiver.received).toHaveLength(1);
    } finally {
      await sulReceiver.stop();
      await norteReceiver.stop();
    }
  });
});

describe('the delivery log', () => {
  it('keeps 30 days of attempts: older ones are deleted by a daily job of the scheduled work', async () => {
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url);
    receiver.answers.push(500, 500);
    await newRequest();
    await t.deliverWebhooks();
    await bringRetriesForward(t.db);
    await t.deliverWebhooks();
    await bringRetriesForward(t.db);
    await t.deliverWebhooks();
    const ids = (await deliveryLog(endpoint.id)).json().content.map((a: { id: string }) => a.id);
    expect(ids).toHaveLength(3);
    const [latest, middle, oldest] = ids;
    await t.db.execute(
      sql`update webhook_attempts set attempted_at = now() - interval '31 days' where id = ${oldest}`,
    );
    await t.db.execute(
      sql`update webhook_attempts set attempted_at = now() - interval '29 days' where id = ${middle}`,
    );
    // The scheduled work runs the job as a process starts it, then every day.
    const jobs = createJobQueue(t.db.$client);
    await jobs.boss.start();
    try {
      await startScheduledWork(jobs.boss, {
        db: t.db,
        clock: t.clock,
        background: t.app.deps.background,
        log: { info: () => undefined, error: () => undefined },
      });
      await until('the attempt of 31 days ago deleted', async () =>
        (await deliveryLog(endpoint.id)).json().content.length === 2 ? true : undefined,
      );
    } finally {
      await jobs.close();
    }
    expect((await deliveryLog(endpoint.id)).json()).toEqual({
      content: [
        expect.objectContaining({ id: latest, statusCode: 200, delivered: true }),
        expect.objectContaining({ id: middle, statusCode: 500, delivered: false }),
      ],
      next: null,
    });
    const schedule = await t.db.execute<{ cron: string }>(
      sql`select cron from pgboss.schedule where name = 'webhook-retention'`,
    );
    expect(schedule.rows).toEqual([{ cron: '30 3 * * *' }]);
  });
});

describe('a retry of an event type the endpoint does not take', () => {
  it('is refused with 409 error.webhook.notSubscribed, and nothing is sent', async () => {
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url, { events: ['batch.paid'] });
    await newRequest();
    const feed = await t.app.inject({ url: buildPath(listPlatformEventsCall), headers: platform });
    const requested = feed.json().content.at(-1);
    expect(requested.type).toBe('batch.requested');
    const res = await t.app.inject({
      method: 'POST',
      url: buildPath(retryWebhookDeliveryCall, { id: endpoint.id, eventId: requested.id }),
      headers: platform,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody('error.webhook.notSubscribed', [], 409));
    expect(await t.deliverWebhooks()).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('an endpoint failing for 5 days', () => {
  it('is disabled, the operator is told (a log line and a metric), and it takes no more events or retries', async () => {
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url);
    receiver.otherwise = 500;
    await newRequest();
    await t.deliverWebhooks();
    // Its failing spell began 5 days ago (the clock of deliveries is the database's).
    await t.db.execute(
      sql`update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = ${endpoint.id}`,
    );
    await bringRetriesForward(t.db);
    expect(await t.deliverWebhooks()).toBe(1);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.disabledAt).not.toBeNull();
    const line = t.logLines.map((l) => JSON.parse(l)).find((l) => l.event === 'webhook.endpoint.disabled');
    expect(line).toMatchObject({ level: 40, endpointId: endpoint.id, organizationId: supplier.org.id });
    const metrics = await injectCall(t.app, metricsCall, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/^portal_webhook_endpoints_disabled 1$/m);
    expect(metrics.body).toMatch(/^portal_webhook_deliveries_pending 0$/m);
    // Nothing more is sent to it: not a new event, not a retry.
    receiver.received.length = 0;
    await newRequest();
    await t.deliverWebhooks();
    expect(receiver.received).toHaveLength(0);
    const retry = await t.app.inject({
      method: 'POST',
      url: buildPath(retryWebhookDeliveryCall, { id: endpoint.id, eventId: 1 }),
      headers: platform,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual(errorBody('error.webhook.disabled', [], 409));
  });
});

describe('PATCH …/webhook-endpoints/{id} on a disabled endpoint', () => {
  it('re-enables it at its new URL with the same secret; what it missed comes by the retry', async () => {
    await noEndpoints();
    const endpoint = await registerEndpoint(receiver.url);
    await t.db.execute(
      sql`update webhook_endpoints set disabled_at = now(), failing_since = now() - interval '5 days 1 minute' where id = ${endpoint.id}`,
    );
    await newRequest();
    expect(await t.deliverWebhooks()).toBe(0);
    const feed = await t.app.inject({ url: buildPath(listPlatformEventsCall), headers: platform });
    const missed = feed.json().content.at(-1).id as string;
    const moved = await startReceiver();
    const res = await t.app.inject({
      method: 'PATCH',
      url: buildPath(updateWebhookEndpointCall, { id: endpoint.id }),
      payload: { url: moved.url },
      headers: platform,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: endpoint.id,
      url: moved.url,
      events: expect.any(Array),
      createdAt: expect.any(String),
      disabledAt: null,
    });
    const retry = await t.app.inject({
      method: 'POST',
      url: buildPath(retryWebhookDeliveryCall, { id: endpoint.id, eventId: missed }),
      headers: platform,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    await newRequest();
    expect(await t.deliverWebhooks()).toBe(2);
    expect(receiver.received).toHaveLength(0);
    expect(moved.received.map((r) => r.type)).toEqual(['batch.requested', 'batch.requested']);
    // The retry and the new request's event are two jobs of one fetch, delivered side by side: in either order.
    expect(moved.received.map((r) => r.id)).toContain(missed);
    for (const got of moved.received)
      new Webhook(endpoint.secret).verify(got.body, got.headers as Record<string, string>);
    await moved.stop();
  });
});

describe('the receiver’s address and time', () => {
  it('is judged again at delivery: a name that now resolves to loopback is not connected to', async () => {
    const lookup = scriptedLookup({ 'hooks.example.com': '93.184.215.14' });
    const strict = await buildTestApp({}, { webhooks: { addressRules: { allowPrivate: false, lookup } } });
    const there = await world(strict, 'rebound');
    const endpoint = await registerEndpoint(`https://hooks.example.com:${receiver.port}/hooks`, {
      app: strict,
      headers: there.platform,
    });
    lookup.names['hooks.example.com'] = '127.0.0.1';
    receiver.received.length = 0;
    await newRequest(strict, there.supplier);
    expect(await strict.deliverWebhooks()).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const log = await strict.app.inject({
      url: buildPath(listWebhookDeliveriesCall, { id: endpoint.id }),
      headers: there.platform,
    });
    expect(log.json().content[0]).toMatchObject({
      statusCode: null,
      error: 'address not allowed: 127.0.0.1',
      delivered: false,
    });
  });

  it('refuses at delivery, as at registration, an IPv4-compatible IPv6 address, by name or in the URL', async () => {
    const lookup = scriptedLookup({ 'hooks.example.com': '93.184.215.14' });
    const strict = await buildTestApp({}, { webhooks: { addressRules: { allowPrivate: false, lookup } } });
    const there = await world(strict, 'compat');
    const endpoint = await registerEndpoint(`https://hooks.example.com:${receiver.port}/hooks`, {
      app: strict,
      headers: there.platform,
    });
    const attempts = async () => {
      await newRequest(strict, there.supplier);
      expect(await strict.deliverWebhooks()).toBe(1);
      const log = await strict.app.inject({
        url: buildPath(listWebhookDeliveriesCall, { id: endpoint.id }),
        headers: there.platform,
      });
      return log.json().content[0];
    };
    // The name now resolves to ::127.0.0.1 (written ::7f00:1).
    lookup.names['hooks.example.com'] = '::7f00:1';
    expect(await attempts()).toMatchObject({
      statusCode: null,
      error: 'address not allowed: ::7f00:1',
      delivered: false,
    });
    // An address in the URL itself, as stored before the registration refused it: the metadata service's.
    await strict.db
      .update(webhookEndpoints)
      .set({ url: `https://[::a9fe:a9fe]:${receiver.port}/latest/meta-data` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(await attempts()).toMatchObject({
      statusCode: null,
      error: 'address not allowed: ::a9fe:a9fe',
      delivered: false,
    });
  });

  it('has a timeout: a receiver slower than it is a failed attempt', async () => {
    const hasty = await buildTestApp(
      { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
      { webhooks: { timeoutMs: 300 } },
    );
    const there = await world(hasty, 'hasty');
    const slow: Receiver = await startReceiver();
    slow.delayMs = 1_000;
    const endpoint = await registerEndpoint(slow.url, { app: hasty, headers: there.platform });
    await newRequest(hasty, there.supplier);
    await hasty.deliverWebhooks();
    const log = await hasty.app.inject({
      url: buildPath(listWebhookDeliveriesCall, { id: endpoint.id }),
      headers: there.platform,
    });
    const [attempt] = log.json().content;
    expect(attempt).toMatchObject({ statusCode: null, error: 'timeout after 0.3 s', delivered: false });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(290);
    expect(attempt.durationMs).toBeLessThan(1_000);
    await slow.stop();
  });
});
