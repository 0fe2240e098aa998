import { and, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../src/db/client';
import { autoRules, batches, companies, programProviders, users } from '../src/db/schema';
import { createJobQueue, queues } from '../src/jobs/job-queue';
import { DEMO_PROVIDER } from './server-process';

/*
 * Automatic rules of the demo's ana@demo.test in a real server's database, for the process tests: a rule saved
 * as of Monday 23 November 2026 at noon (so Tuesday's slot has come when the clock says Tuesday 10:00), sweeps
 * sent as the minute's schedule sends them, and what they made.
 */

const MONDAY_NOON = new Date('2026-11-23T12:00:00-03:00');

export async function saveDemoRule(
  db: Database,
  programProviderId: number,
  rule: { time: string; maxTotalPerDayCents: bigint | null },
) {
  const [ana] = await db.select({ id: users.id }).from(users).where(eq(users.login, DEMO_PROVIDER.login));
  const [participation] = await db
    .select({ organizationId: programProviders.organizationId, companyId: companies.id })
    .from(programProviders)
    .innerJoin(companies, eq(companies.id, programProviders.companyId))
    .where(eq(programProviders.id, programProviderId));
  const [saved] = await db
    .insert(autoRules)
    .values({
      organizationId: participation!.organizationId,
      programProviderId,
      companyId: participation!.companyId,
      userId: ana!.id,
      ...rule,
      active: true,
      activeFrom: MONDAY_NOON,
      createdAt: MONDAY_NOON,
      updatedAt: MONDAY_NOON,
    })
    .returning();
  return saved!;
}

/** `count` sweep jobs now, which the running servers' workers share out. */
export async function sendSweeps(pool: pg.Pool, count = 1) {
  const jobs = createJobQueue(pool, { supervise: false, schedule: false });
  await jobs.boss.start();
  try {
    for (let i = 0; i < count; i++) await jobs.boss.send(queues.autoRules.name, {});
  } finally {
    await jobs.close();
  }
}

export async function completedSweeps(db: Database) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${queues.autoRules.name} and state = 'completed'`,
  );
  return rows[0]!.n;
}

/** The automatic requests a test's rules made (the demo's own history holds an imported one, with a ref). */
export function automaticBatches(db: Database, programProviderId: number) {
  return db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(eq(batches.programProviderId, programProviderId), eq(batches.automatic, true), isNull(batches.ref)),
    );
}
