import {
  type BatchDetail,
  buildPath,
  cancelBatchCall,
  errorBody,
  getBatchCall,
  getBatchStatementCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier, expectErrorBody, type SupplierOptions } from '../../../test/estimates-factories';
import { money, pdfText } from '../../../test/pdf-text';
import { settleBatch } from '../batches/settle-batch';

/*
 * GET batches/:id/statement.pdf over HTTP, on the real database: the PDF's text (read back by pdf.js, as a
 * reader would search or copy it) against the request's detail (GET batches/:id).
 */
const t = await buildTestApp({}, { keepLogs: true });

const COMPANY = {
  name: 'Indústria de Embalagens São João Ltda',
  identification: '21534876000198',
  bankCode: '341',
  bankBranch: '1234',
  bankAccount: '0012345678',
};

/**
 * A supplier (in `langKey`) with one REQUESTED request of three credits of different values, priced with a
 * platform fee, IOF and a bank fee so that every total is its own figure.
 */
async function requested(options: SupplierOptions = {}) {
  const supplier = await createSupplier(t.app, t.db, {
    company: COMPANY,
    program: {
      name: 'Programa Fornecedores Conceição',
      platformFee: '0.003',
      bankFeeCents: 890n,
      iof: [{ validFrom: '2026-01-01', daily: '0.000082', fixed: '0.0038' }],
    },
    ...options,
  });
  const credits = await createCredits(t.db, supplier.pp, [
    { originalValueCents: 1_000_050n, expireDate: '2026-04-10', nfNumber: '400001', nfSerial: '1' },
    { originalValueCents: 234_567n, expireDate: '2026-04-20', nfNumber: '400002', nfSerial: '2' },
    { originalValueCents: 14_890_000n, expireDate: '2026-05-04', nfNumber: '400003', nfSerial: '1' },
  ]);
  const res = await postBatch(
    t.app,
    supplier.headers,
    credits.map((credit) => credit.id),
  );
  expect(res.statusCode).toBe(200);
  return { supplier, batchId: res.json().id as number };
}

const getStatement = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'GET', url: buildPath(getBatchStatementCall, { id }), headers });

async function getDetail(headers: Record<string, string>, id: number): Promise<BatchDetail> {
  const res = await t.app.inject({ method: 'GET', url: buildPath(getBatchCall, { id }), headers });
  expect(res.statusCode).toBe(200);
  return res.json() as BatchDetail;
}

