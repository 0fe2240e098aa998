import {
  type BatchDetail,
  buildPath,
  buildQuery,
  type Estimate,
  getBatchCall,
  getBatchStatementCall,
  listBatchesCall,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import { createCreditIds, createSupplier, type SupplierOptions } from '../../../test/estimates-factories';
import { offeringFunder } from '../../../test/funders-factories';
import { pdfText } from '../../../test/pdf-text';
import { batches } from '../../db/schema';

/*
 * The supplier sees who pays (docs/product/requests.md#funder): a request made at a funder's offer names that
 * funder in the history, the detail, the statement and the receipt; a request at the house offer, and one made
 * before funders existed, the buyer's name as the house.
 */

const t = await buildTestApp();
const FUNDER = 'Banco Sul Fomento S.A.';
const BUYER = 'Compradora Nacional S.A.';

/**
 * A supplier whose program admits a funder offering 1 % a month (the house asks 1.5 %), with one request of a
 * R$ 1.000,00 credit due in 30 days: at the funder's offer when `funded`, else at the house's (none offers).
 */
async function requested(funded: boolean, options: SupplierOptions = {}) {
  const supplier = await createSupplier(t.app, t.db, options);
  if (funded) await offeringFunder(t, supplier, 'banco-sul', FUNDER);
  const ids = await createCreditIds(t.db, supplier.pp, 1);
  const res = await postBatch(t.app, supplier.headers, ids);
  expect(res.statusCode, res.body).toBe(200);
  return { supplier, ids, batchId: res.json().id as number };
}

const list = (headers: Record<string, string>, programProviderId: number) =>
  t.app.inject({
    method: 'GET',
    url: `${listBatchesCall.path}${buildQuery({ programProviderId })}`,
    headers,
  });
const detail = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'GET', url: buildPath(getBatchCall, { id }), headers });
const statement = async (headers: Record<string, string>, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: buildPath(getBatchStatementCall, { id }), headers });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
};

async function frozenEstimate(batchId: number): Promise<Estimate> {
  const [row] = await t.db
    .select({ estimate: batches.estimate })
    .from(batches)
    .where(eq(batches.id, batchId));
  return row!.estimate as Estimate;
}

describe('a request made at a funder’s offer', () => {
  it('is listed in the history with its funder', async () => {
    const { supplier, batchId } = await requested(true);
    const res = await list(supplier.headers, supplier.pp.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      content: [
        {
          id: batchId,
          createdAt: '2026-03-10T13:00:00.000Z',
          status: 'REQUESTED',
          automatic: false,
          // 1 % a month over 30 days: R$ 10,00 of discount, where the house would take R$ 15,00.
          value: 990,
          originalValue: 1000,
          creditCount: 1,
          paymentDate: '2026-03-11',
          daysToPay: 1,
          funder: { name: FUNDER, house: false },
        },
      ],
      number: 0,
      size: 30,
      last: true,
      totalElements: 1,
    });
  });

  it('names its funder in the detail, beside the buyer', async () => {
    const { supplier, ids, batchId } = await requested(true);
    const res = await detail(supplier.headers, batchId);
    expect(res.statusCode, res.body).toBe(200);
    const estimate = await frozenEstimate(batchId);
    expect(estimate.funder).toEqual({ id: expect.any(Number), name: FUNDER, house: false });
    expect(res.json()).toEqual({
      id: batchId,
      programId: supplier.program.id,
      programName: 'Programa Principal',
      buyerName: BUYER,
      funder: { name: FUNDER, house: false },
      programProviderId: supplier.pp.id,
      companyId: supplier.company.id,
      status: 'REQUESTED',
      automatic: false,
      requestedAt: '2026-03-10T13:00:00.000Z',
      paymentDate: '2026-03-11',
      value: 1000,
      total: 990,
      discount: 10,
      fees: 0,
      iof: 0,
      rejectionReason: null,
      paymentReference: null,
      bankAccount: '341 / 1234 / ****45-6',
      cancellable: true,
      credits: estimate.creditEstimates.map((credit) => ({ ...credit, invoiceKey: null })),
      events: [{ status: 'REQUESTED', at: '2026-03-10T13:00:00.000Z', by: 'Ana' }],
    } satisfies BatchDetail);
    expect((res.json() as BatchDetail).credits.map((credit) => [credit.id, credit.anticipation])).toEqual([
      [ids[0], 990],
    ]);
  });

  it('names its funder on the statement, in the account’s language', async () => {
    const pt = await requested(true);
    const ptText = await statement(pt.supplier.headers, pt.batchId);
    expect(ptText).toContain(`Financiador ${FUNDER}`);
    expect(ptText).toContain(`Sacado ${BUYER}`);
    const en = await requested(true, { langKey: 'en' });
    expect(await statement(en.supplier.headers, en.batchId)).toContain(`Funder ${FUNDER}`);
  });

  it('names its funder in the receipt mail, in the user’s language', async () => {
    const pt = await requested(true);
    const en = await requested(true, { langKey: 'en' });
    await t.deliverMails();
    const ptMail = t.mailer.sent.find((mail) => mail.to === pt.supplier.user.login)!;
    expect(ptMail.subject).toBe(`Solicitação de antecipação nº ${pt.batchId} recebida – Test Platform`);
    expect(ptMail.text).toContain(`Financiador: ${FUNDER}`);
    expect(ptMail.html).toContain(FUNDER);
    const enMail = t.mailer.sent.find((mail) => mail.to === en.supplier.user.login)!;
    expect(enMail.text).toContain(`Funder: ${FUNDER}`);
  });
});

describe('a request at the house offer', () => {
  it('names the buyer as the house, everywhere the supplier looks', async () => {
    const { supplier, batchId } = await requested(false);
    const house = { name: BUYER, house: true };
    expect((await list(supplier.headers, supplier.pp.id)).json().content[0].funder).toEqual(house);
    expect((await detail(supplier.headers, batchId)).json().funder).toEqual(house);
    expect(await statement(supplier.headers, batchId)).toContain(`Financiador ${BUYER}`);
    await t.deliverMails();
    const mail = t.mailer.sent.find((sent) => sent.to === supplier.user.login)!;
    expect(mail.text).toContain(`Financiador: ${BUYER}`);
  });

  it('made before funders existed (no funder in its frozen estimate), is the house’s too', async () => {
    const { supplier, batchId } = await requested(false);
    // As a request frozen before the estimate named offers and funders.
    await t.db
      .update(batches)
      .set({ estimate: sql`${batches.estimate} - 'offerId' - 'funder' - 'offers'` })
      .where(eq(batches.id, batchId));
    expect(await frozenEstimate(batchId)).not.toHaveProperty('funder');
    const house = { name: BUYER, house: true };
    expect((await list(supplier.headers, supplier.pp.id)).json().content[0].funder).toEqual(house);
    const res = await detail(supplier.headers, batchId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().funder).toEqual(house);
  });
});
