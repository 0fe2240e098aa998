import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { apiRoot } from '../src/api-root';
import { createDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createBuyer, createProgramProvider } from './early-payment-factories';
import { createCompany, createOrganization, createUser } from './factories';

/** A database of its own, dropped after `use`. */
async function withEmptyDatabase(use: (url: string) => Promise<void>) {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  const name = `empty_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  try {
    await use(url.toString());
  } finally {
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
}

/** A copy of the migrations folder that stops before the migration tagged `tag`. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(path.join(apiRoot, 'drizzle'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

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
      'funders',
      'inbox_items',
      'invites',
      'machine_clients',
      'machine_tokens',
      'mfa_challenges',
      'notification_preferences',
      'notifications',
      'offer_bands',
      'offers',
      'organizations',
      'password_reset_keys',
      'persons',
      'platform_events',
      'platform_replies',
      'program_funders',
      'program_iof_rates',
      'program_providers',
      'programs',
      'quote_bids',
      'quote_funders',
      'quotes',
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
      'quote-expiry',
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

it('0017 gives each request made before it its company’s account of the time, none to a company without one', async () => {
  await withEmptyDatabase(async (url) => {
    const { db, pool } = createDatabase(url);
    const folder = migrationsBefore('0017_batch_bank_account');
    try {
      await migrate(drizzle(pool), { migrationsFolder: folder });
      const org = await createOrganization(db);
      const buyer = await createBuyer(db, org.id);
      // The programs table as it was before 0017 (the schema's insert names columns of later migrations).
      const {
        rows: [program],
      } = await pool.query(
        `insert into programs (organization_id, ref, buyer_id, name, color, monthly_rate, platform_fee, days_to_pay)
         values ($1, 'p-0017', $2, 'Programa', '#1e88e5', '0.015', '0', 1) returning id`,
        [org.id, buyer.id],
      );
      const withAccount = await createCompany(db, org.id, {
        bankCode: '237',
        bankBranch: '0472',
        bankAccount: '0098765-4',
      });
      const without = await createCompany(db, org.id, {
        bankCode: null,
        bankBranch: null,
        bankAccount: null,
      });
      const batchIds: number[] = [];
      for (const company of [withAccount, without]) {
        const pp = await createProgramProvider(db, {
          organizationId: org.id,
          programId: program.id,
          companyId: company.id,
        });
        const user = await createUser(db, org.id, { companyIds: [company.id] });
        // The batches table as it was before 0017 (the schema's insert would name the new columns).
        const { rows } = await pool.query(
          `insert into batches (organization_id, program_provider_id, company_id, user_id, status, request_hash,
             original_value_cents, net_value_cents, payment_date, days_to_pay, estimate, created_at, updated_at)
           values ($1, $2, $3, $4, 'PAID', 'h', 100000, 98500, '2026-03-11', 1, '{}', now(), now()) returning id`,
          [org.id, pp.id, company.id, user.id],
        );
        batchIds.push(rows[0].id);
      }

      await migrateDatabase(pool);
      const { rows } = await pool.query(
        'select id, bank_code, bank_branch, bank_account from batches order by id',
      );
      expect(rows).toEqual([
        { id: batchIds[0], bank_code: '237', bank_branch: '0472', bank_account: '0098765-4' },
        { id: batchIds[1], bank_code: null, bank_branch: null, bank_account: null },
      ]);
      // All three or none.
      const partial = await pool
        .query(`update batches set bank_code = null where id = $1`, [batchIds[0]])
        .catch((error: unknown) => error);
      expect(partial).toMatchObject({ code: '23514', constraint: 'batches_bank_account_whole' });
    } finally {
      await pool.end();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
