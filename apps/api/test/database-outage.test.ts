import { buildPath, errorBody, estimateCreditsCall, getAccountCall } from '@portal/contract';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { batches } from '../src/db/schema';
import { frozenClock } from '../src/lib/clock';
import { memoryMailer, TEST_NOW } from './app';
import { batchInvariantViolations } from './batch-invariants';
import { liveCreditIds, postBatch, statusesOf } from './batches-factories';
import { freshDatabase } from './database';
import { createCreditIds, createSupplier } from './estimates-factories';
import { type ProxyMode, startTcpProxy } from './tcp-proxy';

// The test's own connection goes straight to PostgreSQL; the app's goes through a proxy the test can cut.
const { db: direct, pool: directPool, url } = await freshDatabase();
const target = new URL(url);
const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
afterAll(() => proxy.close());
const proxied = new URL(url);
proxied.port = String(proxy.port);
// A short statement limit (the product's is 30 s) so that the test of a stuck statement is quick.
const STATEMENT_TIMEOUT_MS = 2_000;
const { db, pool } = createDatabase(proxied.toString(), { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
const logLines: string[] = [];
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: '/tmp/portal-test-data', WEB_DIST: '/nonexistent' }),
  db,
  clock: frozenClock(TEST_NOW),
  mailer: memoryMailer(),
  logStream: { write: (line) => void logLines.push(line) },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await pool.end();
});

/** Each phase of the outage lasts this long: 10 s refused, then 10 s unreachable. */
const PHASE_MS = 10_000;

type Call = {
  kind: 'batch' | 'account' | 'estimate';
  key?: string;
  ids?: number[];
  startedAt: number;
  endedAt: number;
  status: number;
  body: string;
};

