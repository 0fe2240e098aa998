import {
  buildPath,
  cancelBatchCall,
  errorBody,
  getBatchCall,
  listPlatformEventsCall,
  settleBatchCall,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW } from '../../../test/app';
import { postBatch, statusesOf } from '../../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../../test/estimates-factories';
import { createFunder, fundRequests, offeringFunder } from '../../../test/funders-factories';
import { funderToken, machineToken } from '../../../test/machine-clients';
import { credits, platformEvents } from '../../db/schema';

/*
 * The funder settles requests and hears of them (docs/product/platform-api.md#settlement, #events): the
 * settlement over HTTP (the code of `npm run ops -- batch`), idempotent for the same settlement, a conflict for
 * another; the events written with each change, listed in order behind a cursor.
 */

const t = await buildTestApp();
const supplier = await createSupplier(t.app, t.db);
const funder = await machineToken(t, supplier.org.id, ['batches:write', 'events:read']);
const reader = await machineToken(t, supplier.org.id, ['events:read']);

async function newBatch(count = 2) {
  const ids = await createCreditIds(t.db, supplier.pp, count);
  const res = await postBatch(t.app, supplier.headers, ids);
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id as number, ids };
}
const settle = (id: number, body: object, headers = funder) =>
  t.app.inject({ method: 'POST', url: buildPath(settleBatchCall, { id }), payload: body, headers });
const events = (query = '', headers = funder) =>
  t.app.inject({ method: 'GET', url: `${buildPath(listPlatformEventsCall)}${query}`, headers });

