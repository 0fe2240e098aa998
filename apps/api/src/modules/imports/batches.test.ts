import {
  cancelBatchCall,
  type Estimate,
  estimateCreditsCall,
  getBatchCall,
  listInboxCall,
  wireToCents,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { countRows, credit, smallDocument } from '../../../test/import-documents';
import { batchCredits, batches, credits, programProviders } from '../../db/schema';
import { frozenClock } from '../../lib/clock';
import { importDocument } from './import-document';
import { ImportError } from './import-error';

/*
 * Past requests in the import file (docs/import-format.md#past-requests), the participation's canCancel, and
 * the CREDITS_ARRIVED notice an import sends. One database, the cases in order: each builds on the last.
 */

const t = await buildTestApp();
const clock = frozenClock(TEST_NOW);
const supplier = { login: 'supplier@example.test', password: 'secret-pass' };

/** The small document with more credits and a second program where the same company takes part. */
function baseDocument() {
  const doc = smallDocument();
  const due = (ref: string, value: string, expireDate: string) => ({ ...credit(ref, value), expireDate });
  doc.credits.push(
    due('k4', '4200.00', '2026-04-30'),
    due('k5', '18000.00', '2026-05-15'),
    due('k6', '930.55', '2026-06-01'),
    due('k7', '1200.00', '2026-02-11'),
  );
  doc.programs.push({ ...doc.programs[0]!, ref: 'p2', name: 'Programa Obras', color: '#8e24aa' });
  doc.programProviders.push({ ...doc.programProviders[0]!, ref: 'pp2', program: 'p2' });
  doc.credits.push({ ...credit('x1', '5000.00'), programProvider: 'pp2', expireDate: '2026-05-01' });
  return { ...doc, invites: [] };
}

const past = {
  paid: {
    ref: 'r1',
    programProvider: 'pp1',
    credits: ['k1', 'k2'],
    requestedAt: '2026-02-10T11:00:00-03:00',
    requestedBy: 'supplier@example.test',
    status: 'PAID',
    settledAt: '2026-02-11T10:00:00-03:00',
    rejectionReason: null,
  },
  rejected: {
    ref: 'r2',
    programProvider: 'pp1',
    credits: ['k3'],
    requestedAt: '2026-02-12T15:00:00-03:00',
    requestedBy: 'Supplier@Example.test',
    status: 'REJECTED',
    settledAt: '2026-02-13T09:00:00-03:00',
    rejectionReason: 'Nota fiscal divergente do pedido.',
  },
  cancelled: {
    ref: 'r3',
    programProvider: 'pp1',
    credits: ['k4'],
    requestedAt: '2026-02-20T09:00:00-03:00',
    requestedBy: 'supplier@example.test',
    status: 'CANCELLED',
    settledAt: '2026-02-20T09:10:00-03:00',
  },
  open: {
    ref: 'r4',
    programProvider: 'pp1',
    credits: ['k6', 'k5'],
    requestedAt: '2026-03-09T17:00:00-03:00',
    requestedBy: 'supplier@example.test',
    status: 'REQUESTED',
  },
} as const;
type PastBatch = Record<string, unknown>;
const history: PastBatch[] = [past.paid, past.rejected, past.cancelled, past.open];

async function creditIds(...refs: string[]) {
  const rows = await t.db.select({ id: credits.id, ref: credits.ref }).from(credits);
  const ids = new Map(rows.map((r) => [r.ref, r.id]));
  return refs.map((ref) => ids.get(ref)!);
}

async function batchByRef(ref: string) {
  const [row] = await t.db.select().from(batches).where(eq(batches.ref, ref));
  return row!;
}

async function statuses() {
  const rows = await t.db.select({ ref: credits.ref, status: credits.status }).from(credits);
  return Object.fromEntries(rows.map((r) => [r.ref, r.status]));
}

async function eventMailJobs() {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'event-mail'`,
  );
  return rows[0]!.n;
}

/** Imports a document that must be refused; nothing may change. */
async function expectRejected(doc: unknown, message: RegExp) {
  const before = await countRows(t.db);
  const error = await importDocument(t.db, doc, { clock }).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ImportError);
  expect((error as ImportError).message).toMatch(message);
  expect(await countRows(t.db)).toEqual(before);
}

describe('credits arriving', () => {
  it('tells the company’s users once per program provider of the credits an import creates, in one e-mail', async () => {
    await importDocument(t.db, baseDocument(), { clock });
    const auth = await loginAs(t.app, supplier);
    const inbox = (await injectCall(t.app, listInboxCall, { headers: auth })).json() as {
      content: { type: string; title: string; message: string; batchId: number | null }[];
      unread: number;
    };
    expect(inbox.unread).toBe(2);
    expect(inbox.content.map((i) => [i.type, i.title, i.message, i.batchId]).sort()).toEqual([
      [
        'CREDITS_ARRIVED',
        'Novos títulos disponíveis',
        '1 novo(s) título(s) no programa Programa Obras.',
        null,
      ],
      [
        'CREDITS_ARRIVED',
        'Novos títulos disponíveis',
        '7 novo(s) título(s) no programa Programa Principal.',
        null,
      ],
    ]);
    const { rows } = await t.db.execute<{ params: Record<string, unknown> }>(
      sql`select params from inbox_items order by params->>'programName' desc`,
    );
    expect(rows.map((r) => r.params)).toEqual([
      { count: 7, programName: 'Programa Principal', value: 60112.72 },
      { count: 1, programName: 'Programa Obras', value: 5000 },
    ]);
    // One e-mail for the import, through the outbox, naming both programs.
    expect(await eventMailJobs()).toBe(1);
    expect(await t.deliverMails()).toBe(1);
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['supplier@example.test', 'Novos títulos disponíveis – Acme Platform'],
    ]);
    expect(t.mailer.sent[0]!.text).toContain(
      'Programa Programa Principal · Supplier Ltda: 7 títulos, R$\u00a060.112,72\n' +
        'Programa Programa Obras · Supplier Ltda: 1 título, R$\u00a05.000,00',
    );
    const { rows: mailed } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from inbox_items where mailed_at is not null`,
    );
    expect(mailed[0]!.n).toBe(2);
  });

  it('says nothing of credits it only updates, nor when asked not to', async () => {
    await importDocument(t.db, baseDocument(), { clock });
    await importDocument(t.db, { credits: [credit('k8', '77.00')] }, { clock, notify: false });
    expect(await countRows(t.db)).toMatchObject({ inbox_items: 2, credits: 9 });
    await importDocument(t.db, { credits: [credit('k9', '23.00')] }, { clock });
    expect(await countRows(t.db)).toMatchObject({ inbox_items: 3 });
    expect(await eventMailJobs()).toBe(2);
  });
});