describe('GET batches/:id/statement.pdf', () => {
  it("answers the request's PDF: company, request, each credit and the detail's totals, downloaded, not cached", async () => {
    const { supplier, batchId } = await requested();
    const res = await getStatement(supplier.headers, batchId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="extrato-solicitacao-${batchId}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(pdf.length);
    // One page of three credits: a few kilobytes (standard fonts, nothing embedded).
    expect(pdf.length).toBeLessThan(20_000);

    const text = await pdfText(pdf);
    const detail = await getDetail(supplier.headers, batchId);
    expect(text).toContain(`Extrato da solicitação de antecipação nº ${batchId}`);
    expect(text).toContain(`Solicitação nº ${batchId}`);
    expect(text).toContain('Indústria de Embalagens São João Ltda');
    expect(text).toContain('21.534.876/0001-98');
    expect(text).toContain('Programa Fornecedores Conceição');
    expect(text).toContain('Compradora Nacional S.A.');
    expect(text).toContain('11.222.333/0001-81');
    // The bank account only by its last digits.
    expect(text).toContain('341 / 1234 / ****5678');
    expect(text).not.toContain('0012345678');
    expect(text).toContain('Situação Solicitada');
    // The test clock's 10:00 in São Paulo, paid the next business day.
    expect(text).toContain('Data da solicitação 10/03/2026 10:00');
    expect(text).toContain('Data do pagamento 11/03/2026');

    expect(detail.credits).toHaveLength(3);
    for (const credit of detail.credits) {
      expect(text).toContain(`${credit.nfNumber}/${credit.nfSerial}`);
      expect(text).toContain(money('pt-BR', credit.anticipation));
    }
    expect(text).toContain('400003/1');
    expect(text).toContain('R$ 148.900,00');
    // Every total is the detail's own (frozen) figure, and each is a different one.
    const totals = [detail.value, detail.discount, detail.iof, detail.fees, detail.total];
    expect(new Set(totals).size).toBe(5);
    expect(detail.fees).toBe(26.7);
    for (const total of totals) expect(text).toContain(money('pt-BR', total));
    expect(text).toContain(`Valor líquido a receber ${money('pt-BR', detail.total)}`);
    // Sent once: the handler sends the file itself, and nothing sends the reply again after it.
    expect(t.logLines.filter((line) => line.includes('FST_ERR_REP_ALREADY_SENT'))).toEqual([]);
  });

  it("speaks the caller's account language, whatever Accept-Language says", async () => {
    const en = await requested({ langKey: 'en' });
    const res = await getStatement({ ...en.supplier.headers, 'accept-language': 'pt-BR' }, en.batchId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="request-statement-${en.batchId}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    const detail = await getDetail(en.supplier.headers, en.batchId);
    expect(text).toContain(`Early payment request statement #${en.batchId}`);
    expect(text).toContain('Status Requested');
    expect(text).toContain('Payment date 03/11/2026');
    expect(text).toContain(`Net amount you receive ${money('en', detail.total)}`);
    expect(text).not.toContain('Extrato');

    const pt = await requested({ langKey: 'pt-BR' });
    const ptRes = await getStatement({ ...pt.supplier.headers, 'accept-language': 'en' }, pt.batchId);
    const ptText = await pdfText(ptRes.rawPayload);
    expect(ptText).toContain(`Extrato da solicitação de antecipação nº ${pt.batchId}`);
    expect(ptText).not.toContain('Early payment');

    const ptPt = await requested({ langKey: 'pt-PT' });
    const ptPtRes = await getStatement(ptPt.supplier.headers, ptPt.batchId);
    expect(ptPtRes.headers['content-disposition']).toBe(
      `attachment; filename="extrato-pedido-${ptPt.batchId}.pdf"`,
    );
    expect(await pdfText(ptPtRes.rawPayload)).toContain(
      `Extrato do pedido de antecipação n.º ${ptPt.batchId}`,
    );
  });

  it('renders every status: paid, rejected with its reason, cancelled', async () => {
    const paid = await requested();
    await settleBatch(t.db, { batchId: paid.batchId, to: 'PAID', now: t.clock.now() });
    const paidText = await pdfText((await getStatement(paid.supplier.headers, paid.batchId)).rawPayload);
    expect(paidText).toContain('Situação Paga');
    expect(paidText).not.toContain('Motivo da recusa');

    const rejected = await requested({ langKey: 'en' });
    const reason = 'Nota fiscal 400002 cancelada pelo emitente.';
    await settleBatch(t.db, { batchId: rejected.batchId, to: 'REJECTED', reason, now: t.clock.now() });
    const rejectedRes = await getStatement(rejected.supplier.headers, rejected.batchId);
    expect(rejectedRes.statusCode).toBe(200);
    const rejectedText = await pdfText(rejectedRes.rawPayload);
    expect(rejectedText).toContain('Status Rejected');
    expect(rejectedText).toContain(`Reason for rejection ${reason}`);
    // The figures stay those frozen at request time, though the credits are open again.
    const detail = await getDetail(rejected.supplier.headers, rejected.batchId);
    expect(rejectedText).toContain(money('en', detail.total));
    for (const credit of detail.credits) expect(rejectedText).toContain(money('en', credit.anticipation));

    const cancelled = await requested();
    const cancel = await injectCall(t.app, cancelBatchCall, {
      params: { id: cancelled.batchId },
      headers: cancelled.supplier.headers,
      body: {},
    });
    expect(cancel.statusCode).toBe(200);
    const cancelledRes = await getStatement(cancelled.supplier.headers, cancelled.batchId);
    expect(cancelledRes.statusCode).toBe(200);
    expect(await pdfText(cancelledRes.rawPayload)).toContain('Situação Cancelada');
  });

  it('answers another company’s request, or none, exactly like GET batches/:id: 404, same body', async () => {
    const { batchId } = await requested();
    const other = await createSupplier(t.app, t.db);
    // As the web app asks for it: an error is still the JSON error body.
    const asked = { ...other.headers, accept: 'application/pdf' };
    const foreign = await getStatement(asked, batchId);
    const missing = await getStatement(asked, 987_654);
    const foreignDetail = await t.app.inject({
      method: 'GET',
      url: buildPath(getBatchCall, { id: batchId }),
      headers: other.headers,
    });
    expectErrorBody(foreign, 'error.batch.notFound');
    expect(foreign.body).toBe(missing.body);
    expect(foreign.body).toBe(foreignDetail.body);
    expect(foreign.headers['content-type']).toBe(foreignDetail.headers['content-type']);
    expect(foreign.headers['content-disposition']).toBeUndefined();
  });

  it('is described in the OpenAPI document as a PDF, its errors as the JSON error body', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/webapp/batches/{id}/statement.pdf'].get;
    expect(Object.keys(operation.responses[200].content)).toEqual(['application/pdf']);
    expect(operation.responses[200].content['application/pdf'].schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(Object.keys(operation.responses['4XX'].content)).toEqual(['application/json']);
  });

  it('answers 401 without a token, and refuses an id that is not a number', async () => {
    const { batchId } = await requested();
    const anonymous = await getStatement({}, batchId);
    expectErrorBody(anonymous, 'error.http.unauthorized');
    expect(anonymous.headers['content-disposition']).toBeUndefined();

    const { supplier } = await requested();
    const bad = await injectCall(t.app, getBatchStatementCall, {
      params: { id: 'abc' },
      headers: supplier.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(
      errorBody('error.validation', [{ field: 'id', message: 'validation.id.invalid' }]),
    );
  });
});
