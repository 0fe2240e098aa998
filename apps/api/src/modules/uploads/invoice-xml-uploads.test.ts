import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type BatchDetail,
  buildPath,
  type CreditPage,
  getBatchCall,
  getBatchStatementCall,
  listCreditsCall,
  uploadCreditInvoiceCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';
import { type NfeFields, signedNfeProc } from '../../../test/nfe-factories';
import { signedNfse } from '../../../test/nfse-factories';
import { pdfText } from '../../../test/pdf-text';
import { formWith } from '../../../test/uploads-factories';
import { creditInvoices, credits } from '../../db/schema';

/*
 * An NF-e (or NFS-e) XML uploaded for a credit, over HTTP on the real database: checked against the credit before it is
 * kept, its key then shown with the credit in the list, the request's detail and its statement.
 */
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-nfe-uploads-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const t = await buildTestApp({ DATA_DIR: dataDir });

// The factories' defaults: supplier CNPJ 11444777000161, buyer CNPJ 11222333000181, NF 100000 series 1.
const supplier = await createSupplier(t.app, t.db, { program: { requireServiceInvoice: true } });

async function serviceCredit() {
  const [credit] = await createCredits(t.db, supplier.pp, [
    { originalValueCents: 1_000_000n, expireDate: '2026-04-10', kind: 'SERVICE', nfNumber: '100000' },
  ]);
  return credit!;
}

const upload = (creditId: number, fields: Partial<NfeFields> = {}) =>
  injectCall(t.app, uploadCreditInvoiceCall, {
    params: { creditId },
    headers: supplier.headers,
    body: formWith([{ data: signedNfeProc(fields).data, fileName: 'nfe.xml', type: 'text/xml' }]),
  });