describe('past requests', () => {
  let frozenByEstimateCall: Estimate;

  it('freezes exactly what the estimate call answered at requestedAt', async () => {
    // The estimate of k1 and k2 as the supplier saw it on 10 February at 11:00, before any request.
    t.clock.set(new Date(past.paid.requestedAt));
    const auth = await loginAs(t.app, supplier);
    const res = await injectCall(t.app, estimateCreditsCall, {
      headers: auth,
      body: await creditIds('k1', 'k2'),
    });
    expect(res.statusCode).toBe(200);
    frozenByEstimateCall = res.json();
    t.clock.set(TEST_NOW);

    const result = await importDocument(t.db, { batches: history }, { clock });
    expect(result.counts.batches).toEqual({ created: 4, updated: 0 });
    const paid = await batchByRef('r1');
    expect(paid.estimate).toEqual(frozenByEstimateCall);
    expect(paid).toMatchObject({
      status: 'PAID',
      netValueCents: wireToCents(frozenByEstimateCall.total),
      originalValueCents: 3543217n,
      paymentDate: '2026-02-11',
      daysToPay: 1,
      createdAt: new Date(past.paid.requestedAt),
      updatedAt: new Date(past.paid.settledAt),
      idempotencyKey: null,
      // The company's account as the file gives it (docs/product/requests.md#bank-account).
      bankCode: '341',
      bankBranch: '1234',
      bankAccount: '12345-6',
    });
    const rows = await t.db
      .select({ anticipation: batchCredits.anticipationCents, live: batchCredits.live })
      .from(batchCredits)
      .where(eq(batchCredits.batchId, paid.id));
    expect(rows.reduce((sum, r) => sum + r.anticipation, 0n)).toBe(paid.netValueCents);
    expect(rows.every((r) => r.live)).toBe(true);
  });

  it('gives its credits the matching status, records who did what and when, and keeps it in the notification centre without e-mails', async () => {
    expect(await statuses()).toMatchObject({
      k1: 'PAID',
      k2: 'PAID',
      k3: 'AVAILABLE',
      k4: 'AVAILABLE',
      k5: 'REQUESTED',
      k6: 'REQUESTED',
    });
    const auth = await loginAs(t.app, supplier);
    const detail = async (ref: string) =>
      (
        await injectCall(t.app, getBatchCall, { params: { id: (await batchByRef(ref)).id }, headers: auth })
      ).json() as {
        status: string;
        rejectionReason: string | null;
        cancellable: boolean;
        events: { status: string; at: string; by: string | null }[];
      };
    const when = (events: { status: string; at: string; by: string | null }[]) =>
      events.map((e) => [e.status, Date.parse(e.at), e.by]);
    const rejected = await detail('r2');
    expect(rejected.rejectionReason).toBe('Nota fiscal divergente do pedido.');
    expect(when(rejected.events)).toEqual([
      ['REQUESTED', Date.parse(past.rejected.requestedAt), 'Ana'],
      ['REJECTED', Date.parse(past.rejected.settledAt), null],
    ]);
    expect(when((await detail('r3')).events)).toEqual([
      ['REQUESTED', Date.parse(past.cancelled.requestedAt), 'Ana'],
      ['CANCELLED', Date.parse(past.cancelled.settledAt), 'Ana'],
    ]);
    const open = await detail('r4');
    expect([open.status, open.cancellable, when(open.events)]).toEqual([
      'REQUESTED',
      false, // made yesterday
      [['REQUESTED', Date.parse(past.open.requestedAt), 'Ana']],
    ]);
    // The history enters the notification centre, one item per event, the last week's unread (the open request,
    // made yesterday), and no e-mail beyond the two imports' arrivals before it.
    expect(await countRows(t.db)).toMatchObject({ inbox_items: 3 + 7, batch_audit: 4, batch_events: 7 });
    expect(await eventMailJobs()).toBe(2);
    const history = await t.db.execute<{ type: string; unread: boolean; at: string }>(
      sql`select type, read_at is null as unread, created_at as at from inbox_items
          where batch_id is not null order by created_at`,
    );
    expect(history.rows.map((row) => [row.type, row.unread])).toEqual([
      ['BATCH_REQUESTED', false],
      ['BATCH_PAID', false],
      ['BATCH_REQUESTED', false],
      ['BATCH_REJECTED', false],
      ['BATCH_REQUESTED', false],
      ['BATCH_CANCELLED', false],
      ['BATCH_REQUESTED', true],
    ]);
  });

  it('leaves an imported request alone when the file comes again: not re-priced, not moved', async () => {
    const before = await countRows(t.db);
    const [paid, open] = [await batchByRef('r1'), await batchByRef('r4')];
    // The program's rates moved since, and the file now says other things of two of its requests.
    const doc = {
      ...baseDocument(),
      batches: [
        { ...past.paid, credits: ['k1'] },
        past.rejected,
        past.cancelled,
        { ...past.open, status: 'PAID', settledAt: '2026-03-10T09:00:00-03:00' },
      ],
    };
    doc.programs[0]!.monthlyRate = '0.045';
    const result = await importDocument(t.db, doc, { clock });
    expect(result.counts.batches).toEqual({ created: 0, updated: 4 });
    expect(await countRows(t.db)).toEqual(before);
    expect(await batchByRef('r1')).toEqual(paid);
    expect(await batchByRef('r4')).toEqual(open);
    expect(await statuses()).toMatchObject({ k1: 'PAID', k2: 'PAID', k5: 'REQUESTED', k6: 'REQUESTED' });
  });

  it('takes a released credit again in a new request, and keeps the one a live request holds', async () => {
    const again = {
      ...past.paid,
      ref: 'r5',
      credits: ['k3'],
      requestedAt: '2026-02-16T10:00:00-03:00',
      settledAt: '2026-02-17T10:00:00-03:00',
    };
    const late = { ...past.rejected, ref: 'r6', credits: ['k5'] };
    await importDocument(t.db, { batches: [again, late] }, { clock });
    expect(await statuses()).toMatchObject({ k3: 'PAID', k5: 'REQUESTED' });
  });

  it('puts a credit no live request holds back on the list without the price it had before', async () => {
    const k4 = eq(credits.ref, 'k4');
    await t.db
      .update(credits)
      .set({ status: 'REQUESTED', pricedFor: '2026-03-11', discountedCents: 15n, anticipationCents: 985n })
      .where(k4);
    await importDocument(t.db, { batches: [{ ...past.cancelled, ref: 'r7' }] }, { clock });
    const [row] = await t.db
      .select({
        status: credits.status,
        pricedFor: credits.pricedFor,
        anticipation: credits.anticipationCents,
      })
      .from(credits)
      .where(k4);
    expect(row).toEqual({ status: 'AVAILABLE', pricedFor: null, anticipation: null });
  });
});

