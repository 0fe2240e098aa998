import {
  type BatchDetail,
  buildPath,
  cancelBatchCall,
  errorBody,
  getBatchCall,
  getNotificationPreferencesCall,
  type InboxPage,
  listInboxCall,
  markInboxItemReadCall,
  markInboxReadCall,
  setNotificationPreferencesCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { postBatch, statusesOf } from '../../../test/batches-factories';
import { createCreditIds, createSupplier, expectErrorBody } from '../../../test/estimates-factories';
import { type SettleBatchError, settleBatch } from './settle-batch';

const t = await buildTestApp();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A supplier with one REQUESTED request of `count` credits, made at the test clock's 10:00 (São Paulo). */
async function requested(count = 2, options: Parameters<typeof createSupplier>[2] = {}) {
  const supplier = await createSupplier(t.app, t.db, options);
  const ids = await createCreditIds(t.db, supplier.pp, count);
  const res = await postBatch(t.app, supplier.headers, ids);
  expect(res.statusCode).toBe(200);
  return { supplier, ids, batchId: res.json().id as number };
}

const getDetail = (headers: Record<string, string>, id: number) =>
  injectCall(t.app, getBatchCall, { params: { id }, headers });
const cancel = (headers: Record<string, string>, id: number) =>
  injectCall(t.app, cancelBatchCall, { params: { id }, headers, body: {} });
const inbox = async (headers: Record<string, string>) =>
  (await injectCall(t.app, listInboxCall, { headers })).json() as InboxPage;

describe('GET batches/:id', () => {
  it('answers the frozen figures, the credits and the history; another company’s request is a 404', async () => {
    const { supplier, ids, batchId } = await requested(2);
    const res = await getDetail(supplier.headers, batchId);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as BatchDetail;
    expect(detail).toMatchObject({
      id: batchId,
      programId: supplier.program.id,
      programProviderId: supplier.pp.id,
      companyId: supplier.company.id,
      status: 'REQUESTED',
      automatic: false,
      paymentDate: '2026-03-11',
      value: 2000,
      rejectionReason: null,
      // The factory's company account, 341 / 1234 / 12345-6, masked (docs/product/requests.md#bank-account).
      bankAccount: '341 / 1234 / ****45-6',
      cancellable: true,
      events: [{ status: 'REQUESTED', at: t.clock.now().toISOString(), by: 'Ana' }],
    });
    expect(detail.credits.map((credit) => credit.id).sort()).toEqual([...ids].sort());
    expect(detail.total).toBe(detail.credits.reduce((sum, credit) => sum + credit.anticipation, 0));

    const other = await createSupplier(t.app, t.db);
    const foreign = await getDetail(other.headers, batchId);
    const missing = await getDetail(other.headers, 987_654);
    expectErrorBody(foreign, 'error.batch.notFound');
    expect(foreign.body).toBe(missing.body);
  });
});

describe('POST batches/:id/cancel', () => {
  it('cancels its own request the same day, releases the credits, records who and tells the company', async () => {
    const { supplier, ids, batchId } = await requested(2);
    const res = await cancel(supplier.headers, batchId);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as BatchDetail;
    expect(detail.status).toBe('CANCELLED');
    expect(detail.cancellable).toBe(false);
    expect(detail.events.map((event) => [event.status, event.by])).toEqual([
      ['REQUESTED', 'Ana'],
      ['CANCELLED', 'Ana'],
    ]);
    expect(await statusesOf(t.db, ids)).toEqual(['AVAILABLE', 'AVAILABLE']);
    // The credits can be requested again.
    expect((await postBatch(t.app, supplier.headers, ids)).statusCode).toBe(200);

    const items = (await inbox(supplier.headers)).content.filter((item) => item.batchId === batchId);
    expect(items.map((item) => item.type)).toEqual(['BATCH_CANCELLED', 'BATCH_REQUESTED']);
    expect(items[0]!.title).toBe(`Solicitação nº ${batchId} cancelada`);
  });

  it('refuses where the participation does not allow it, after closing time, the next day and once settled', async () => {
    const locked = await requested(1, { programProvider: { canCancel: false } });
    expectErrorBody(await cancel(locked.supplier.headers, locked.batchId), 'error.provider.cannotCancel');
    expect((await getDetail(locked.supplier.headers, locked.batchId)).json().cancellable).toBe(false);

    const late = await requested(1);
    const paid = await requested(1);
    await settleBatch(t.db, { batchId: paid.batchId, to: 'PAID', now: t.clock.now() });
    expectErrorBody(await cancel(paid.supplier.headers, paid.batchId), 'error.batch.wrongStatus');

    const start = t.clock.now();
    try {
      t.clock.set(new Date('2026-03-10T18:01:00-03:00'));
      expectErrorBody(await cancel(late.supplier.headers, late.batchId), 'error.batch.wrongStatus');
      t.clock.set(new Date('2026-03-11T09:00:00-03:00'));
      expectErrorBody(await cancel(late.supplier.headers, late.batchId), 'error.batch.wrongStatus');
      t.clock.set(new Date('2026-03-10T18:00:59-03:00'));
      expect((await cancel(late.supplier.headers, late.batchId)).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
    expect(await statusesOf(t.db, locked.ids)).toEqual(['REQUESTED']);
    expect(await statusesOf(t.db, paid.ids)).toEqual(['PAID']);
    expect(errorBody('error.batch.wrongStatus').httpStatus).toBe(400);
  });

  it('takes no other body', async () => {
    const { supplier, batchId } = await requested(1);
    const res = await t.app.inject({
      method: cancelBatchCall.method,
      url: buildPath(cancelBatchCall, { id: batchId }),
      headers: supplier.headers,
      payload: { force: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual([{ field: 'force', message: 'validation.unknownField' }]);
  });
});

describe('a request settled by the platform', () => {
  it('a rejection keeps its reason, releases the credits and reaches the inbox and the mail in each one’s language', async () => {
    const { supplier, ids, batchId } = await requested(2, { langKey: 'en' });
    await t.deliverMails();
    t.mailer.sent.length = 0;
    await settleBatch(t.db, { batchId, to: 'REJECTED', reason: 'Duplicate invoice 123', now: t.clock.now() });
    const detail = (await getDetail(supplier.headers, batchId)).json() as BatchDetail;
    expect(detail).toMatchObject({ status: 'REJECTED', rejectionReason: 'Duplicate invoice 123' });
    expect(detail.events.map((event) => [event.status, event.by])).toEqual([
      ['REQUESTED', 'Ana'],
      ['REJECTED', null],
    ]);
    expect(await statusesOf(t.db, ids)).toEqual(['AVAILABLE', 'AVAILABLE']);
    const [item] = (await inbox(supplier.headers)).content;
    expect(item).toMatchObject({
      type: 'BATCH_REJECTED',
      title: `Request #${batchId} rejected`,
      message:
        'The request in the Programa Principal program was rejected: Duplicate invoice 123 Its invoices are available again.',
      readAt: null,
      batchId,
    });
    expect(await t.deliverMails()).toBe(1);
    const [mail] = t.mailer.sent;
    expect(mail).toMatchObject({
      to: supplier.user.login,
      subject: `Request #${batchId} rejected – Test Platform`,
    });
    expect(mail!.text).toContain(`/anticipation/history/${batchId}`);
  });
});

describe('the notification centre', () => {
  it('counts unread items, marks one or all read, and hides another user’s items', async () => {
    const { supplier, batchId } = await requested(1);
    await settleBatch(t.db, { batchId, to: 'PAID', now: t.clock.now() });
    const before = await inbox(supplier.headers);
    expect(before.unread).toBe(2);
    expect(before.content.map((item) => item.type)).toEqual(['BATCH_PAID', 'BATCH_REQUESTED']);
    const first = before.content[0]!;
    const other = await createSupplier(t.app, t.db);
    const foreign = await injectCall(t.app, markInboxItemReadCall, {
      params: { id: first.id },
      headers: other.headers,
    });
    expectErrorBody(foreign, 'error.notFound');

    const read = await injectCall(t.app, markInboxItemReadCall, {
      params: { id: first.id },
      headers: supplier.headers,
    });
    expect(read.statusCode).toBe(200);
    const after = await inbox(supplier.headers);
    expect(after.unread).toBe(1);
    expect(after.content[0]!.readAt).toBe(t.clock.now().toISOString());
    await injectCall(t.app, markInboxReadCall, { headers: supplier.headers });
    expect((await inbox(supplier.headers)).unread).toBe(0);
  });

  it('pages newest first', async () => {
    const supplier = await createSupplier(t.app, t.db);
    for (let i = 0; i < 3; i += 1) {
      const ids = await createCreditIds(t.db, supplier.pp, 1);
      expect((await postBatch(t.app, supplier.headers, ids)).statusCode).toBe(200);
    }
    const page = await injectCall(t.app, listInboxCall, {
      query: { page: 0, size: 2 },
      headers: supplier.headers,
    });
    const second = await injectCall(t.app, listInboxCall, {
      query: { page: 1, size: 2 },
      headers: supplier.headers,
    });
    expect(page.json()).toMatchObject({ unread: 3, last: false });
    expect(second.json()).toMatchObject({ unread: 3, last: true });
    const ids = [...page.json().content, ...second.json().content].map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('notification preferences', () => {
  it('every e-mail is on by default; an event turned off still reaches the inbox but sends no mail', async () => {
    const { supplier, batchId } = await requested(1);
    const defaults = await injectCall(t.app, getNotificationPreferencesCall, { headers: supplier.headers });
    expect(Object.values(defaults.json().email)).toEqual(Array(8).fill(true));
    const email = { ...defaults.json().email, BATCH_PAID: false };
    const saved = await injectCall(t.app, setNotificationPreferencesCall, {
      headers: supplier.headers,
      body: { email },
    });
    expect(saved.json()).toEqual({ email });
    // Not every event type: a body the contract's type refuses, sent as it is.
    const missingType = await t.app.inject({
      method: setNotificationPreferencesCall.method,
      url: buildPath(setNotificationPreferencesCall),
      headers: supplier.headers,
      payload: { email: { BATCH_PAID: false } },
    });
    expect(missingType.statusCode).toBe(400);

    await t.deliverMails();
    t.mailer.sent.length = 0;
    await settleBatch(t.db, { batchId, to: 'PAID', now: t.clock.now() });
    expect((await inbox(supplier.headers)).content[0]!.type).toBe('BATCH_PAID');
    expect(await t.deliverMails()).toBe(0);
    expect(t.mailer.sent).toEqual([]);
  });
});

describe('races', () => {
  it('cancel, cancel again, paid and rejected at once: exactly one wins, the others get a clean 400', async () => {
    const rounds = 12;
    const winners: Record<string, number> = {};
    for (let round = 0; round < rounds; round += 1) {
      const { supplier, ids, batchId } = await requested(3);
      const outcomes = await Promise.all([
        cancel(supplier.headers, batchId).then((res) => ({
          who: 'cancel',
          status: res.statusCode,
          body: res.json(),
        })),
        cancel(supplier.headers, batchId).then((res) => ({
          who: 'cancel',
          status: res.statusCode,
          body: res.json(),
        })),
        // The platform's two answers leave a little later in some rounds, so each side gets to win.
        pause((round % 3) * 4)
          .then(() => settleBatch(t.db, { batchId, to: 'PAID', now: t.clock.now() }))
          .then(
            () => ({ who: 'paid', status: 200, body: null }),
            (error: SettleBatchError) => ({ who: 'paid', status: 400, body: error.detail }),
          ),
        pause(((round + 1) % 3) * 4)
          .then(() => settleBatch(t.db, { batchId, to: 'REJECTED', reason: 'no', now: t.clock.now() }))
          .then(
            () => ({ who: 'rejected', status: 200, body: null }),
            (error: SettleBatchError) => ({ who: 'rejected', status: 400, body: error.detail }),
          ),
      ]);
      const won = outcomes.filter((outcome) => outcome.status === 200);
      expect(won, JSON.stringify(outcomes)).toHaveLength(1);
      winners[won[0]!.who] = (winners[won[0]!.who] ?? 0) + 1;
      for (const lost of outcomes.filter((outcome) => outcome.status !== 200)) {
        expect(lost.status).toBe(400);
        if (lost.who === 'cancel') expect(lost.body).toEqual(errorBody('error.batch.wrongStatus'));
        else expect(lost.body).toMatch(/^batch \d+ is (PAID|REJECTED|CANCELLED): only a REQUESTED batch/);
      }
      const detail = (await getDetail(supplier.headers, batchId)).json() as BatchDetail;
      expect(detail.events).toHaveLength(2);
      const expected = detail.status === 'PAID' ? 'PAID' : 'AVAILABLE';
      expect(await statusesOf(t.db, ids)).toEqual(Array(3).fill(expected));
    }
    console.log(`races: ${rounds} rounds of 4 transitions at once; winners ${JSON.stringify(winners)}`);
  });
});
