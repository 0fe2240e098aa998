import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { postBatch } from '../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../test/estimates-factories';
import { until } from '../../test/server-process';
import { inboxItems } from '../db/schema';
import { notifyCompany } from '../modules/inbox/notify';
import { deliverEventMail } from './event-mail';
import { createJobQueue, queues } from './job-queue';
import { startMailWorker } from './mail-worker';

const t = await buildTestApp();

describe('delivering an event’s e-mail', () => {
  it('is done once per inbox item: a job run again after its mail went out skips it', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const res = await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1));
    expect(res.statusCode).toBe(200);
    const [item] = await t.db.select().from(inboxItems).where(eq(inboxItems.batchId, res.json().id));
    expect(item!.mailedAt).toBeNull();

    const deps = {
      db: t.db,
      mailer: t.mailer,
      secrets: t.app.deps.secrets,
      config: { publicUrl: 'https://portal.example' },
    };
    t.mailer.sent.length = 0;
    // As pg-boss would after a crash between the send and the job's completion: the same job twice.
    expect(await deliverEventMail(deps, [item!.id])).toBe('sent');
    expect(await deliverEventMail(deps, [item!.id])).toBe('skipped');
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.messageId).toBe(`<inbox-item-${item!.id}@portal.example>`);
    const [after] = await t.db.select().from(inboxItems).where(eq(inboxItems.id, item!.id));
    expect(after!.mailedAt).toBeInstanceOf(Date);
  });

  it('a failed send leaves the item unsent, so the retry sends it', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const res = await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1));
    const [item] = await t.db.select().from(inboxItems).where(eq(inboxItems.batchId, res.json().id));
    const down = {
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
      close: async () => {},
    };
    const config = { publicUrl: 'https://portal.example' };
    await expect(
      deliverEventMail({ db: t.db, mailer: down, secrets: t.app.deps.secrets, config }, [item!.id]),
    ).rejects.toThrow('ECONNREFUSED');
    t.mailer.sent.length = 0;
    expect(
      await deliverEventMail({ db: t.db, mailer: t.mailer, secrets: t.app.deps.secrets, config }, [item!.id]),
    ).toBe('sent');
    expect(t.mailer.sent).toHaveLength(1);
  });
});

describe('the e-mail worker', () => {
  it('sends a receipt before a backlog of credits-arrived mail, and retries a failed mail alone', async () => {
    const supplier = await createSupplier(t.app, t.db, { organization: { slug: 'backlog' } });
    await t.db.execute(sql`delete from pgboss.job where name = ${queues.eventMail.name}`);
    // 60 bulk notices, then a request (its receipt), all queued before the worker starts.
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i += 1)
        await notifyCompany(tx, {
          organizationId: supplier.org.id,
          companyId: supplier.company.id,
          type: 'CREDITS_ARRIVED',
          batchId: null,
          params: { count: 1, programName: 'P', value: 10 },
          now: t.clock.now(),
        });
    });
    const res = await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1));
    expect(res.statusCode).toBe(200);
    const order: string[] = [];
    let failedOnce = false;
    const mailer = {
      send: async (message: { subject: string }) => {
        // The first credits-arrived mail fails once: only it is retried.
        if (!failedOnce && !message.subject.includes('Solicitação')) {
          failedOnce = true;
          throw new Error('451 try again later');
        }
        order.push(message.subject.includes('Solicitação') ? 'receipt' : 'bulk');
      },
      close: async () => {},
    };
    const { boss, close } = createJobQueue(t.db.$client);
    await boss.start();
    await startMailWorker(boss, {
      db: t.db,
      mailer,
      secrets: t.app.deps.secrets,
      config: { publicUrl: 'https://portal.example' },
    });
    await until('the first 61 mails', () => (order.length >= 60 ? true : undefined));
    await close();
    // Sent side by side, the receipt is among the first fetch's 20 (in queue order it would be the 61st).
    expect(order.slice(0, 20)).toContain('receipt');
    expect(order.filter((o) => o === 'bulk')).toHaveLength(59);
    const retrying = await t.db.execute<{ message: string }>(
      sql`select output->>'message' as message from pgboss.job where name = ${queues.eventMail.name} and state = 'retry'`,
    );
    expect(retrying.rows).toEqual([{ message: '451 try again later' }]);
  });
});
