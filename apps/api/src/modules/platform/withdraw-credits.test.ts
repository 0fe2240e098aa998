import {
  buildPath,
  type Credit,
  errorBody,
  estimateCreditsCall,
  listCreditsCall,
  listMyProgramsCall,
  listUnavailableCreditsCall,
  type UnavailableCreditPage,
  withdrawCreditsCall,
} from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import { credit, smallDocument } from '../../../test/import-documents';
import { machineToken } from '../../../test/machine-clients';
import { batches, credits, programProviders } from '../../db/schema';
import { importDocument } from '../imports';
import { withdrawCreditsIn } from './withdraw-credits';

/*
 * POST /api/platform/v1/credits/withdraw (docs/product/platform-api.md#withdraw): the buyer cancelled invoices or
 * paid them another way, so the client's organization's AVAILABLE credits become UNAVAILABLE: out of the credit
 * list and the prices at once, in the "not available" list as withdrawn; all or nothing, refused for a credit in
 * a live request (409) or a ref the organization does not have (400, whoever has it), idempotent.
 */

const t = await buildTestApp();
// Acme: the small document's supplier and participation pp1, with credits to withdraw, an imported UNAVAILABLE
// one, and one in a REQUESTED and one in a PAID request (imported past requests).
const acmeDoc = smallDocument();
const refs = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8', 'w9'];
acmeDoc.credits.push(
  ...refs.map((ref, i) => credit(ref, `${100 * (i + 1)}.00`)),
  { ...credit('u1', '50.00'), status: 'UNAVAILABLE' },
  { ...credit('r1', '70.00'), status: 'REQUESTED' },
  { ...credit('pd1', '80.00'), status: 'PAID' },
);
const past = {
  programProvider: 'pp1',
  requestedAt: '2026-03-02T10:00:00-03:00',
  requestedBy: 'supplier@example.test',
};
Object.assign(acmeDoc, {
  batches: [
    { ...past, ref: 'b-requested', credits: ['r1'], status: 'REQUESTED' },
    { ...past, ref: 'b-paid', credits: ['pd1'], status: 'PAID', settledAt: '2026-03-03T10:00:00-03:00' },
  ],
});
// Other: the same shape with its own participation, a credit with the same ref as one of Acme's, and one only it has.
const otherDoc = smallDocument();
otherDoc.organizations[0]!.slug = 'other';
for (const kind of ['buyers', 'companies', 'users', 'programs', 'invites'] as const)
  for (const entry of otherDoc[kind]) entry.organization = 'other';
otherDoc.programProviders[0]!.ref = 'pp-other';
otherDoc.credits = ['w1', 'only-other'].map((ref) => ({
  ...credit(ref, '10.00'),
  programProvider: 'pp-other',
}));
otherDoc.users[0]!.email = 'supplier@other.test';
otherDoc.invites = [];
await importDocument(t.db, acmeDoc, { clock: t.clock, notify: false });
await importDocument(t.db, otherDoc, { clock: t.clock, notify: false });

const [acme, other] = [1, 2];
const client = await machineToken(t, acme, ['credits:write']);
const supplier = await loginAs(t.app, {
  login: 'supplier@example.test',
  password: 'secret-pass',
  organization: 'acme',
});
const url = buildPath(withdrawCreditsCall);
const [pp] = await t.db.select().from(programProviders).where(eq(programProviders.organizationId, acme));

function withdraw(body: unknown, headers: Record<string, string> = client) {
  return t.app.inject({ method: 'POST', url, payload: body as object, headers });
}

async function creditsOf(organizationId: number, refList: string[]) {
  const rows = await t.db
    .select({ id: credits.id, ref: credits.ref, status: credits.status })
    .from(credits)
    .where(and(eq(credits.organizationId, organizationId), inArray(credits.ref, refList)));
  return Object.fromEntries(rows.map((row) => [row.ref, row]));
}
const statusesOf = async (organizationId: number, refList: string[]) =>
  Object.fromEntries(
    Object.entries(await creditsOf(organizationId, refList)).map(([ref, row]) => [ref, row.status]),
  );
const idOf = async (ref: string) => (await creditsOf(acme, [ref]))[ref]!.id;

