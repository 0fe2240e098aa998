import {
  buildPath,
  buildQuery,
  cancelBatchCall,
  errorBody,
  getPlatformBatchCall,
  listPlatformBatchesCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createCreditIds, createSupplier, type Supplier } from '../../../test/estimates-factories';
import { createFunder, fundRequests, offeringFunder } from '../../../test/funders-factories';
import { funderToken, machineToken } from '../../../test/machine-clients';
import { settleBatch } from '../batches/settle-batch';

/*
 * GET /api/platform/v1/batches and …/batches/{id} (docs/product/platform-api.md#batches): the funder reads the
 * organization's requests with scope batches:read; the cursor, the status filter, the detail with the whole bank
 * account and the frozen figures, and who may call them.
 */

const t = await buildTestApp({}, { keepLogs: true });
const bank = { bank: '237', branch: '0472', account: '0098765-4' };
const acme = await createSupplier(t.app, t.db, {
  company: {
    name: 'Fornecedora Alfa Ltda',
    bankCode: bank.bank,
    bankBranch: bank.branch,
    bankAccount: bank.account,
  },
});
const other = await createSupplier(t.app, t.db);

async function request(supplier: Supplier, creditIds: number[]): Promise<number> {
  t.clock.advance(60_000);
  const res = await postBatch(t.app, supplier.headers, creditIds);
  if (res.statusCode !== 200) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

// Seven requests of acme, a minute apart; the first of two credits of known refs, the others of one. The other
// organization's request falls between acme's third and fourth, so the cursor steps over an id it must not show.
const [due1, due2] = await createCredits(t.db, acme.pp, [
  { ref: 'nf-1001-1', nfNumber: '1001', originalValueCents: 100_000n, expireDate: '2026-04-10' },
  { ref: 'nf-1002-1', nfNumber: '1002', originalValueCents: 250_000n, expireDate: '2026-05-11' },
]);
const ids: number[] = [await request(acme, [due1!.id, due2!.id])];
for (let i = 1; i < 7; i++) {
  if (i === 3) await request(other, await createCreditIds(t.db, other.pp, 1));
  ids.push(await request(acme, await createCreditIds(t.db, acme.pp, 1)));
}
const otherBatchId = ids[2]! + 1;
const pixId = 'E60701190202603101305ABCDE123456';
await settleBatch(t.db, { batchId: ids[1]!, to: 'PAID', paymentReference: pixId, now: t.clock.now() });
await settleBatch(t.db, {
  batchId: ids[3]!,
  to: 'REJECTED',
  reason: 'Documento ilegível',
  now: t.clock.now(),
});
const cancelled = await t.app.inject({
  method: 'POST',
  url: buildPath(cancelBatchCall, { id: ids[5]! }),
  headers: acme.headers,
  payload: {},
});
expect(cancelled.statusCode, cancelled.body).toBe(200);

const reader = await machineToken(t, acme.org.id, ['batches:read']);

function list(query: Record<string, string | number | undefined>, headers: Record<string, string> = reader) {
  return t.app.inject({
    method: 'GET',
    url: `${buildPath(listPlatformBatchesCall)}${buildQuery(query)}`,
    headers,
  });
}
function detail(id: number, headers: Record<string, string> = reader) {
  return t.app.inject({ method: 'GET', url: buildPath(getPlatformBatchCall, { id }), headers });
}
const idsOf = (body: { content: { id: number }[] }) => body.content.map((batch) => batch.id);

describe('GET /api/platform/v1/batches', () => {
  it('pages through the organization’s requests oldest first, the cursor being the last id seen', async () => {
    const first = await list({ limit: 3 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ content: expect.any(Array), next: String(ids[2]) });
    expect(idsOf(first.json())).toEqual(ids.slice(0, 3));
    const second = (await list({ limit: 3, after: first.json().next })).json();
    expect(second.next).toBe(String(ids[5]));
    // The other organization's request (between acme's third and fourth) is stepped over.
    expect(idsOf(second)).toEqual(ids.slice(3, 6));
    expect(idsOf(second)).not.toContain(otherBatchId);
    const third = (await list({ limit: 3, after: second.next })).json();
    expect(third).toEqual({ content: [expect.objectContaining({ id: ids[6] })], next: null });
    // Without a limit, 100: everything at once, and no next page.
    const all = (await list({})).json();
    expect(idsOf(all)).toEqual(ids);
    expect(all.next).toBeNull();
    // Seven exactly filled by the page: the last page still says null, no empty page to fetch.
    expect((await list({ limit: 7 })).json().next).toBeNull();
    expect((await list({ after: ids[6] })).json()).toEqual({ content: [], next: null });
  });

  it('answers each request’s summary: status, company, program, frozen totals in reais', async () => {
    const body = (await list({ limit: 2 })).json();
    const company = {
      ref: acme.company.ref,
      name: 'Fornecedora Alfa Ltda',
      identification: '11444777000161',
    };
    const program = { ref: acme.program.ref, name: 'Programa Principal' };
    expect(body.content).toEqual([
      {
        id: ids[0],
        ref: null,
        status: 'REQUESTED',
        requestedAt: '2026-03-10T13:01:00.000Z',
        paymentDate: '2026-03-11',
        company,
        program,
        funder: null,
        value: 3500,
        discount: 91.25,
        fees: 0,
        iof: 0,
        net: 3408.75,
        creditCount: 2,
        rejectionReason: null,
        paymentReference: null,
      },
      {
        id: ids[1],
        ref: null,
        status: 'PAID',
        requestedAt: '2026-03-10T13:02:00.000Z',
        paymentDate: '2026-03-11',
        company,
        program,
        funder: null,
        value: 1000,
        discount: 15,
        fees: 0,
        iof: 0,
        net: 985,
        creditCount: 1,
        rejectionReason: null,
        paymentReference: pixId,
      },
    ]);
    // The summary never carries the bank account: that is the detail's.
    expect(JSON.stringify(body)).not.toContain(bank.account);
  });

  it('filters by status, the cursor working within the filter', async () => {
    const requested = [ids[0], ids[2], ids[4], ids[6]];
    expect(idsOf((await list({ status: 'REQUESTED' })).json())).toEqual(requested);
    const page = (await list({ status: 'REQUESTED', limit: 2 })).json();
    expect(page).toMatchObject({ next: String(ids[2]) });
    expect(idsOf((await list({ status: 'REQUESTED', after: page.next })).json())).toEqual(requested.slice(2));
    expect((await list({ status: 'PAID' })).json().content).toEqual([
      expect.objectContaining({ id: ids[1], status: 'PAID', paymentReference: pixId }),
    ]);
    expect((await list({ status: 'REJECTED' })).json().content).toEqual([
      expect.objectContaining({ id: ids[3], rejectionReason: 'Documento ilegível', paymentReference: null }),
    ]);
    expect(idsOf((await list({ status: 'CANCELLED' })).json())).toEqual([ids[5]]);
  });

  it('refuses a status, limit or cursor out of bounds with 400', async () => {
    for (const [query, field, message] of [
      [{ status: 'SETTLED' }, 'status', 'validation.invalid'],
      [{ limit: 0 }, 'limit', 'validation.size.invalid'],
      [{ limit: 501 }, 'limit', 'validation.size.invalid'],
      [{ after: -1 }, 'after', 'validation.invalid'],
      [{ after: 'abc' }, 'after', 'validation.invalid'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field, message }]);
    }
    expect((await list({ limit: 500 })).statusCode).toBe(200);
  });
});