describe('POST /api/platform/v1/batches/{id}/settlement', () => {
  it('pays a request with the payment’s reference, and answers the same body to the same settlement again', async () => {
    const batch = await newBatch();
    const body = { status: 'PAID', paymentReference: 'E00000000202603101000abcdef012345' };
    const paid = await settle(batch.id, body);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({
      id: batch.id,
      status: 'PAID',
      rejectionReason: null,
      paymentReference: 'E00000000202603101000abcdef012345',
      settledAt: TEST_NOW.toISOString(),
    });
    expect(await statusesOf(t.db, batch.ids)).toEqual(['PAID', 'PAID']);
    // The supplier sees the reference: the request's detail, and the paid notice's e-mail.
    const detail = await t.app.inject({
      url: buildPath(getBatchCall, { id: batch.id }),
      headers: supplier.headers,
    });
    expect(detail.json()).toMatchObject({
      status: 'PAID',
      paymentReference: 'E00000000202603101000abcdef012345',
    });
    t.mailer.sent.length = 0;
    await t.deliverMails();
    const paidMail = t.mailer.sent.find((mail) => mail.subject.includes('paga'));
    expect(paidMail?.text).toContain('Referência do pagamento: E00000000202603101000abcdef012345.');
    t.clock.advance(60_000);
    const again = await settle(batch.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(paid.body);
    const other = await settle(batch.id, { status: 'PAID', paymentReference: 'E-OTHER' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(errorBody('error.batch.wrongStatus', [], 409));
    t.clock.set(TEST_NOW);
  });

  it('rejects with the reason, which releases the credits; paying it after is a conflict', async () => {
    const batch = await newBatch(1);
    const rejected = await settle(batch.id, { status: 'REJECTED', reason: 'Nota fiscal cancelada' });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', rejectionReason: 'Nota fiscal cancelada' });
    expect(await statusesOf(t.db, batch.ids)).toEqual(['AVAILABLE']);
    const paid = await settle(batch.id, { status: 'PAID' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual(errorBody('error.batch.wrongStatus', [], 409));
  });

  it('refuses a body that does not fit the status, naming the field', async () => {
    const batch = await newBatch(1);
    for (const [body, field, message] of [
      [{ status: 'REJECTED' }, 'reason', 'validation.required'],
      [{ status: 'PAID', reason: 'why' }, 'reason', 'validation.invalid'],
      [{ status: 'REJECTED', reason: 'r', paymentReference: 'E1' }, 'paymentReference', 'validation.invalid'],
      [{ status: 'PAID', paymentReference: 'x'.repeat(65) }, 'paymentReference', 'validation.text.max'],
      [{ status: 'CANCELLED' }, 'status', 'validation.invalid'],
    ] as const) {
      const res = await settle(batch.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody('error.validation', [{ field, message }]));
    }
    expect(await statusesOf(t.db, batch.ids)).toEqual(['REQUESTED']);
  });

  it('answers another organization’s request exactly as one that does not exist, and a cancelled one 409', async () => {
    const batch = await newBatch(1);
    const elsewhere = await createSupplier(t.app, t.db, { organization: { slug: 'elsewhere' } });
    const otherFunder = await machineToken(t, elsewhere.org.id, ['batches:write']);
    const foreign = await settle(batch.id, { status: 'PAID' }, otherFunder);
    const missing = await settle(2_000_000_000, { status: 'PAID' }, otherFunder);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.json()).toEqual(errorBody('error.batch.notFound'));
    const cancel = await t.app.inject({
      method: 'POST',
      url: buildPath(cancelBatchCall, { id: batch.id }),
      headers: supplier.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await settle(batch.id, { status: 'PAID' })).statusCode).toBe(409);
  });

  it('needs batches:write', async () => {
    const batch = await newBatch(1);
    const res = await settle(batch.id, { status: 'PAID' }, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ...errorBody('error.http.forbidden'), scope: 'batches:write' });
  });
});

describe('GET /api/platform/v1/events', () => {
  it('lists each change’s event in order, with what the funder needs, behind a cursor', async () => {
    const start = (await events()).json().content.at(-1)?.id ?? '0';
    const batch = await newBatch(2);
    await settle(batch.id, { status: 'PAID', paymentReference: 'E-123' });
    const page = await events(`?after=${start}`, reader);
    expect(page.statusCode, page.body).toBe(200);
    const refs = (await t.db.select({ id: credits.id, ref: credits.ref }).from(credits))
      .filter((c) => batch.ids.includes(c.id))
      .map((c) => c.ref)
      .sort();
    const facts = {
      id: batch.id,
      programProvider: supplier.pp.ref,
      company: supplier.company.identification,
      // The house offer's: no funder.
      funder: null,
      netValue: expect.any(Number),
      paymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      credits: refs,
      rejectionReason: null,
    };
    expect(page.json().content).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        type: 'batch.requested',
        timestamp: TEST_NOW.toISOString(),
        data: { batch: { ...facts, status: 'REQUESTED', paymentReference: null } },
      },
      {
        id: expect.stringMatching(/^\d+$/),
        type: 'batch.paid',
        timestamp: TEST_NOW.toISOString(),
        data: { batch: { ...facts, status: 'PAID', paymentReference: 'E-123' } },
      },
    ]);
    const [first, second] = page.json().content as { id: string }[];
    expect(Number(second!.id)).toBeGreaterThan(Number(first!.id));
    expect(page.json().next).toBe(second!.id);
    const one = (await events(`?after=${start}&limit=1`, reader)).json();
    expect(one.content.map((e: { id: string }) => e.id)).toEqual([first!.id]);
    expect(one.next).toBe(first!.id);
    const empty = (await events(`?after=${second!.id}`, reader)).json();
    expect(empty).toEqual({ content: [], next: second!.id });
  });

  it('names the funder of a request made at its offer in each of its events, keys in the contract’s order', async () => {
    const funded = await createSupplier(t.app, t.db, { organization: { slug: 'funded' } });
    const banco = await offeringFunder(t, funded, 'banco-sul', 'Banco Sul Fomento S.A.');
    const platform = await machineToken(t, funded.org.id, ['events:read']);
    const ids = await createCreditIds(t.db, funded.pp, 1);
    const made = await postBatch(t.app, funded.headers, ids);
    expect(made.statusCode, made.body).toBe(200);
    const batchId = made.json().id as number;
    await settle(batchId, { status: 'PAID', paymentReference: 'E-SUL' }, banco.headers);
    const [ref] = (await t.db.select({ id: credits.id, ref: credits.ref }).from(credits))
      .filter((credit) => credit.id === ids[0])
      .map((credit) => credit.ref);
    const batch = {
      id: batchId,
      programProvider: funded.pp.ref,
      company: funded.company.identification,
      funder: { ref: 'banco-sul', name: 'Banco Sul Fomento S.A.' },
      // R$ 1.000,00 due in 30 days at the funder's 1 % a month.
      netValue: 990,
      paymentDate: '2026-03-11',
      credits: [ref],
      rejectionReason: null,
    };
    const feed = await events('', platform);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().content).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        type: 'batch.requested',
        timestamp: TEST_NOW.toISOString(),
        data: { batch: { ...batch, status: 'REQUESTED', paymentReference: null } },
      },
      {
        id: expect.stringMatching(/^\d+$/),
        type: 'batch.paid',
        timestamp: TEST_NOW.toISOString(),
        data: { batch: { ...batch, status: 'PAID', paymentReference: 'E-SUL' } },
      },
    ]);
    // The funder sits after the company in the bytes, as the contract orders the keys (webhooks send the same).
    expect(feed.body).toContain(
      `"company":"${funded.company.identification}","funder":{"ref":"banco-sul","name":"Banco Sul Fomento S.A."},"netValue":990`,
    );
    // The funder's own client reads the same events.
    expect((await events('', banco.headers)).json().content).toEqual(feed.json().content);
  });

  it('says null for the funder of an event stored before events named one (those requests were the house’s)', async () => {
    const before = await createSupplier(t.app, t.db, { organization: { slug: 'before-funders' } });
    const platform = await machineToken(t, before.org.id, ['events:read']);
    const made = await postBatch(t.app, before.headers, await createCreditIds(t.db, before.pp, 1));
    expect(made.statusCode, made.body).toBe(200);
    await t.db
      .update(platformEvents)
      .set({ data: sql`${platformEvents.data} #- '{batch,funder}'` })
      .where(eq(platformEvents.organizationId, before.org.id));
    const [stored] = await t.db
      .select({ data: platformEvents.data })
      .from(platformEvents)
      .where(eq(platformEvents.organizationId, before.org.id));
    expect((stored!.data as { batch: object }).batch).not.toHaveProperty('funder');
    const feed = await events('', platform);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().content[0].data.batch).toMatchObject({ id: made.json().id, funder: null });
  });

  it('takes a cursor and a limit of decimal digits only, with one error however they fail', async () => {
    // Number() would read these; a cursor stored from "1e3" would silently skip every event before 1000.
    for (const after of ['1e3', '0x10', '%2012', '1.5', '-1', '99999999999999999999']) {
      const res = await events(`?after=${after}`, reader);
      expect(res.statusCode, after).toBe(400);
      expect(res.json()).toEqual(
        errorBody('error.validation', [{ field: 'after', message: 'validation.invalid' }]),
      );
    }
    const limit = await events('?limit=1e1', reader);
    expect(limit.json()).toEqual(
      errorBody('error.validation', [{ field: 'limit', message: 'validation.size.invalid' }]),
    );
  });

  it('shows an organization its own events only', async () => {
    const elsewhere = await createSupplier(t.app, t.db, { organization: { slug: 'quiet' } });
    const theirs = await machineToken(t, elsewhere.org.id, ['events:read']);
    await newBatch(1);
    expect((await events('', theirs)).json()).toEqual({ content: [], next: '0' });
  });

  it('keeps a change and its event together: a refused request writes no event', async () => {
    const before = (await events('?limit=500', reader)).json().content.length;
    const [id] = await createCreditIds(t.db, supplier.pp, 1);
    await postBatch(t.app, supplier.headers, [id!]);
    const refused = await postBatch(t.app, supplier.headers, [id!]);
    expect(refused.statusCode).toBe(400);
    expect((await events('?limit=500', reader)).json().content.length).toBe(before + 1);
  });
});