/** What the supplier sees: the credit list (ids and total), the "not available" list, the programs' value. */
async function supplierView() {
  const list = await injectCall(t.app, listCreditsCall, {
    params: { programProviderId: pp!.id },
    query: { size: 100 },
    headers: supplier,
  });
  const unavailable = await injectCall(t.app, listUnavailableCreditsCall, {
    params: { programProviderId: pp!.id },
    query: { size: 100 },
    headers: supplier,
  });
  const programs = await injectCall(t.app, listMyProgramsCall, { headers: supplier });
  expect([list.statusCode, unavailable.statusCode, programs.statusCode]).toEqual([200, 200, 200]);
  return {
    offered: (list.json().content as Credit[]).map((c) => c.id),
    total: list.json().totalElements as number,
    notAvailable: (unavailable.json() as UnavailableCreditPage).content.map(({ id, reason }) => ({
      id,
      reason,
    })),
    value: programs.json()[0].value as number,
  };
}

/** The kept count and sum of AVAILABLE credits (triggers) against a real count and sum. */
async function expectCachedSumsRight() {
  const { rows } = await t.db.execute<{ kept: string; counted: string }>(sql`
    select pp.available_credits || '/' || pp.available_value_cents as kept,
      (select count(*) || '/' || coalesce(sum(original_value_cents), 0) from credits c
        where c.program_provider_id = pp.id and c.status = 'AVAILABLE') as counted
    from program_providers pp`);
  for (const row of rows) expect(row.kept).toBe(row.counted);
}

