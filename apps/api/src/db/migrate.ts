import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { apiRoot } from '../api-root';
import { migrateJobQueue } from '../jobs/job-queue';

const migrationsFolder = path.join(apiRoot, 'drizzle');
// Any constant works; it only has to be the same for every process that migrates this database.
const MIGRATION_LOCK = 7_001_002;

/**
 * Applies the committed migrations, then pg-boss's own (the job queue's tables and queues); an advisory lock
 * keeps several API processes from racing.
 */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration may rightly run longer than a request's statement limit (an index on a large table), and
    // so may the wait for another process's migration.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
    await migrateJobQueue(pool);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}
