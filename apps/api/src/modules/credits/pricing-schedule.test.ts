import { estimateCreditsCall, listCreditsCall } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';
import { createDatabase } from '../../db/client';
import { credits } from '../../db/schema';
import { createJobQueue } from '../../jobs/job-queue';
import { startScheduledWork } from '../../jobs/scheduled-work';
import { REPRICE_LOCK_CLASS } from './credit-repricing';
import { repriceStaleProviders } from './pricing-schedule';

const t = await buildTestApp();
const log = { info: () => {}, error: () => {} };
const pass = () =>
  repriceStaleProviders(t.db, { now: t.clock.now(), background: t.app.deps.background, log });

async function supplierWithCredits(count: number) {
  const s = await createSupplier(t.app, t.db);
  const created = await createCredits(
    t.db,
    s.pp,
    Array.from({ length: count }, (_, i) => ({
      originalValueCents: 100_000n + BigInt(i),
      expireDate: '2026-05-01',
    })),
  );
  return { ...s, created, auth: await loginAs(t.app, s.user) };
}

const pricedFor = async (id: number) =>
  (await t.db.select({ day: credits.pricedFor }).from(credits).where(eq(credits.id, id)))[0]!.day;

describe('the pricing pass runs in the background, not on a request', () => {
  it('prices what is stale, once; again when the window closes and the payment date moves', async () => {
    // Tue 10 March 2026: at 17:00 a request is paid Wed 11; after 18:00 it is taken Wed and paid Thu 12.
    t.clock.set(new Date('2026-03-10T17:00:00-03:00'));
    const s = await supplierWithCredits(3);
    const first = await pass();
    expect(first.credits).toBeGreaterThanOrEqual(3);
    expect(await pricedFor(s.created[0]!.id)).toBe('2026-03-11');
    expect(await pass()).toEqual({ providers: 0, credits: 0 });
    t.clock.set(new Date('2026-03-10T18:01:00-03:00'));
    const afterClose = await pass();
    expect(afterClose.providers).toBeGreaterThanOrEqual(1);
    expect(await pricedFor(s.created[0]!.id)).toBe('2026-03-12');
  });

  it('a page ordered by the total answers while a pass is held, with the figures of an estimate now', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00-03:00'));
    const s = await supplierWithCredits(2);
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      // Holding the pass's advisory lock from another session holds every pass of that program provider.
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1, $2)', [REPRICE_LOCK_CLASS, s.pp.id]);
      const held = pass();
      const started = performance.now();
      const page = await injectCall(t.app, listCreditsCall, {
        params: { programProviderId: s.pp.id },
        query: { sort: 'creditEstimate.total,desc' },
        headers: s.auth,
      });
      const ms = performance.now() - started;
      const estimate = await injectCall(t.app, estimateCreditsCall, {
        headers: s.auth,
        body: s.created.map((c) => c.id),
      });
      expect(page.statusCode).toBe(200);
      expect(ms).toBeLessThan(1_000);
      // Unpriced until the pass commits: listed in id order; each row's figures are today's all the same.
      const rows = page.json().content as { id: number; anticipationValue: number }[];
      const byId = new Map(
        (estimate.json().creditEstimates as { id: number; anticipation: number }[]).map((c) => [
          c.id,
          c.anticipation,
        ]),
      );
      expect(rows.map((r) => r.anticipationValue)).toEqual(rows.map((r) => byId.get(r.id)));
      expect(await pricedFor(s.created[0]!.id)).toBeNull();
      await holder.query('commit');
      await held;
      expect(await pricedFor(s.created[0]!.id)).toBe('2026-03-11');
    } finally {
      await holder.end();
    }
  });

  it('a pass waits for the one running as long as it runs, past the statement timeout', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00-03:00'));
    const s = await supplierWithCredits(1);
    // A process whose statements end after 300 ms, as the pool's end after 30 s.
    const impatient = createDatabase(t.url, { max: 2, statementTimeoutMs: 300 });
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1, $2)', [REPRICE_LOCK_CLASS, s.pp.id]);
      const waiting = repriceStaleProviders(impatient.db, {
        now: t.clock.now(),
        background: t.app.deps.background,
        log,
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await holder.query('commit');
      expect((await waiting).credits).toBeGreaterThanOrEqual(1);
      expect(await pricedFor(s.created[0]!.id)).toBe('2026-03-11');
    } finally {
      await holder.end();
      await impatient.pool.end();
    }
  });

  it('the job queue runs a pass as soon as a process starts its scheduled work', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00-03:00'));
    const s = await supplierWithCredits(2);
    const jobs = createJobQueue(t.db.$client);
    await jobs.boss.start();
    try {
      await startScheduledWork(jobs.boss, {
        db: t.db,
        clock: t.clock,
        background: t.app.deps.background,
        log,
      });
      const deadline = Date.now() + 15_000;
      while ((await pricedFor(s.created[1]!.id)) !== '2026-03-11' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await jobs.close();
    }
    expect(await pricedFor(s.created[1]!.id)).toBe('2026-03-11');
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from credits where status = 'AVAILABLE' and priced_for is null`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('a pass whose lock session PostgreSQL ends', () => {
  it('ends with an error of its own, and the next pass prices everything', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00-03:00'));
    const s = await supplierWithCredits(3);
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      // A row the pass must write, locked here: the pass waits inside its work, its lock session idle.
      await holder.query('begin');
      await holder.query('select id from credits where id = $1 for update', [s.created[0]!.id]);
      const running = pass().then(
        () => 'ended',
        (error: Error) => `failed: ${error.message}`,
      );
      let sessionPid: number | undefined;
      for (let tries = 0; sessionPid === undefined && tries < 200; tries++) {
        const { rows } = await holder.query<{ pid: number }>(
          `select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and granted`,
          [REPRICE_LOCK_CLASS, s.pp.id],
        );
        sessionPid = rows[0]?.pid;
        if (sessionPid === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(sessionPid).toBeDefined();
      await holder.query('select pg_terminate_backend($1)', [sessionPid]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await holder.query('commit');
      expect(await running).toMatch(/^failed: /);
    } finally {
      await holder.end();
    }
    await pass();
    expect(await pricedFor(s.created[0]!.id)).toBe('2026-03-11');
  });
});