describe('PostgreSQL unreachable for 20 s under load', () => {
  it('answers a quick, clean 503 throughout, applies no request by half, and recovers without a restart', async () => {
    const supplier = await createSupplier(app, direct);
    const free = await createCreditIds(direct, supplier.pp, 400);
    const estimateIds = free.splice(0, 5);
    const calls: Call[] = [];
    let stop = false;
    let batchCount = 0;
    const newBatch = () => {
      batchCount++;
      return { key: `outage-${batchCount}`, ids: free.splice(0, 2) };
    };
    let onCall = () => {};

    // A client as the web app behaves: a batch request answered 503 is sent again, same key and body, until
    // it is answered; after a 503 it waits a little (100 ms) before its next call.
    const call = async (kind: Call['kind'], pending: { key: string; ids: number[] } | undefined) => {
      const startedAt = Date.now();
      const batch = kind === 'batch' ? (pending ?? newBatch()) : undefined;
      const res = batch
        ? await postBatch(app, supplier.headers, batch.ids, batch.key)
        : kind === 'account'
          ? await app.inject({ method: 'GET', url: buildPath(getAccountCall), headers: supplier.headers })
          : await app.inject({
              method: 'PUT',
              url: buildPath(estimateCreditsCall),
              headers: supplier.headers,
              payload: estimateIds,
            });
      calls.push({ kind, ...batch, startedAt, endedAt: Date.now(), status: res.statusCode, body: res.body });
      onCall();
      return { status: res.statusCode, batch };
    };
    const kinds = ['batch', 'account', 'estimate', 'batch'] as const;
    const client = async () => {
      let pending: { key: string; ids: number[] } | undefined;
      for (let n = 0; !stop && n < 1_000 && (pending || free.length >= 2); n++) {
        const { status, batch } = await call(kinds[n % kinds.length]!, pending);
        if (batch) pending = status === 200 ? undefined : batch;
        if (status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (pending) await call('batch', pending); // stopped before its retry came round
    };
    const callsUntil = (done: () => boolean, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not within ${timeoutMs} ms`)), timeoutMs);
        onCall = () => {
          if (!done()) return;
          clearTimeout(timer);
          resolve();
        };
      });

    // An uncaught exception would end the server process (and with it every supplier's session).
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    afterAll(() => void process.off('uncaughtException', onUncaught));

    const clients = Promise.all(Array.from({ length: 4 }, client));
    await callsUntil(() => calls.length >= 20, 20_000);
    expect(calls.map((c) => c.status)).toEqual(calls.map(() => 200));

    const switches: { mode: ProxyMode; at: number }[] = [];
    const switchTo = async (mode: ProxyMode) => {
      await proxy.set(mode);
      switches.push({ mode, at: Date.now() });
    };
    await switchTo('refused');
    await new Promise((resolve) => setTimeout(resolve, PHASE_MS));
    await switchTo('unreachable');
    await new Promise((resolve) => setTimeout(resolve, PHASE_MS));
    await switchTo('open');
    const [cutAt, unreachableAt, restoredAt] = switches.map((s) => s.at) as [number, number, number];

    // Recovery without a restart: 20 answers in a row, all 200, from requests sent after the restore.
    const after = () => calls.filter((c) => c.startedAt >= restoredAt);
    await callsUntil(() => after().length >= 20, 15_000);
    stop = true;
    await clients;
    expect(after().map((c) => c.status)).toEqual(after().map(() => 200));
    // No connection was lost to the pool on the way: once the clients stop and the receipt mails are sent,
    // none is still checked out.
    await app.deps.background.drain();
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(uncaught.map(String)).toEqual([]);

    // During the outage: the one error body, 503, within the connect timeout (5 s) plus slack, never a hang.
    const during = calls.filter((c) => c.startedAt >= cutAt && c.endedAt <= restoredAt);
    const refusedPhase = during.filter((c) => c.endedAt <= unreachableAt);
    const unreachablePhase = during.filter((c) => c.startedAt >= unreachableAt);
    expect(refusedPhase.length).toBeGreaterThan(10);
    expect(unreachablePhase.length).toBeGreaterThan(0);
    for (const c of during) {
      expect({ status: c.status, body: JSON.parse(c.body) }).toEqual({
        status: 503,
        body: errorBody('error.serviceUnavailable'),
      });
    }
    const slowest = (list: Call[]) => Math.max(...list.map((c) => c.endedAt - c.startedAt));
    expect(slowest(refusedPhase)).toBeLessThan(1_000);
    // Unreachable: the 5 s connect timeout ends the wait. And no call at all, outage or not, took longer.
    expect(slowest(unreachablePhase)).toBeGreaterThan(4_900);
    expect(slowest(calls)).toBeLessThan(8_000);
    // Requests caught by the cut itself: answered, or a clean 503; nothing else.
    for (const c of calls) expect([200, 503]).toContain(c.status);
    expect(logLines.filter((line) => line.includes('"unexpected error"'))).toEqual([]);

    // A batch request answered 503 may still have been committed (the answer lost with the connection): the
    // retry under the same key answers that batch, or makes it then. Either way each key has one batch, and
    // every 200 under a key is the same answer.
    const batchCalls = calls.filter((c) => c.kind === 'batch');
    const keys = [...new Set(batchCalls.map((c) => c.key!))];
    const stored = await direct
      .select({ id: batches.id, key: batches.idempotencyKey })
      .from(batches)
      .where(like(batches.idempotencyKey, 'outage-%'));
    expect(stored.map((b) => b.key).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const answers = batchCalls.filter((c) => c.key === key && c.status === 200).map((c) => c.body);
      const batch = stored.find((b) => b.key === key)!;
      expect(new Set(answers), key).toEqual(new Set([answers[0]]));
      expect(JSON.parse(answers[0]!).id).toBe(batch.id);
      expect(await liveCreditIds(direct, batch.id)).toEqual(batchCalls.find((c) => c.key === key)!.ids);
    }
    expect(await batchInvariantViolations(direct, [supplier.pp.id])).toEqual([]);

    console.log(
      `database outage: ${calls.length} requests (${during.length} during the 20 s outage, all 503: ` +
        `${refusedPhase.length} refused within ${slowest(refusedPhase)} ms, ${unreachablePhase.length} ` +
        `unreachable within ${slowest(unreachablePhase)} ms); first 200 ` +
        `${Math.min(...after().map((c) => c.endedAt)) - restoredAt} ms after the restore; ` +
        `${keys.filter((k) => batchCalls.filter((c) => c.key === k).length > 1).length} batch requests sent again`,
    );
  }, 90_000);

  it('a statement stuck behind a lock answers 503 within the statement timeout and leaves nothing behind', async () => {
    const supplier = await createSupplier(app, direct);
    const ids = await createCreditIds(direct, supplier.pp, 2);
    // Someone else's transaction (an operator's session, an import re-pricing credits) holds one credit and
    // does not finish.
    const holder = await directPool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from credits where id = $1 for update', [ids[1]]);
      const startedAt = Date.now();
      const res = await postBatch(app, supplier.headers, ids, 'behind-a-lock');
      const waitedMs = Date.now() - startedAt;
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 503,
        body: errorBody('error.serviceUnavailable'),
      });
      expect(res.headers['retry-after']).toBe('5');
      expect(waitedMs).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS);
      expect(waitedMs).toBeLessThan(STATEMENT_TIMEOUT_MS + 3_000);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect(await statusesOf(direct, ids)).toEqual(['AVAILABLE', 'AVAILABLE']);
    const retry = await postBatch(app, supplier.headers, ids, 'behind-a-lock');
    expect(retry.statusCode).toBe(200);
    expect(await liveCreditIds(direct, retry.json().id)).toEqual(ids);
  });
});
