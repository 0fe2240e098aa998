import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createDatabase, type Database } from '../../apps/api/src/db/client';
import { ensureEmbeddedPostgres } from '../../apps/api/src/db/embedded-postgres';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { companies, inboxItems } from '../../apps/api/src/db/schema';
import { createJobQueue } from '../../apps/api/src/jobs/job-queue';
import { startMailWorker } from '../../apps/api/src/jobs/mail-worker';
import { frozenClock } from '../../apps/api/src/lib/clock';
import { secretBox } from '../../apps/api/src/lib/secret-box';
import { createMailer, type Mailer } from '../../apps/api/src/mail';
import { notifyCompany } from '../../apps/api/src/modules/inbox/notify';
import { seedDemoIfEmpty } from '../../apps/api/src/ops/seed-demo';
import { freePort } from '../../apps/api/test/free-port';
import { onCleanup } from './cleanup';
import { type Row, seconds } from './report';
import { sleep } from './stats';

/*
 * The e-mail outbox at the platform's scale (docs/product/operations.md#mail): on a
 * database of its own with the demo data, `count` credits-arrived notices queued for Alfa Componentes' users
 * (written by the notices' own writer, in transactions of 500), then the server's e-mail worker started
 * (jobs/mail-worker.ts) with the real mailer: the local mailbox, then SMTP to a server on loopback. One second
 * into the drain, a request's receipt is queued: its delay is from its commit until its mail was sent.
 */

type Target = 'mailbox' | 'smtp';

export type MailFigures = { rows: Row[]; data: Record<string, unknown> };

const silent = { info: () => undefined };

export async function measureMail(input: {
  count: number;
  say: (msg: string) => void;
}): Promise<MailFigures> {
  const { count, say } = input;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-mail-'));
  onCleanup('mail bench folder', () => fs.rm(dir, { recursive: true, force: true }));
  const pg = await ensureEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'mail' });
  const forgetPostgres = onCleanup('mail bench PostgreSQL', () => pg.stop());
  const { db, pool } = createDatabase(pg.url);
  try {
    await migrateDatabase(pool);
    const clock = frozenClock(new Date('2026-11-23T10:00:00-03:00'));
    await seedDemoIfEmpty(db, clock);
    const [alfa] = await db
      .select({ id: companies.id, organizationId: companies.organizationId })
      .from(companies)
      .where(sql`${companies.name} like 'Alfa Componentes%'`);
    const rows: Row[] = [];
    const data: Record<string, unknown> = { count };
    for (const target of ['mailbox', 'smtp'] as const) {
      say(`mail: ${count.toLocaleString('en')} or more credits-arrived mails queued, to the ${target}…`);
      const figures = await drain(db, pool, { target, count, company: alfa!, dir, clock });
      data[target] = figures;
      rows.push(
        {
          figure: `mail to the ${target === 'mailbox' ? 'local mailbox' : 'SMTP server on loopback'}: ${figures.queued.toLocaleString('en')} queued mails sent (and the receipts)`,
          budget: target === 'mailbox' ? '≥ 50 mails/s' : '',
          measured: `${figures.perSecond.toFixed(1)} mails/s (${seconds(figures.drainMs)})`,
          pass: target === 'mailbox' ? figures.perSecond >= 50 : null,
        },
        {
          figure: `a request's receipt queued 1 s into that backlog, to the ${target}: from its commit to its mail`,
          budget: '≤ 10 s',
          measured: seconds(figures.receiptMs),
          pass: figures.receiptMs <= 10_000,
        },
      );
    }
    return { rows, data };
  } finally {
    await pool.end();
    forgetPostgres();
    await pg.stop();
  }
}

async function drain(
  db: Database,
  pool: ReturnType<typeof createDatabase>['pool'],
  input: {
    target: Target;
    count: number;
    company: { id: number; organizationId: number };
    dir: string;
    clock: ReturnType<typeof frozenClock>;
  },
) {
  const { target, count, company, clock } = input;
  await db.execute(sql`delete from pgboss.job where name = 'event-mail'`);
  await db.delete(inboxItems);
  const smtp = target === 'smtp' ? await smtpServer() : undefined;
  const mailer: Mailer = createMailer({
    smtpUrl: smtp?.url,
    mailboxDir: path.join(input.dir, `mailbox-${target}`),
    from: 'Portal <no-reply@portal.local>',
    log: silent,
  });
  // Notices until at least `count` mails are queued (each of the company's users gets one per notice).
  while ((await countItems(db)) < count) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 50; i += 1)
        await notifyCompany(tx, {
          organizationId: company.organizationId,
          companyId: company.id,
          type: 'CREDITS_ARRIVED',
          batchId: null,
          params: { count: 12, programName: 'Horizonte Fornecedores', value: 12_345.67 },
          now: clock.now(),
        });
    });
  }
  const queued = await countItems(db);
  const jobs = createJobQueue(pool);
  await jobs.boss.start();
  const started = performance.now();
  // No job here carries a sealed secret (no invites): any key opens what there is.
  const secrets = secretBox(randomBytes(32));
  await startMailWorker(jobs.boss, { db, mailer, secrets, config: { publicUrl: 'http://127.0.0.1:8080' } });
  await sleep(1_000);
  const receiptQueued = performance.now();
  await db.transaction((tx) =>
    notifyCompany(tx, {
      organizationId: company.organizationId,
      companyId: company.id,
      type: 'BATCH_REQUESTED',
      batchId: null,
      params: {
        batchId: 4242,
        companyName: 'Alfa Componentes',
        programName: 'Horizonte Fornecedores',
        value: 12_000,
        paymentDate: '2026-11-25',
        count: 3,
      },
      now: clock.now(),
    }),
  );
  const receiptIds = (
    await db.select({ id: inboxItems.id }).from(inboxItems).where(eq(inboxItems.type, 'BATCH_REQUESTED'))
  ).map((row) => row.id);
  let receiptMs = Number.NaN;
  const total = queued + receiptIds.length;
  for (;;) {
    if (Number.isNaN(receiptMs)) {
      const mailed = await db
        .select({ id: inboxItems.id })
        .from(inboxItems)
        .where(and(inArray(inboxItems.id, receiptIds), isNotNull(inboxItems.mailedAt)));
      if (mailed.length === receiptIds.length) receiptMs = performance.now() - receiptQueued;
    }
    const [done] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(inboxItems)
      .where(isNotNull(inboxItems.mailedAt));
    if ((done?.n ?? 0) >= total && !Number.isNaN(receiptMs)) break;
    if (performance.now() - started > 3_600_000) throw new Error('mail: not drained within an hour');
    await sleep(100);
  }
  const drainMs = performance.now() - started;
  await jobs.close();
  await mailer.close();
  await smtp?.close();
  return { queued, drainMs, perSecond: (total / drainMs) * 1000, receiptMs, smtpAccepted: smtp?.accepted() };
}

async function countItems(db: Pick<Database, 'select'>): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inboxItems);
  return row?.n ?? 0;
}

async function smtpServer() {
  const port = await freePort();
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  onCleanup('mail bench SMTP server', close);
  return { url: `smtp://127.0.0.1:${port}`, accepted: () => accepted, close };
}