describe('GET /api/platform/v1/batches/{id}', () => {
  it('answers the request with its credits’ frozen figures and the whole bank account it was made with', async () => {
    const res = await detail(ids[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: ids[0],
      ref: null,
      status: 'REQUESTED',
      requestedAt: '2026-03-10T13:01:00.000Z',
      paymentDate: '2026-03-11',
      company: {
        ref: acme.company.ref,
        name: 'Fornecedora Alfa Ltda',
        identification: '11444777000161',
        bankAccount: { bank: '237', branch: '0472', account: '0098765-4' },
      },
      program: { ref: acme.program.ref, name: 'Programa Principal' },
      funder: null,
      value: 3500,
      discount: 91.25,
      fees: 0,
      iof: 0,
      net: 3408.75,
      creditCount: 2,
      rejectionReason: null,
      paymentReference: null,
      credits: [
        {
          id: due1!.id,
          ref: 'nf-1001-1',
          nfNumber: '1001',
          nfSerial: '1',
          installmentNumber: 1,
          expireDate: '2026-04-10',
          originalValue: 1000,
          // 1.5 % a month simple over the 30 days from 2026-03-11 to 2026-04-10; no fee, IOF or bank fee.
          discount: 15,
          investorDiscount: 15,
          platformFee: 0,
          dailyIof: 0,
          fixedIof: 0,
          bankFee: 0,
          anticipation: 985,
          days: 30,
          invoiceKey: null,
        },
        {
          id: due2!.id,
          ref: 'nf-1002-1',
          nfNumber: '1002',
          nfSerial: '1',
          installmentNumber: 1,
          expireDate: '2026-05-11',
          originalValue: 2500,
          // 61 days: 2500 × 1.5 % × 61 / 30.
          discount: 76.25,
          investorDiscount: 76.25,
          platformFee: 0,
          dailyIof: 0,
          fixedIof: 0,
          bankFee: 0,
          anticipation: 2423.75,
          days: 61,
          invoiceKey: null,
        },
      ],
    });
  });

  it('keeps the figures frozen at request time and shows the settlement', async () => {
    expect((await detail(ids[3]!)).json()).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Documento ilegível',
      net: 985,
      credits: [expect.objectContaining({ anticipation: 985 })],
    });
    expect((await detail(ids[1]!)).json()).toMatchObject({ status: 'PAID', paymentReference: pixId });
  });

  it('takes an id of decimal digits only ("1e1" is not request 10)', async () => {
    for (const id of ['1e1', '0x1', '99999999999999999999']) {
      const res = await t.app.inject({ url: buildPath(getPlatformBatchCall, { id }), headers: reader });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual(
        errorBody('error.validation', [{ field: 'id', message: 'validation.id.invalid' }]),
      );
    }
  });

  it('answers another organization’s request exactly like one that does not exist', async () => {
    const theirs = await detail(otherBatchId);
    const nowhere = await detail(999_999);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(errorBody('error.batch.notFound'));
    expect(theirs.body).toBe(nowhere.body);
    expect(theirs.headers['content-length']).toBe(nowhere.headers['content-length']);
  });

  it('never writes the bank account in a log line', async () => {
    await detail(ids[0]!);
    const lines = t.logLines.join('\n');
    expect(lines).toContain(buildPath(getPlatformBatchCall, { id: ids[0]! }));
    expect(lines).not.toContain(bank.account);
  });
});