describe('POST /api/platform/v1/credits/withdraw', () => {
  it('takes the credits out of the list and the prices at once, into the "not available" list as withdrawn', async () => {
    const [w1, w2] = [await idOf('w1'), await idOf('w2')];
    const before = await supplierView();
    expect(before.offered).toEqual(expect.arrayContaining([w1, w2]));
    const estimate = await injectCall(t.app, estimateCreditsCall, { headers: supplier, body: [w1] });
    expect(estimate.statusCode).toBe(200);

    const res = await withdraw({ refs: ['w1', 'w2'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ withdrawn: 2, alreadyWithdrawn: 0 });

    const after = await supplierView();
    expect(after.offered).not.toContain(w1);
    expect(after.offered).not.toContain(w2);
    expect(after.total).toBe(before.total - 2);
    expect(after.value).toBeCloseTo(before.value - 300, 2); // w1 100.00 + w2 200.00
    expect(after.notAvailable).toEqual(
      expect.arrayContaining([
        { id: w1, reason: 'credit.reason.withdrawn' },
        { id: w2, reason: 'credit.reason.withdrawn' },
      ]),
    );
    const priced = await injectCall(t.app, estimateCreditsCall, { headers: supplier, body: [w1] });
    expect(priced.statusCode).toBe(400);
    expect(priced.json()).toEqual(errorBody('error.credit.notfound'));
    const requested = await postBatch(t.app, supplier, [w2]);
    expect(requested.statusCode).toBe(400);
    expect(requested.json()).toEqual(errorBody('error.credit.notfound'));
    // The other organization's credit of the same ref is its own, untouched.
    expect(await statusesOf(other, ['w1'])).toEqual({ w1: 'AVAILABLE' });
    await expectCachedSumsRight();
  });

  it('counts credits already UNAVAILABLE as already withdrawn and changes nothing of them', async () => {
    const res = await withdraw({ refs: ['w1', 'w3', 'u1'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ withdrawn: 1, alreadyWithdrawn: 2 });
    expect(await statusesOf(acme, ['w1', 'w3', 'u1'])).toEqual({
      w1: 'UNAVAILABLE',
      w3: 'UNAVAILABLE',
      u1: 'UNAVAILABLE',
    });
    await expectCachedSumsRight();
  });

  it('refuses with 409 naming the credits in a live request (REQUESTED or PAID), and changes nothing', async () => {
    const before = await supplierView();
    const res = await withdraw({ refs: ['w4', 'r1', 'pd1'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      httpStatus: 409,
      message: 'error.credit.wrongStatus',
      code: 'error.credit.wrongStatus',
      fieldErrors: [
        { field: 'refs.1', message: 'validation.batch.creditInLiveBatch' },
        { field: 'refs.2', message: 'validation.batch.creditInLiveBatch' },
      ],
      error_description: 'error.credit.wrongStatus',
    });
    expect(await statusesOf(acme, ['w4', 'r1', 'pd1'])).toEqual({
      w4: 'AVAILABLE',
      r1: 'REQUESTED',
      pd1: 'PAID',
    });
    expect(await supplierView()).toEqual(before);
  });

  it('refuses refs the organization does not have with 400, the same bytes whether another organization has them', async () => {
    const res = await withdraw({ refs: ['w4', 'nowhere', 'only-other', 'r1'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      httpStatus: 400,
      message: 'error.credit.notfound',
      code: 'error.credit.notfound',
      fieldErrors: [
        { field: 'refs.1', message: 'validation.invalid' },
        { field: 'refs.2', message: 'validation.invalid' },
      ],
      error_description: 'error.credit.notfound',
    });
    const othersOnly = await withdraw({ refs: ['only-other'] });
    const nowhere = await withdraw({ refs: ['nowhere-at-all'] });
    expect(othersOnly.statusCode).toBe(400);
    expect(othersOnly.body).toBe(nowhere.body);
    expect(await statusesOf(acme, ['w4'])).toEqual({ w4: 'AVAILABLE' });
    expect(await statusesOf(other, ['only-other'])).toEqual({ 'only-other': 'AVAILABLE' });
  });

  it('validates the body: 1 to 10,000 refs, each once, no other field', async () => {
    const cases: [unknown, { field: string; message: string }[]][] = [
      [{ refs: [] }, [{ field: 'refs', message: 'validation.required' }]],
      [{}, [{ field: 'refs', message: 'validation.required' }]],
      [{ refs: ['w4', 'w5', 'w4'] }, [{ field: 'refs.2', message: 'validation.ref.duplicate' }]],
      [{ refs: ['w4', ''] }, [{ field: 'refs.1', message: 'validation.required' }]],
      [{ refs: ['x'.repeat(101)] }, [{ field: 'refs.0', message: 'validation.text.max' }]],
      [{ refs: ['w4'], all: true }, [{ field: 'all', message: 'validation.unknownField' }]],
      [
        { refs: Array.from({ length: 10_001 }, (_, i) => `n${i}`) },
        [{ field: 'refs', message: 'validation.ids.max' }],
      ],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await withdraw(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual(errorBody('error.validation', fieldErrors));
    }
    expect(await statusesOf(acme, ['w4', 'w5'])).toEqual({ w4: 'AVAILABLE', w5: 'AVAILABLE' });
  });

  it('takes 10,000 refs of 100 characters in one call (past the 1 MiB of other calls)', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `${i}`.padStart(100, 'r'));
    const res = await withdraw({ refs: [...many.slice(1), 'w4'] });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json();
    expect(fieldErrors).toHaveLength(9_999);
    expect(fieldErrors.at(-1)).toEqual({ field: 'refs.9998', message: 'validation.invalid' });
  });

  it('replays the first answer for the same Idempotency-Key and body; another body under it is 422', async () => {
    const headers = { ...client, 'idempotency-key': 'withdraw-2026-03-10' };
    const first = await withdraw({ refs: ['w5'] }, headers);
    expect(first.json()).toEqual({ withdrawn: 1, alreadyWithdrawn: 0 });
    const again = await withdraw({ refs: ['w5'] }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json()); // not "1 already withdrawn": it did not run again
    const conflict = await withdraw({ refs: ['w6'] }, headers);
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json()).toEqual(errorBody('error.idempotency.conflict'));
    expect(await statusesOf(acme, ['w6'])).toEqual({ w6: 'AVAILABLE' });

    // A refused call records nothing: corrected, it goes through under its key.
    const retried = { ...client, 'idempotency-key': 'withdraw-retried' };
    expect((await withdraw({ refs: ['w6', 'r1'] }, retried)).statusCode).toBe(409);
    const corrected = await withdraw({ refs: ['w6'] }, retried);
    expect(corrected.json()).toEqual({ withdrawn: 1, alreadyWithdrawn: 0 });

    const parallel = await Promise.all(
      [1, 2, 3].map(() => withdraw({ refs: ['w7'] }, { ...client, 'idempotency-key': 'parallel' })),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(parallel.map((r) => r.json())).toEqual(Array(3).fill({ withdrawn: 1, alreadyWithdrawn: 0 }));
    await expectCachedSumsRight();
  });

  it('answers 401 without a token, 403 to a person’s token and 403 naming the scope a machine token lacks', async () => {
    expect((await withdraw({ refs: ['w8'] }, {})).json()).toEqual(errorBody('error.http.unauthorized'));
    const byPerson = await withdraw({ refs: ['w8'] }, supplier);
    expect(byPerson.statusCode).toBe(403);
    expect(byPerson.json()).toEqual(errorBody('error.http.forbidden'));
    const importer = await withdraw({ refs: ['w8'] }, await machineToken(t, acme, ['imports:write']));
    expect(importer.statusCode).toBe(403);
    expect(importer.json()).toEqual({ ...errorBody('error.http.forbidden'), scope: 'credits:write' });
    expect(importer.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="credits:write"',
    );
    expect(await statusesOf(acme, ['w8'])).toEqual({ w8: 'AVAILABLE' });
  });

  it('a client of another organization cannot withdraw this one’s credits', async () => {
    const res = await withdraw({ refs: ['w8'] }, await machineToken(t, other, ['credits:write']));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorBody('error.credit.notfound', [{ field: 'refs.0', message: 'validation.invalid' }]),
    );
    expect(await statusesOf(acme, ['w8'])).toEqual({ w8: 'AVAILABLE' });
  });
});

/** Resolves once some session waits on a row lock (the racing call reached the locked rows). */
async function someoneWaitsOnALock() {
  for (let i = 0; i < 200; i++) {
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where wait_event in ('transactionid', 'tuple') and datname = current_database()`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no session ever waited on a lock');
}

/** Opens a transaction, runs `hold` in it, and keeps it open until the returned `commit` is called. */
async function holdTransaction(hold: Parameters<typeof t.db.transaction>[0]) {
  let commit!: () => void;
  const released = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let held!: () => void;
  const ready = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = t.db.transaction(async (tx) => {
    await hold(tx);
    held();
    await released;
  });
  await ready;
  return async () => {
    commit();
    await done;
  };
}

describe('a withdrawal racing a supplier’s request', () => {
  it('waits for a request holding the credit, then refuses with 409', async () => {
    const id = await idOf('w8');
    // A request's claim (claim-batch.ts) in flight: the row locked and REQUESTED, not yet committed.
    const commit = await holdTransaction(async (tx) => {
      await tx.execute(sql`select id from credits where id = ${id} for update`);
      await tx.update(credits).set({ status: 'REQUESTED' }).where(eq(credits.id, id));
    });
    const racing = withdraw({ refs: ['w8'] });
    await someoneWaitsOnALock();
    await commit();
    const res = await racing;
    expect(res.statusCode).toBe(409);
    expect(res.json().fieldErrors).toEqual([
      { field: 'refs.0', message: 'validation.batch.creditInLiveBatch' },
    ]);
    await expectCachedSumsRight();
  });

  it('makes a request that waited on it find the credit gone', async () => {
    const id = await idOf('w9');
    const commit = await holdTransaction(async (tx) => {
      expect(await withdrawCreditsIn(tx, { organizationId: acme, refs: ['w9'], now: t.clock.now() })).toEqual(
        {
          withdrawn: 1,
          alreadyWithdrawn: 0,
        },
      );
    });
    const racing = postBatch(t.app, supplier, [id]);
    await someoneWaitsOnALock();
    await commit();
    const res = await racing;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.credit.notfound'));
    expect(await statusesOf(acme, ['w9'])).toEqual({ w9: 'UNAVAILABLE' });
    const held = await t.db.execute(sql`select 1 from batch_credits where credit_id = ${id}`);
    expect(held.rows).toEqual([]);
    expect(await t.db.$count(batches)).toBe(2); // the two imported ones only
    await expectCachedSumsRight();
  });
});
