import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildPath, errorBody, uploadCreditInvoiceCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, TEST_NOW } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { signedNfe, signedNfeProc } from '../../../test/nfe-factories';
import {
  createCompanyCredit,
  formWith,
  rawMultipart,
  tinyJpeg,
  tinyPdf,
  tinyPng,
} from '../../../test/uploads-factories';
import { creditInvoices, credits } from '../../db/schema';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-uploads-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const uploadsDir = path.join(dataDir, 'uploads');

const t = await buildTestApp({ DATA_DIR: dataDir });
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);
const user = await createUser(t.db, org.id, { companyIds: [company.id] });
const auth = await loginAs(t.app, user);

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const upload = (creditId: number, payload: FormData | Buffer, headers: Record<string, string> = auth) =>
  t.app.inject({
    method: uploadCreditInvoiceCall.method,
    url: buildPath(uploadCreditInvoiceCall, { creditId }),
    payload,
    headers,
  });

async function invoiceRow(id: number) {
  const [row] = await t.db.select().from(creditInvoices).where(eq(creditInvoices.id, id));
  return row!;
}

describe('POST /api/credits/:creditId/upload, accepted documents', () => {
  const documents = [
    { type: 'application/pdf', fileName: 'nota de serviço março.pdf', data: tinyPdf(), extension: 'pdf' },
    // A signed NF-e of the credit (invoice-check.ts reads it; invoice-xml-uploads.test.ts covers its refusals).
    { type: 'application/xml', fileName: 'nfe-100000.xml', data: signedNfeProc().data, extension: 'xml' },
    {
      type: 'application/xml',
      fileName: 'nfe-bom.xml',
      data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\r\n  '), signedNfeProc().data]),
      extension: 'xml',
    },
    {
      type: 'application/xml',
      fileName: 'nfe-bare.xml',
      data: Buffer.from(signedNfe().xml),
      extension: 'xml',
    },
    { type: 'image/png', fileName: 'scan.png', data: tinyPng(), extension: 'png' },
    { type: 'image/jpeg', fileName: 'foto.jpeg', data: tinyJpeg(), extension: 'jpg' },
  ] as const;

  it.each(documents)('stores $fileName as $type and marks the credit', async (doc) => {
    const credit = await createCompanyCredit(t.db, org.id, company.id);
    // The declared type is deliberately wrong: only the bytes decide.
    const res = await upload(
      credit.id,
      formWith([{ data: doc.data, fileName: doc.fileName, type: 'text/plain' }]),
    );

    expect(res.statusCode).toBe(200);
    const body = res.json();
    const accessKey = doc.type === 'application/xml' ? signedNfeProc().key : null;
    expect(body).toEqual({
      id: expect.any(Number),
      fileName: doc.fileName,
      size: doc.data.length,
      accessKey,
    });
    const row = await invoiceRow(body.id);
    expect(row).toMatchObject({
      creditId: credit.id,
      fileName: doc.fileName,
      contentType: doc.type,
      size: doc.data.length,
      sha256: sha256(doc.data),
      accessKey,
      uploadedBy: user.id,
      createdAt: TEST_NOW,
    });
    expect(row.storedName).toMatch(new RegExp(`^[A-Za-z0-9_-]{24}\\.${doc.extension}$`));
    const stored = await readFile(path.join(uploadsDir, row.storedName));
    expect(sha256(stored)).toBe(sha256(doc.data));
    expect((await stat(path.join(uploadsDir, row.storedName))).mode & 0o777).toBe(0o600);
    const [after] = await t.db.select().from(credits).where(eq(credits.id, credit.id));
    expect(after!.invoiceUploaded).toBe(true);
  });

  it('keeps the uploads folder private (0700) and leaves no temp file behind', async () => {
    expect((await stat(uploadsDir)).mode & 0o777).toBe(0o700);
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('stores a path-traversal name under a generated name inside the uploads folder', async () => {
    const credit = await createCompanyCredit(t.db, org.id, company.id);
    const res = await upload(credit.id, formWith([{ data: tinyPdf(), fileName: '../../etc/passwd.pdf' }]));

    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe('passwd.pdf');
    const row = await invoiceRow(res.json().id);
    expect(row.fileName).toBe('passwd.pdf');
    const storedPath = path.resolve(uploadsDir, row.storedName);
    expect(path.dirname(storedPath)).toBe(uploadsDir);
    expect(sha256(await readFile(storedPath))).toBe(sha256(tinyPdf()));
  });

  it('records a raw name with backslashes, control and bidi characters as a clean basename', async () => {
    const credit = await createCompanyCredit(t.db, org.id, company.id);
    const raw = rawMultipart([
      { name: 'file', fileName: 'C:\\temp\\..\\nota\u0007\u202Efdp.pdf', data: tinyPdf() },
    ]);
    const res = await upload(credit.id, raw.payload, { ...auth, ...raw.headers });

    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe('notafdp.pdf');
  });

  it('records the name with the extension of the type its bytes are, whatever the client called it', async () => {
    const credit = await createCompanyCredit(t.db, org.id, company.id);
    const html = await upload(
      credit.id,
      formWith([{ data: tinyPdf(), fileName: 'nota.html', type: 'text/html' }]),
    );
    const bare = await upload(credit.id, formWith([{ data: tinyPng(), fileName: 'scan' }]));

    expect(html.statusCode).toBe(200);
    expect(html.json()).toEqual({
      id: expect.any(Number),
      fileName: 'nota.pdf',
      size: tinyPdf().length,
      accessKey: null,
    });
    expect((await invoiceRow(html.json().id)).fileName).toBe('nota.pdf');
    expect(bare.json().fileName).toBe('scan.png');
  });

  it('accepts a second document for the same credit (the latest replaces nothing)', async () => {
    const credit = await createCompanyCredit(t.db, org.id, company.id);
    const first = await upload(credit.id, formWith([{ data: tinyPdf(), fileName: 'a.pdf' }]));
    const second = await upload(credit.id, formWith([{ data: tinyPng(), fileName: 'b.png' }]));

    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const rows = await t.db.select().from(creditInvoices).where(eq(creditInvoices.creditId, credit.id));
    expect(rows.map((r) => r.fileName).sort()).toEqual(['a.pdf', 'b.png']);
  });
});

describe('POST /api/credits/:creditId/upload, documents per credit', () => {
  it('keeps 10 documents of one credit and refuses the 11th with 400 error.upload.tooMany, keeping nothing', async () => {
    const credit = await createCompanyCredit(t.db, org.id, company.id);
    for (let i = 1; i <= 10; i++) {
      const res = await upload(credit.id, formWith([{ data: tinyPdf(), fileName: `nota-${i}.pdf` }]));
      expect(res.statusCode).toBe(200);
    }
    const files = await readdir(uploadsDir);
    const eleventh = await upload(credit.id, formWith([{ data: tinyPng(), fileName: 'nota-11.png' }]));

    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toEqual(errorBody('error.upload.tooMany'));
    expect(await t.db.$count(creditInvoices, eq(creditInvoices.creditId, credit.id))).toBe(10);
    expect(await readdir(uploadsDir)).toEqual(files);
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('lets only 10 through when the last places are taken by uploads at once', async () => {
    const credit = await createCompanyCredit(t.db, org.id, company.id);
    for (let i = 1; i <= 8; i++)
      await upload(credit.id, formWith([{ data: tinyPdf(), fileName: `n${i}.pdf` }]));
    const racing = await Promise.all(
      [1, 2, 3, 4].map((i) => upload(credit.id, formWith([{ data: tinyPng(), fileName: `r${i}.png` }]))),
    );

    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
    expect(await t.db.$count(creditInvoices, eq(creditInvoices.creditId, credit.id))).toBe(10);
  });
});

describe('POST /api/credits/:creditId/upload, access', () => {
  const pdf = () => formWith([{ data: tinyPdf(), fileName: 'nota.pdf' }]);

  it("answers another company's credit and a missing credit with the same 404", async () => {
    const other = await createCompany(t.db, org.id, { name: 'Outra S.A.' });
    const theirs = await createCompanyCredit(t.db, org.id, other.id);
    const removed = await createCompanyCredit(t.db, org.id, company.id, 'REMOVED');

    const foreign = await upload(theirs.id, pdf());
    const missing = await upload(2_000_000_000, pdf());
    const gone = await upload(removed.id, pdf());

    const notFound = {
      httpStatus: 404,
      message: 'error.notFound',
      code: 'error.notFound',
      fieldErrors: [],
      error_description: 'error.notFound',
    };
    for (const res of [foreign, missing, gone]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect(foreign.body).toBe(missing.body);
    const rows = await t.db.select().from(creditInvoices).where(eq(creditInvoices.creditId, theirs.id));
    expect(rows).toEqual([]);
  });

  it('refuses a caller without a token (401) and one without ROLE_PROVIDER (403)', async () => {
    const credit = await createCompanyCredit(t.db, org.id, company.id);
    const anonymous = await upload(credit.id, pdf(), {});
    const plain = await createUser(t.db, org.id, { companyIds: [company.id], authorities: ['ROLE_USER'] });
    const forbidden = await upload(credit.id, pdf(), await loginAs(t.app, plain));

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('error.http.unauthorized');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('error.http.forbidden');
  });

  it('answers 400 error.validation for a credit id that is not a number', async () => {
    const res = await upload(0, pdf());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'error.validation', fieldErrors: [{ field: 'creditId' }] });
  });
});
