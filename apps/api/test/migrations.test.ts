import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

it('migrates an empty database to the full schema, and a second run changes nothing', async () => {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  const name = `empty_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const { pool } = createDatabase(url.toString());
  try {
    await migrateDatabase(pool);
    await Promise.all([migrateDatabase(pool), migrateDatabase(pool)]);
    const tables = await pool.query(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'access_tokens',
      'auto_rule_runs',
      'auto_rules',
      'batch_audit',
      'batch_credits',
      'batch_events',
      'batches',
      'buyers',
      'companies',
      'credit_invoices',
      'credits',
      'inbox_items',
      'invites',
      'machine_clients',
      'machine_tokens',
      'mfa_challenges',
      'notification_preferences',
      'notifications',
      'organizations',
      'password_reset_keys',
      'persons',
      'platform_events',
      'platform_replies',
      'program_iof_rates',
      'program_providers',
      'programs',
      'rate_limit_events',
      'recovery_codes',
      'security_notices',
      'team_members',
      'users',
      'webhook_attempts',
      'webhook_deliveries',
      'webhook_endpoints',
    ]);
    // The job queue's tables and queues come with the migration (jobs/job-queue.ts).
    const jobQueues = await pool.query('select name from pgboss.queue order by name');
    expect(jobQueues.rows.map((r) => r.name)).toEqual([
      'auto-rules',
      'event-mail',
      'pricing-pass',
      'webhook-delivery',
      'webhook-retention',
      'webhook-sweep',
    ]);
    const applied = await pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBeGreaterThanOrEqual(1);
  } finally {
    await pool.end();
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
});
