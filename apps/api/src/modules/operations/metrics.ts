import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { queues } from '../../jobs/job-queue';

/*
 * Prometheus metrics with prom-client (docs/product/operations.md#metrics). One registry per app, not the
 * library's global one, so tests that build several apps in one process do not share counters. What the
 * database knows (requests by status, the mail outbox, the job queue's lag, webhooks) is read at scrape time, so every
 * process answers the same figures for the shared database; what only the process knows (request durations,
 * its pool, its memory and event loop) is its own, labelled by Prometheus with the instance it scraped.
 */
export function createMetrics(app: FastifyInstance, db: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids and keys stay out of the labels (and their number bounded).
    const route = request.routeOptions.url ?? 'unmatched';
    durations.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'portal_db_pool_connections',
    help: "This process's PostgreSQL pools (requests; the credit list's pages): open connections, idle ones, and requests waiting for one",
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of [
        ['requests', db.$client],
        ['pages', db.$pagePool],
      ] as const) {
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });

  new Gauge({
    name: 'portal_early_payment_requests',
    help: 'Early-payment requests in the database, by status (REQUESTED, PAID, REJECTED, CANCELLED)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const result = await db.execute<{ status: string; n: string }>(
        sql`select status, count(*)::text as n from batches group by status`,
      );
      this.reset();
      for (const status of ['REQUESTED', 'PAID', 'REJECTED', 'CANCELLED']) this.set({ status }, 0);
      for (const row of result.rows) this.set({ status: row.status }, Number(row.n));
    },
  });

  new Gauge({
    name: 'portal_mail_outbox_depth',
    help: "E-mails of requests' events written and not yet sent (waiting or being retried)",
    registers: [registry],
    async collect() {
      const result = await db.execute<{ n: string }>(
        sql`select count(*)::text as n from pgboss.job where name = ${queues.eventMail.name} and state in ('created', 'retry', 'active')`,
      );
      this.set(Number(result.rows[0]?.n ?? 0));
    },
  });

  new Gauge({
    name: 'portal_job_queue_lag_seconds',
    help: 'Age of the oldest job due and not yet started, by queue (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const result = await db.execute<{ name: string; lag: string }>(sql`
        select name, extract(epoch from now() - min(start_after))::text as lag
        from pgboss.job
        where state in ('created', 'retry') and start_after <= now()
        group by name`);
      this.reset();
      for (const queue of Object.values(queues)) this.set({ queue: queue.name }, 0);
      for (const row of result.rows) this.set({ queue: row.name }, Math.max(0, Number(row.lag)));
    },
  });

  new Gauge({
    name: 'portal_webhook_endpoints_disabled',
    help: 'Webhook endpoints disabled after 5 days of failed deliveries (their organization must register them again)',
    registers: [registry],
    async collect() {
      const result = await db.execute<{ n: string }>(
        sql`select count(*)::text as n from webhook_endpoints where disabled_at is not null`,
      );
      this.set(Number(result.rows[0]?.n ?? 0));
    },
  });

  new Gauge({
    name: 'portal_webhook_deliveries_pending',
    help: 'Webhook deliveries not yet delivered nor given up (due now or waiting for their retry)',
    registers: [registry],
    async collect() {
      const result = await db.execute<{ n: string }>(
        sql`select count(*)::text as n from webhook_deliveries where state = 'pending'`,
      );
      this.set(Number(result.rows[0]?.n ?? 0));
    },
  });

  return registry;
}
