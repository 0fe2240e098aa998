import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { postBatch } from '../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../test/estimates-factories';
import { inboxItems } from '../db/schema';
import { deliverEventMail } from './event-mail';

const t = await buildTestApp();

describe('delivering an event’s e-mail', () => {
  it('is done once per inbox item: a job run again after its mail went out skips it', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const res = await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1));
    expect(res.statusCode).toBe(200);
    const [item] = await t.db.select().from(inboxItems).where(eq(inboxItems.batchId, res.json().id));
    expect(item!.mailedAt).toBeNull();

    const deps = { db: t.db, mailer: t.mailer, config: { publicUrl: 'https://portal.example' } };
    t.mailer.sent.length = 0;
    // As pg-boss would after a crash between the send and the job's completion: the same job twice.
    expect(await deliverEventMail(deps, item!.id)).toBe('sent');
    expect(await deliverEventMail(deps, item!.id)).toBe('skipped');
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
    await expect(deliverEventMail({ db: t.db, mailer: down, config }, item!.id)).rejects.toThrow(
      'ECONNREFUSED',
    );
    t.mailer.sent.length = 0;
    expect(await deliverEventMail({ db: t.db, mailer: t.mailer, config }, item!.id)).toBe('sent');
    expect(t.mailer.sent).toHaveLength(1);
  });
});
