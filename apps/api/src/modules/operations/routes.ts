import { timingSafeEqual } from 'node:crypto';
import { healthCall, metricsCall, readyCall } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { bearerToken } from '../../http/authenticate';
import { registerCall } from '../../http/route';
import { createMetrics } from './metrics';
import { migrationsCurrent } from './migrations-current';

const quiet = { logLevel: 'warn' } as const;

export async function operationsRoutes(app: FastifyInstance) {
  const { db, config, lifecycle } = app.deps;

  registerCall(app, healthCall, async () => ({ status: 'ok' as const }), quiet);

  registerCall(
    app,
    readyCall,
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.draining || !(await databaseReady())) {
        throw new AppError('error.serviceUnavailable', { headers: { 'retry-after': '5' } });
      }
      return { status: 'ready' as const };
    },
    quiet,
  );

  /** Answers within 2 s: a load balancer's check must not wait on the pool's 5 s connect timeout. */
  async function databaseReady() {
    const check = (async () => {
      await db.execute(sql`select 1`);
      return migrationsCurrent(db);
    })();
    const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref());
    return Promise.race([check.catch(() => false), timeout]);
  }

  const registry = createMetrics(app, db);
  registerCall(
    app,
    metricsCall,
    async (request, reply) => {
      if (!config.metricsToken) throw new AppError('error.notFound');
      const token = bearerToken(request) ?? '';
      const expected = Buffer.from(config.metricsToken);
      const given = Buffer.from(token);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError('error.http.unauthorized');
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
    quiet,
  );
}