describe('a past request’s bank account', () => {
  const accountOf = async (ref: string) => {
    const { bankCode, bankBranch, bankAccount } = await batchByRef(ref);
    return { bankCode, bankBranch, bankAccount };
  };
  const importWith = (bankAccount: { bank: string; branch: string; account: string } | null, ref: string) =>
    importDocument(
      t.db,
      {
        companies: [{ ...smallDocument().companies[0]!, bankAccount }],
        batches: [{ ...past.cancelled, ref, credits: ['k8'] }],
      },
      { clock },
    );

  it('is the company’s as the import leaves it, none when it has none; an earlier request keeps its own', async () => {
    await importWith({ bank: '001', branch: '4321', account: '99887-6' }, 'r8');
    expect(await accountOf('r8')).toEqual({ bankCode: '001', bankBranch: '4321', bankAccount: '99887-6' });
    await importWith(null, 'r9');
    expect(await accountOf('r9')).toEqual({ bankCode: null, bankBranch: null, bankAccount: null });
    expect(await accountOf('r8')).toEqual({ bankCode: '001', bankBranch: '4321', bankAccount: '99887-6' });
    expect(await accountOf('r1')).toEqual({ bankCode: '341', bankBranch: '1234', bankAccount: '12345-6' });
    await importDocument(t.db, { companies: smallDocument().companies }, { clock });
  });
});