describe('who funds a request', () => {
  it('is named by ref and name in the list and the detail: the funder whose offer it was made at', async () => {
    // An organization of its own, whose program admits a funder offering below the house's rate.
    const funded = await createSupplier(t.app, t.db);
    const banco = await offeringFunder(t, funded, 'banco-sul', 'Banco Sul Fomento S.A.');
    const id = await request(funded, await createCreditIds(t.db, funded.pp, 1));
    const platform = await machineToken(t, funded.org.id, ['batches:read']);
    const funder = { ref: 'banco-sul', name: 'Banco Sul Fomento S.A.' };
    const summary = {
      id,
      ref: null,
      status: 'REQUESTED',
      requestedAt: t.clock.now().toISOString(),
      paymentDate: '2026-03-11',
      company: {
        ref: funded.company.ref,
        name: funded.company.name,
        identification: funded.company.identification,
      },
      program: { ref: funded.program.ref, name: 'Programa Principal' },
      funder,
      // R$ 1.000,00 due in 30 days at the funder's 1 % a month.
      value: 1000,
      discount: 10,
      fees: 0,
      iof: 0,
      net: 990,
      creditCount: 1,
      rejectionReason: null,
      paymentReference: null,
    };
    expect((await list({}, platform)).json()).toEqual({ content: [summary], next: null });
    const one = await detail(id, platform);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({
      ...summary,
      company: { ...summary.company, bankAccount: { bank: '341', branch: '1234', account: '12345-6' } },
      credits: [expect.objectContaining({ originalValue: 1000, investorDiscount: 10, anticipation: 990 })],
    });
    // Its own client reads it the same.
    expect((await detail(id, banco.headers)).json().funder).toEqual(funder);
  });
});