// Two funders of the organization (docs/product/funders.md#clients); Sul's client.
const sul = await createFunder(t.db, supplier.org.id, 'f-sul');
const norte = await createFunder(t.db, supplier.org.id, 'f-norte');
const ofSul = await funderToken(t, supplier.org.id, sul);

describe('a funder’s client', () => {
  it('settles only the requests its funder funds: another funder’s and the house’s answer as missing', async () => {
    const [own, norteS, house] = [await newBatch(1), await newBatch(1), await newBatch(1)];
    await fundRequests(t.db, sul, [own.id]);
    await fundRequests(t.db, norte, [norteS.id]);
    const missing = await settle(2_000_000_000, { status: 'PAID' }, ofSul);
    for (const batch of [norteS, house]) {
      const res = await settle(batch.id, { status: 'PAID' }, ofSul);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody('error.batch.notFound'));
      expect(res.body).toBe(missing.body);
      expect(await statusesOf(t.db, batch.ids)).toEqual(['REQUESTED']);
    }
    const paid = await settle(own.id, { status: 'PAID', paymentReference: 'E-SUL' }, ofSul);
    expect(paid.json()).toMatchObject({ id: own.id, status: 'PAID', paymentReference: 'E-SUL' });
    // A platform client settles any request of the organization, as before.
    expect((await settle(norteS.id, { status: 'PAID' })).statusCode).toBe(200);
  });

  it('reads only its funder’s events, the cursor stepping over the others without skipping or stalling', async () => {
    const start = (await events('?limit=500', reader)).json().content.at(-1).id as string;
    const [a1, n1, h1, a2] = [await newBatch(1), await newBatch(1), await newBatch(1), await newBatch(1)];
    await fundRequests(t.db, sul, [a1.id, a2.id]);
    await fundRequests(t.db, norte, [n1.id]);
    await settle(n1.id, { status: 'PAID' });
    await settle(a1.id, { status: 'PAID' }, ofSul);
    await settle(h1.id, { status: 'REJECTED', reason: 'Nota cancelada' });
    await settle(a2.id, { status: 'REJECTED', reason: 'Nota cancelada' }, ofSul);

    type Page = { content: { id: string; type: string; data: { batch: { id: number } } }[]; next: string };
    const seen: [string, number][] = [];
    let cursor = start;
    for (;;) {
      const page = (await events(`?after=${cursor}&limit=1`, ofSul)).json() as Page;
      if (page.content.length === 0) {
        expect(page.next).toBe(cursor);
        break;
      }
      seen.push(...page.content.map((event) => [event.type, event.data.batch.id] as [string, number]));
      cursor = page.next;
    }
    expect(seen).toEqual([
      ['batch.requested', a1.id],
      ['batch.requested', a2.id],
      ['batch.paid', a1.id],
      ['batch.rejected', a2.id],
    ]);
    // The whole page at once says the same; others' events that come later do not hold its next one back.
    const whole = (await events(`?after=${start}`, ofSul)).json() as Page;
    expect(whole.content.map((event) => event.id)).toHaveLength(4);
    expect(whole.next).toBe(cursor);
    await newBatch(1);
    const a3 = await newBatch(1);
    await fundRequests(t.db, sul, [a3.id]);
    await newBatch(1);
    const later = (await events(`?after=${cursor}`, ofSul)).json() as Page;
    expect(later.content.map((event) => [event.type, event.data.batch.id])).toEqual([
      ['batch.requested', a3.id],
    ]);
    // The platform's client still reads every event.
    const all = (await events(`?after=${start}&limit=500`, reader)).json() as Page;
    expect(all.content).toHaveLength(11);
  });
});