describe('a past request is refused, naming it, when', () => {
  const batch = (patch: PastBatch) => ({ batches: [{ ...past.open, ref: 'bad', ...patch }] });

  it('a credit is already in a live request of the database', async () => {
    await expectRejected(
      batch({ credits: ['k9', 'k5'] }),
      /^batches\[0\]\.credits\[1\]: credit "k5" is already in live request \d+ \("r4"\), REQUESTED, in the database/,
    );
  });

  it('two live requests of the file hold one credit', async () => {
    await expectRejected(
      {
        batches: [
          { ...past.open, ref: 'b1', credits: ['k9'] },
          { ...past.paid, ref: 'b2', credits: ['k9'] },
        ],
      },
      /^batches\[1\]\.credits\[0\]: validation\.batch\.creditInLiveBatch/,
    );
  });

  it('a credit is another program provider’s, or unknown', async () => {
    await expectRejected(
      batch({ credits: ['x1'] }),
      /^batches\[0\]\.credits\[0\]: credit "x1" is not of program provider "pp1"/,
    );
    await expectRejected(
      batch({ credits: ['nope'] }),
      /^batches\[0\]\.credits\[0\]: no credit with ref "nope" in organization "acme"$/,
    );
  });

  it('the user is unknown, or not of the company', async () => {
    await expectRejected(
      batch({ requestedBy: 'someone@example.test' }),
      /^batches\[0\]\.requestedBy: no user with login "someone@example.test" in organization "acme"$/,
    );
    await importDocument(
      t.db,
      {
        companies: [{ ...smallDocument().companies[0]!, ref: 'c2', identification: '11222333000181' }],
        users: [
          {
            ...smallDocument().users[0]!,
            email: 'other@example.test',
            companies: ['c2'],
            defaultCompany: 'c2',
          },
        ],
      },
      { clock },
    );
    await expectRejected(
      batch({ requestedBy: 'other@example.test', credits: ['k9'] }),
      /^batches\[0\]\.requestedBy: user "other@example.test" is not a member of company "c1"$/,
    );
  });

  it('it is dated after the import', async () => {
    await expectRejected(
      batch({ credits: ['k9'], requestedAt: '2026-03-10T10:00:01-03:00' }),
      /^batches\[0\]\.requestedAt: a past request cannot be dated after the import/,
    );
  });

  it('a credit was too close to its due date to be advanced then', async () => {
    await expectRejected(
      batch({ credits: ['k7'], requestedAt: '2026-02-10T11:00:00-03:00' }),
      /^batches\[0\]\.credits\[0\]: credit "k7" is due 2026-02-11, too close to the payment date 2026-02-11 .* \(error\.credit\.invalid\)$/,
    );
  });
});

describe('canCancel', () => {
  it('is written with the participation, true unless the file says false', async () => {
    const auth = await loginAs(t.app, supplier);
    const cancel = async () => {
      const res = await injectCall(t.app, cancelBatchCall, {
        params: { id: (await batchByRef('r4')).id },
        headers: auth,
        body: {},
      });
      return [res.statusCode, res.json().code];
    };
    const pp1 = baseDocument().programProviders[0]!;
    await importDocument(t.db, { programProviders: [{ ...pp1, canCancel: false }] }, { clock });
    const stored = async () =>
      (
        await t.db
          .select({ canCancel: programProviders.canCancel })
          .from(programProviders)
          .where(eq(programProviders.ref, 'pp1'))
      )[0]!.canCancel;
    expect(await stored()).toBe(false);
    expect(await cancel()).toEqual([400, 'error.provider.cannotCancel']);
    await importDocument(t.db, { programProviders: [pp1] }, { clock });
    expect(await stored()).toBe(true);
    // Allowed again; this request was made yesterday, so it is now past its cancelling time.
    expect(await cancel()).toEqual([400, 'error.batch.wrongStatus']);
  });
});