describe('who may read requests', () => {
  it('refuses a token without batches:read with 403 naming the scope', async () => {
    const importer = await machineToken(t, acme.org.id, ['imports:write', 'batches:write']);
    for (const res of [await list({}, importer), await detail(ids[0]!, importer)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ...errorBody('error.http.forbidden'), scope: 'batches:read' });
      expect(res.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="batches:read"');
      expect(res.body).not.toContain(bank.account);
    }
  });

  it('refuses a person’s token with 403, and no token with 401', async () => {
    for (const res of [await list({}, acme.headers), await detail(ids[0]!, acme.headers)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(errorBody('error.http.forbidden'));
    }
    expect((await list({}, {})).statusCode).toBe(401);
    expect((await detail(ids[0]!, {})).statusCode).toBe(401);
  });

  it('shows the client its own organization only', async () => {
    const theirs = await machineToken(t, other.org.id, ['batches:read']);
    expect(idsOf((await list({}, theirs)).json())).toEqual([otherBatchId]);
    expect((await detail(ids[0]!, theirs)).statusCode).toBe(404);
  });
});

describe('a funder’s client', () => {
  it('lists and reads only the requests its funder funds, the cursor paging through them; a platform client sees all', async () => {
    const sul = await createFunder(t.db, acme.org.id, 'f-sul');
    const norte = await createFunder(t.db, acme.org.id, 'f-norte');
    await fundRequests(t.db, sul, [ids[0]!, ids[2]!, ids[4]!]);
    await fundRequests(t.db, norte, [ids[1]!]);
    const ofSul = await funderToken(t, acme.org.id, sul);

    expect(idsOf((await list({}, ofSul)).json())).toEqual([ids[0], ids[2], ids[4]]);
    const first = (await list({ limit: 2 }, ofSul)).json();
    expect(first).toMatchObject({ next: String(ids[2]) });
    expect(idsOf(first)).toEqual([ids[0], ids[2]]);
    const second = (await list({ limit: 2, after: first.next }, ofSul)).json();
    expect(second).toMatchObject({ next: null });
    expect(idsOf(second)).toEqual([ids[4]]);
    // ids[1] is the one PAID request: Norte's, not Sul's.
    expect(idsOf((await list({ status: 'PAID' }, ofSul)).json())).toEqual([]);
    expect((await detail(ids[0]!, ofSul)).json()).toMatchObject({ id: ids[0], status: 'REQUESTED' });

    // Another funder's request and the house's (ids[3]) answer exactly as one that does not exist.
    const nowhere = await detail(999_999, ofSul);
    for (const id of [ids[1]!, ids[3]!, otherBatchId]) {
      const res = await detail(id, ofSul);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody('error.batch.notFound'));
      expect(res.body).toBe(nowhere.body);
    }
    expect(idsOf((await list({}, reader)).json())).toEqual(ids);
  });
});
