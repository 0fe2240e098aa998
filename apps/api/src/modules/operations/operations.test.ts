import { getBatchCall, healthCall, metricsCall, readyCall } from '@portal/contract';
import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../../test/estimates-factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/client';
import { frozenClock } from '../../lib/clock';

const METRICS_TOKEN = 'scrape-token-0123456789';
const t = await buildTestApp({ METRICS_TOKEN }, { keepLogs: true });

const errorOf = (code: string, status: number) => ({
  httpStatus: status,
  message: code,
  code,
  fieldErrors: [],
  error_description: code,
});

describe('GET /api/health and /api/ready', () => {
  it('answer 200 without a token, and write no request line to the log', async () => {
    const before = t.logLines.length;
    const health = await injectCall(t.app, healthCall, {});
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await injectCall(t.app, readyCall, {});
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(t.logLines.slice(before).join('')).not.toMatch(/\/api\/(health|ready)/);
  });

  it('ready answers 503 while draining; health still 200', async () => {
    t.app.deps.lifecycle.draining = true;
    try {
      const ready = await injectCall(t.app, readyCall, {});
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(errorOf('error.serviceUnavailable', 503));
      expect(ready.headers['retry-after']).toBe('5');
      expect((await injectCall(t.app, healthCall, {})).statusCode).toBe(200);
    } finally {
      t.app.deps.lifecycle.draining = false;
    }
  });

  it('ready answers 503 when the database lacks this build’s newest migration', async () => {
    const newest = await t.db.execute<{ id: number; created_at: string }>(
      sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const row = newest.rows[0]!;
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${row.id}`,
    );
    try {
      const ready = await injectCall(t.app, readyCall, {});
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(errorOf('error.serviceUnavailable', 503));
    } finally {
      await t.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${row.created_at} where id = ${row.id}`,
      );
    }
    expect((await injectCall(t.app, readyCall, {})).statusCode).toBe(200);
  });

  it('ready answers 503 within 2 s when the database does not answer; health 200', async () => {
    // Nothing listens on port 1: every connection is refused.
    const { db, pool } = createDatabase('postgres://portal:portal@127.0.0.1:1/portal');
    const app = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: '/tmp/portal-test-data',
        WEB_DIST: '/nonexistent',
      }),
      db,
      clock: frozenClock(new Date()),
    });
    afterAll(async () => {
      await app.close();
      await pool.end();
    });
    const started = Date.now();
    const ready = await injectCall(app, readyCall, {});
    expect(Date.now() - started).toBeLessThan(2500);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual(errorOf('error.serviceUnavailable', 503));
    expect((await injectCall(app, healthCall, {})).statusCode).toBe(200);
  });
});

describe('GET /api/metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const off = await buildTestApp();
    const res = await injectCall(off.app, metricsCall, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorOf('error.notFound', 404));
  });

  it('asks for the token: none, a user token or a wrong one is 401', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const userAuth = await loginAs(t.app, supplier.user);
    for (const headers of [{}, userAuth, { authorization: `Bearer ${METRICS_TOKEN}x` }]) {
      const res = await injectCall(t.app, metricsCall, { headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(errorOf('error.http.unauthorized', 401));
    }
  });

  it('answers the Prometheus text format, which a Prometheus parser reads', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, supplier.user);
    const ids = await createCreditIds(t.db, supplier.pp, 2);
    expect((await postBatch(t.app, auth, ids)).statusCode).toBe(200);
    await injectCall(t.app, getBatchCall, { params: { id: 9999999 }, headers: auth });

    const res = await injectCall(t.app, metricsCall, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const families = parsePrometheusTextFormat(res.body);
    const family = (name: string) => families.find((f) => f.name === name);
    const values = (name: string) =>
      Object.fromEntries((family(name)?.metrics ?? []).map((m) => [JSON.stringify(m.labels ?? {}), m.value]));

    expect(family('portal_process_cpu_user_seconds_total')?.type).toBe('COUNTER');
    expect(family('portal_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // This parser merges a histogram's label sets into one; the lines themselves name each route's series.
    const counted = [...res.body.matchAll(/^portal_http_request_duration_seconds_count\{(.*)\} \d+$/gm)].map(
      (m) => m[1],
    );
    expect(counted).toEqual(
      expect.arrayContaining([
        'method="POST",route="/api/webapp/batches/request",status="200"',
        'method="GET",route="/api/webapp/batches/:id",status="404"',
      ]),
    );
    // The pattern, never the raw path: no id in a label (a sample's value may hold those digits, a label not).
    expect(res.body).not.toMatch(/\{[^}]*9999999[^}]*\}/);

    expect(Object.keys(values('portal_db_pool_connections')).sort()).toEqual([
      '{"pool":"pages","state":"idle"}',
      '{"pool":"pages","state":"total"}',
      '{"pool":"pages","state":"waiting"}',
      '{"pool":"requests","state":"idle"}',
      '{"pool":"requests","state":"total"}',
      '{"pool":"requests","state":"waiting"}',
    ]);
    const requests = values('portal_early_payment_requests');
    expect(Number(requests['{"status":"REQUESTED"}'])).toBeGreaterThanOrEqual(1);
    expect(requests).toHaveProperty('{"status":"PAID"}');
    expect(requests).toHaveProperty('{"status":"REJECTED"}');
    expect(family('portal_mail_outbox_depth')?.type).toBe('GAUGE');
    // The receipt of the request above waits in the outbox: no worker runs in this test.
    expect(Number(values('portal_mail_outbox_depth')['{}'])).toBeGreaterThanOrEqual(1);
    expect(Object.keys(values('portal_job_queue_lag_seconds'))).toEqual(
      expect.arrayContaining([
        '{"queue":"event-mail"}',
        '{"queue":"auto-rules"}',
        '{"queue":"pricing-pass"}',
      ]),
    );
  });
});
