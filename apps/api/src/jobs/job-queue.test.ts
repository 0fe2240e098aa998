import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { until } from '../../test/server-process';
import { createJobQueue } from './job-queue';

const t = await buildTestApp();

describe('the job queue stopping', () => {
  it('a job fetched while the queue stops is failed for a retry, not worked, and the stop raises no error', async () => {
    const queue = 'stopping-test';
    const { boss, close } = createJobQueue(t.db.$client, { supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue(queue, { name: queue, retryLimit: 3, retryDelay: 60 });
    const worked: string[] = [];
    await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      worked.push(job!.id);
    });

    // Another session sends the job and holds pg-boss's job table, so the worker's next fetch waits inside
    // PostgreSQL: the queue stops while that fetch is under way, as it does when a SIGTERM meets a poll.
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let jobId: string | null = null;
    try {
      await holder.query('begin');
      await holder.query('lock table pgboss.job in access exclusive mode');
      jobId = await boss.send(
        queue,
        {},
        { db: { executeSql: (text, values) => holder.query(text, values) } },
      );
      await until('the worker’s fetch waiting on the lock', async () => {
        const waiting = await t.db.execute(
          sql`select 1 from pg_stat_activity where application_name = 'portal-jobs' and wait_event_type = 'Lock'`,
        );
        return waiting.rows.length > 0 ? true : undefined;
      });
      const stopped = new Promise((resolve) => boss.once('stopped', resolve));
      const closing = close();
      await stopped;
      await holder.query('commit');
      await closing;
    } finally {
      await holder.end();
    }

    const job = await t.db.execute<{ state: string; message: string }>(
      sql`select state, output->>'message' as message from pgboss.job where id = ${jobId}`,
    );
    // Listened for until now: without the fix, the job's completion fails on the closed pool a little after the stop.
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
    expect(worked).toEqual([]);
    expect(job.rows).toEqual([{ state: 'retry', message: 'the job queue is stopping' }]);
  });
});
