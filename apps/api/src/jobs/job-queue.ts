import { setImmediate as nextTurn } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Tx } from '../db/client';

/*
 * The job queue is pg-boss, on the product's own PostgreSQL (docs/decisions/job-queue.md): jobs are rows, so a
 * job can be written in the same transaction as the change it follows up (an e-mail about a request), and a
 * crash between that commit and the work only delays the work.
 */

/**
 * The queues and their retry policy. The e-mail of an event: after 5 s, then doubling, for about a day (14
 * tries). The recurring work (jobs/scheduled-work.ts) is on plain queues without retries: the next minute's
 * sweep (the next day's, for the delivery log's retention) is the retry. Not `singleton`/`stately`: a sweep cut off by a SIGKILL stays `active` until it expires,
 * and would hold every later one back until then; two sweeps at once are safe instead (a rule's day is unique in
 * the database, a participation's pricing pass holds an advisory lock).
 */
export const queues = {
  eventMail: { name: 'event-mail', retryLimit: 14, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  autoRules: { name: 'auto-rules', retryLimit: 0, expireInSeconds: 10 * 60 },
  pricingPass: { name: 'pricing-pass', retryLimit: 0, expireInSeconds: 10 * 60 },
  // A webhook delivery run (jobs/webhook-delivery.ts). Its receiver's failures are retried on the delivery's own
  // schedule (modules/webhooks/webhook-deliveries.ts), never by failing the job: these retries are for a run cut
  // off by a crash or a database error.
  webhookDelivery: {
    name: 'webhook-delivery',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  },
  webhookSweep: { name: 'webhook-sweep', retryLimit: 0, expireInSeconds: 10 * 60 },
  // Quotes past their close become EXPIRED (modules/quotes/expire-quotes.ts): the next minute's sweep is the retry.
  quoteExpiry: { name: 'quote-expiry', retryLimit: 0, expireInSeconds: 10 * 60 },
  // The delivery log's retention, daily (jobs/scheduled-work.ts): the next day's run is the retry.
  webhookRetention: { name: 'webhook-retention', retryLimit: 0, expireInSeconds: 10 * 60 },
} as const satisfies Record<string, PgBoss.Queue>;

/**
 * pg-boss on a small pool of its own, opened like the app's (same server, database and credentials) but with
 * pg's own type parsers: the app's pool reads int8 as bigint, which pg-boss's code does not expect.
 */
export function createJobQueue(
  appPool: pg.Pool,
  options: Partial<PgBoss.ConstructorOptions> = {},
): {
  boss: PgBoss;
  close: () => Promise<void>;
} {
  const { types: _appTypes, max: _appMax, ...connection } = appPool.options;
  const pool = new pg.Pool({ ...connection, max: 3, application_name: 'portal-jobs' });
  // As on the app's pool (db/client.ts): a connection PostgreSQL ends (its fast shutdown while the process
  // stops, a restart) is an 'error' event on the pool; unheard, it crashed a stopping server with exit 1 and left
  // the embedded cluster running. pg-boss meets the failed query and retries on its own.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const underWay = trackWork();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => underWay.track(pool.query(text, values)) },
    ...options,
  });
  underWay.guardHandlers(boss);
  // pg-boss reports a failed maintenance run or a lost connection here; it retries by itself.
  boss.on('error', () => undefined);
  return {
    boss,
    close: async () => {
      underWay.stopping = true;
      await boss.stop({ graceful: true, close: false, timeout: 10_000, wait: true });
      await underWay.settled();
      await pool.end();
    },
  };
}

/**
 * What the job queue still has under way when it stops. pg-boss 10's graceful stop waits for the jobs its
 * workers hold, not for a fetch in flight when it is called: the jobs that fetch brings are handed to their
 * handler after stop resolved, and completed or failed by a statement pg-boss does not await. With the pool
 * closed by then, that statement was an unhandled rejection, and the stopping server exited 1. So the queue's
 * statements and handlers are counted, a job fetched once the queue is stopping is failed at once rather than
 * started (retried by its queue's policy, as pg-boss fails the jobs a stop cuts off), and the pool closes only
 * when nothing is left.
 */
function trackWork() {
  const pending = new Set<Promise<unknown>>();
  const state = {
    stopping: false,
    track<T>(promise: Promise<T>): Promise<T> {
      pending.add(promise);
      const done = () => pending.delete(promise);
      promise.then(done, done);
      return promise;
    },
    guardHandlers(boss: PgBoss) {
      const work = boss.work.bind(boss) as (name: string, ...args: unknown[]) => Promise<string>;
      boss.work = ((name: string, ...args: unknown[]) => {
        const handler = args.at(-1);
        if (typeof handler !== 'function') return work(name, ...args);
        const guarded = (jobs: unknown) =>
          state.stopping
            ? Promise.reject(new Error('the job queue is stopping'))
            : state.track(Promise.resolve().then(() => handler(jobs)));
        return work(name, ...args.slice(0, -1), guarded);
      }) as typeof boss.work;
    },
    /** Resolves once no statement or handler is under way, nor started by one that just ended. */
    async settled() {
      for (;;) {
        if (pending.size > 0) await Promise.allSettled([...pending]);
        // A handler's end starts its job's completion a few microtasks later: a turn of the event loop later,
        // whatever was going to start has started.
        await nextTurn();
        if (pending.size === 0) return;
      }
    },
  };
  return state;
}

/**
 * Installs or upgrades pg-boss's tables and creates the product's queues: part of migrating a database
 * (db/migrate.ts), so every process, test database and template has them before anything writes a job.
 */
export async function migrateJobQueue(appPool: pg.Pool): Promise<void> {
  const { boss, close } = createJobQueue(appPool, { supervise: false, schedule: false, migrate: true });
  try {
    await boss.start();
    for (const queue of Object.values(queues)) {
      if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
      else await boss.createQueue(queue.name, queue);
    }
  } finally {
    await close();
  }
}

/**
 * pg-boss's statements run inside a drizzle transaction: its `$n` placeholders become drizzle parameters, so a
 * job's row commits or rolls back with the change it belongs to.
 */
export function transactionDb(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await tx.execute(withParameters(text, values));
      return { rows: result.rows };
    },
  };
}

function withParameters(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    // pg sends an undefined value as null; drizzle would leave the parameter out.
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/**
 * A pg-boss that only writes jobs through a caller's transaction (its `insert` with `{ db }`): never started, it
 * needs no connection of its own.
 */
export const jobWriter = new PgBoss({
  db: {
    executeSql: () =>
      Promise.reject(new Error('jobWriter writes only through a transaction (transactionDb)')),
  },
});
