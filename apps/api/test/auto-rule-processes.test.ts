import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { autoRuleRuns, batches } from '../src/db/schema';
import { automaticBatches, completedSweeps, saveDemoRule, sendSweeps } from './demo-rules';
import { freePort } from './free-port';
import {
  alfaAvailableCredits,
  type RunningServer,
  serverDatabase,
  serverSetup,
  startServer,
  until,
} from './server-process';

/*
 * Automatic rules across real server processes (src/server.ts, pg-boss in the embedded PostgreSQL): a day runs
 * once whatever happens to the processes (docs/product/automation.md#runs). The clock is frozen at Tuesday
 * 24 November 2026, 10:00 in São Paulo (a bank business day; the demo organization is open every hour), and the
 * rules are saved as of Monday noon, so Tuesday's slot has come and Monday's had not.
 */

const setup = await serverSetup({ APP_NOW: '2026-11-24T10:00:00-03:00' });
const TODAY = '2026-11-24';

let server: RunningServer = await startServer(setup);
const { db, pool } = serverDatabase(setup);
const { programProviderId, creditIds } = await alfaAvailableCredits(db);
const databaseUrl = pool.options.connectionString as string;

describe('automatic rules across processes', () => {
  const saveRule = (time: string, maxTotalPerDayCents: bigint | null) =>
    saveDemoRule(db, programProviderId, { time, maxTotalPerDayCents });
  const runsOf = (ruleId: number) => db.select().from(autoRuleRuns).where(eq(autoRuleRuns.ruleId, ruleId));

  it('a SIGKILL in the middle of a run, then a restart: one request, and the day recorded', async () => {
    expect(creditIds.length).toBeGreaterThan(4);
    // Another session holds the participation's credits, so the run stops inside its transaction: its day's
    // row written, its claim waiting for the lock.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from credits where program_provider_id = $1 and status = $2 for update', [
      programProviderId,
      'AVAILABLE',
    ]);
    const rule = await saveRule('09:00', 1_000_000n);
    await sendSweeps(pool);
    await until('the run waiting on the credits', async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query ilike 'update "credits"%'`,
      );
      return rows[0]!.n > 0 ? true : undefined;
    });
    server.child.kill('SIGKILL');
    await server.exited;
    await locker.query('commit');
    await locker.end();
    // The dead process's transaction never commits: its backend rolls back once it meets the closed socket.
    await until('the killed run rolled back', async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where query ilike 'update "credits"%'`,
      );
      return rows[0]!.n === 0 ? true : undefined;
    });
    expect(await runsOf(rule.id)).toEqual([]);
    expect(await automaticBatches(db, programProviderId)).toEqual([]);

    server = await startServer(setup);
    const [run] = await until('the day run after the restart', async () => {
      const runs = await runsOf(rule.id);
      return runs.length > 0 ? runs : undefined;
    });
    expect(run).toMatchObject({ date: TODAY, status: 'TAKEN' });
    expect((await automaticBatches(db, programProviderId)).map((b) => b.id)).toEqual([run!.batchId]);
    const [batch] = await db.select().from(batches).where(eq(batches.id, run!.batchId!));
    expect(batch!.netValueCents).toBeLessThanOrEqual(1_000_000n);
  });

  it('two API processes on one database: the day runs once, however many sweeps', async () => {
    const rule = await saveRule('09:30', null);
    const before = await completedSweeps(db);
    // A second process on the same PostgreSQL (the first one's embedded cluster), as behind a proxy.
    const port = await freePort();
    const second = await startServer({
      ...setup,
      port,
      env: { ...setup.env, PORT: String(port), DATABASE_URL: databaseUrl },
    });
    const [run] = await until('the day run by one of them', async () => {
      const runs = await runsOf(rule.id);
      return runs.length > 0 ? runs : undefined;
    });
    expect(run).toMatchObject({ date: TODAY, status: 'TAKEN' });
    // More sweeps from both processes: a restart of each sends one at start.
    second.child.kill('SIGTERM');
    await second.exited;
    await startServer({
      ...setup,
      port,
      env: { ...setup.env, PORT: String(port), DATABASE_URL: databaseUrl },
    });
    await until('both start-up sweeps done', async () =>
      (await completedSweeps(db)) >= before + 2 ? true : undefined,
    );
    expect(await runsOf(rule.id)).toHaveLength(1);
    const made = await automaticBatches(db, programProviderId);
    // The first rule's request of the previous test, and this one's.
    expect(made).toHaveLength(2);
    expect(made.map((b) => b.id)).toContain(run!.batchId);
  });
});
