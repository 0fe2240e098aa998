import { errorBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../../../test/app';
import { batchesOf, postBatch, statusesOf } from '../../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../../test/estimates-factories';
import { createUser } from '../../../test/factories';
import { batchAudit } from '../../db/schema';

const t = await buildTestApp();

describe('Idempotency-Key on POST batches/request', () => {
  it('replays the first answer, same status and body, without doing anything again', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 2);
    const first = await postBatch(t.app, supplier.headers, ids, 'key-1');
    expect(first.statusCode).toBe(200);
    const auditRows = (await t.db.select().from(batchAudit)).length;
    await t.deliverMails();
    const mails = t.mailer.sent.length;

    // The same ids in another order are the same request.
    const again = await postBatch(t.app, supplier.headers, [ids[1]!, ids[0]!], 'key-1');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await batchesOf(t.db, supplier.pp.id)).toHaveLength(1);
    expect(await t.db.select().from(batchAudit)).toHaveLength(auditRows);
    await t.deliverMails();
    expect(t.mailer.sent).toHaveLength(mails);
  });

  it('replays even once the window has closed', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 1);
    const first = await postBatch(t.app, supplier.headers, ids, 'late-retry');
    t.clock.set(new Date('2026-03-10T20:00:00-03:00'));
    try {
      expect((await postBatch(t.app, supplier.headers, ids, 'late-retry')).body).toBe(first.body);
      const fresh = await createCreditIds(t.db, supplier.pp, 1);
      expect((await postBatch(t.app, supplier.headers, fresh, 'late-new')).json()).toEqual(
        errorBody('error.operation.closed'),
      );
    } finally {
      t.clock.set(new Date('2026-03-10T10:00:00-03:00'));
    }
  });

  it('answers 422 error.idempotency.conflict for the same key with another body', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const [a, b] = await createCreditIds(t.db, supplier.pp, 2);
    expect((await postBatch(t.app, supplier.headers, [a!], 'key-2')).statusCode).toBe(200);
    const res = await postBatch(t.app, supplier.headers, [a!, b!], 'key-2');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(errorBody('error.idempotency.conflict'));
    expect(await statusesOf(t.db, [b!])).toEqual(['AVAILABLE']);
  });

  it('keeps keys per user: another user’s identical key is a new request', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const colleague = await createUser(t.db, supplier.org.id, { companyIds: [supplier.company.id] });
    const colleagueHeaders = await loginAs(t.app, colleague);
    const [a, b] = await createCreditIds(t.db, supplier.pp, 2);
    const mine = (await postBatch(t.app, supplier.headers, [a!], 'shared')).json();
    const theirs = (await postBatch(t.app, colleagueHeaders, [b!], 'shared')).json();
    expect(theirs.id).not.toBe(mine.id);
    expect(await batchesOf(t.db, supplier.pp.id)).toHaveLength(2);
  });

  it('records only successes: a refused request may be retried under the same key', async () => {
    const supplier = await createSupplier(t.app, t.db, { company: { bankAccount: null } });
    const ids = await createCreditIds(t.db, supplier.pp, 1);
    expect((await postBatch(t.app, supplier.headers, ids, 'retry')).json()).toEqual(
      errorBody('error.bankAccount.empty'),
    );
    expect((await postBatch(t.app, supplier.headers, ids, 'retry')).json()).toEqual(
      errorBody('error.bankAccount.empty'),
    );
  });

  it('without a key, a second identical request is a new request (and finds the credits taken)', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 1);
    expect((await postBatch(t.app, supplier.headers, ids)).statusCode).toBe(200);
    expect((await postBatch(t.app, supplier.headers, ids)).json()).toEqual(
      errorBody('error.credit.notfound'),
    );
  });

  it('20 retries under one key arriving while the first is still being processed all get the first answer', async () => {
    // A double click, or a client that gave up waiting and sent again: the retries come in over ~30 ms, some
    // while the first request holds its transaction, some after it committed.
    const supplier = await createSupplier(t.app, t.db);
    for (let round = 0; round < 10; round++) {
      const ids = await createCreditIds(t.db, supplier.pp, 5);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          new Promise((resolve) => setTimeout(resolve, i * 1.5)).then(() =>
            postBatch(t.app, supplier.headers, ids, `staggered-${round}`),
          ),
        ),
      );
      const [batch, ...more] = (await batchesOf(t.db, supplier.pp.id)).slice(round);
      expect(more).toEqual([]);
      expect(answers.map((res) => `${res.statusCode} ${res.body}`)).toEqual(
        answers.map(() => `200 ${JSON.stringify({ id: batch!.id, value: 4925, daysToPay: 1 })}`),
      );
    }
  });
});