async function listed(creditId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${buildPath(listCreditsCall, { programProviderId: supplier.pp.id })}?size=100`,
    headers: supplier.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as CreditPage).content.find((credit) => credit.id === creditId)!;
}

describe('POST /api/credits/:creditId/upload, an NF-e XML', () => {
  it('keeps an intact NF-e with its key, shown in the list, the request and its statement', async () => {
    const credit = await serviceCredit();
    expect(await listed(credit.id)).toMatchObject({ requiresInvoice: true, invoiceKey: null });

    const res = await upload(credit.id);

    const { key } = signedNfeProc();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      fileName: 'nfe.xml',
      size: expect.any(Number),
      accessKey: key,
    });
    const [row] = await t.db.select().from(creditInvoices).where(eq(creditInvoices.creditId, credit.id));
    expect(row).toMatchObject({ contentType: 'application/xml', accessKey: key });
    expect(await listed(credit.id)).toMatchObject({
      requiresInvoice: false,
      invoiceUploaded: true,
      invoiceKey: key,
    });

    const batch = await postBatch(t.app, supplier.headers, [credit.id]);
    expect(batch.statusCode).toBe(200);
    const id = batch.json().id as number;
    const detail = await t.app.inject({
      method: 'GET',
      url: buildPath(getBatchCall, { id }),
      headers: supplier.headers,
    });
    expect((detail.json() as BatchDetail).credits).toEqual([
      expect.objectContaining({ id: credit.id, nfNumber: '100000', invoiceKey: key }),
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: buildPath(getBatchStatementCall, { id }),
      headers: supplier.headers,
    });
    expect(await pdfText(pdf.rawPayload)).toContain(key.replace(/(.{4})(?=.)/g, '$1 '));
  });

  it('keeps an intact NFS-e of the national standard with its 50-digit key, shown in the credit list', async () => {
    const credit = await serviceCredit();
    const { data, key } = signedNfse();
    const res = await injectCall(t.app, uploadCreditInvoiceCall, {
      params: { creditId: credit.id },
      headers: supplier.headers,
      body: formWith([{ data, fileName: 'nfse.xml', type: 'text/xml' }]),
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fileName: 'nfse.xml', accessKey: key });
    expect(key).toHaveLength(50);
    const [row] = await t.db.select().from(creditInvoices).where(eq(creditInvoices.creditId, credit.id));
    expect(row).toMatchObject({ contentType: 'application/xml', accessKey: key });
    expect(await listed(credit.id)).toMatchObject({ invoiceUploaded: true, invoiceKey: key });
  });

  it('answers null keys for credits without an electronic invoice, in the list and the request', async () => {
    const [goods] = await createCredits(t.db, supplier.pp, [
      { originalValueCents: 50_000n, expireDate: '2026-04-10', nfNumber: '200000' },
    ]);
    expect(await listed(goods!.id)).toMatchObject({ invoiceKey: null });
    const batch = await postBatch(t.app, supplier.headers, [goods!.id]);
    const id = batch.json().id as number;
    const detail = await t.app.inject({
      method: 'GET',
      url: buildPath(getBatchCall, { id }),
      headers: supplier.headers,
    });
    expect((detail.json() as BatchDetail).credits).toEqual([expect.objectContaining({ invoiceKey: null })]);
  });

  it.each([
    {
      what: 'an issuer that is not the supplier',
      fields: { issuer: '12ABC34501DE35' },
      body: {
        httpStatus: 400,
        message: 'error.invoice.issuerMismatch',
        code: 'error.invoice.issuerMismatch',
        fieldErrors: [
          {
            field: 'issuer',
            message: 'validation.invalid',
            params: { document: '12ABC34501DE35', credit: '11444777000161' },
          },
        ],
        error_description: 'error.invoice.issuerMismatch',
      },
    },
    {
      what: "a recipient that is not the program's buyer",
      fields: { recipient: '52998224725' },
      body: {
        httpStatus: 400,
        message: 'error.invoice.recipientMismatch',
        code: 'error.invoice.recipientMismatch',
        fieldErrors: [
          {
            field: 'recipient',
            message: 'validation.invalid',
            params: { document: '52998224725', credit: '11222333000181' },
          },
        ],
        error_description: 'error.invoice.recipientMismatch',
      },
    },
    {
      what: "another invoice's number",
      fields: { number: '100001' },
      body: {
        httpStatus: 400,
        message: 'error.invoice.numberMismatch',
        code: 'error.invoice.numberMismatch',
        fieldErrors: [
          {
            field: 'nfNumber',
            message: 'validation.invalid',
            params: { document: '100001', credit: '100000' },
          },
        ],
        error_description: 'error.invoice.numberMismatch',
      },
    },
    {
      what: 'another value',
      fields: { total: '12000.00', duplicatas: [] },
      body: {
        httpStatus: 400,
        message: 'error.invoice.valueMismatch',
        code: 'error.invoice.valueMismatch',
        fieldErrors: [
          {
            field: 'originalValue',
            message: 'validation.invalid',
            params: { document: '12000.00', credit: '10000.00' },
          },
        ],
        error_description: 'error.invoice.valueMismatch',
      },
    },
  ])('refuses $what and keeps nothing', async ({ fields, body }) => {
    const credit = await serviceCredit();
    const res = await upload(credit.id, fields);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
    await expectNothingKept(credit.id);
  });

  it('refuses an NF-e changed after signing and keeps nothing', async () => {
    const credit = await serviceCredit();
    const tampered = signedNfeProc().xml.replace('<vNF>10000.00</vNF>', '<vNF>10000.01</vNF>');
    const res = await injectCall(t.app, uploadCreditInvoiceCall, {
      params: { creditId: credit.id },
      headers: supplier.headers,
      body: formWith([{ data: Buffer.from(tampered), fileName: 'nfe.xml' }]),
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      httpStatus: 400,
      message: 'error.invoice.signatureInvalid',
      code: 'error.invoice.signatureInvalid',
      fieldErrors: [{ field: 'signature', message: 'validation.invalid' }],
      error_description: 'error.invoice.signatureInvalid',
    });
    await expectNothingKept(credit.id);
  });
});

/** No row, the credit still waiting for its document, no stored file, no temp file. */
async function expectNothingKept(creditId: number) {
  expect(await t.db.select().from(creditInvoices).where(eq(creditInvoices.creditId, creditId))).toEqual([]);
  const [row] = await t.db.select().from(credits).where(eq(credits.id, creditId));
  expect(row!.invoiceUploaded).toBe(false);
  const stored = await t.db.select({ name: creditInvoices.storedName }).from(creditInvoices);
  expect((await readdir(path.join(dataDir, 'uploads')).catch(() => [])).sort()).toEqual(
    stored.map((file) => file.name).sort(),
  );
  expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
}
