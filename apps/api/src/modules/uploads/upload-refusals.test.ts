import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildPath, errorBody, invoiceUpload, uploadCreditInvoiceCall } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import {
  createCompanyCredit,
  elfBytes,
  formWith,
  mzBytes,
  paddedPdf,
  rawMultipart,
  tinyNfeXml,
  tinyPdf,
} from '../../../test/uploads-factories';
import { creditInvoices, credits } from '../../db/schema';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-uploads-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const t = await buildTestApp({ DATA_DIR: dataDir });
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);
const user = await createUser(t.db, org.id, { companyIds: [company.id] });
const auth = await loginAs(t.app, user);
const credit = await createCompanyCredit(t.db, org.id, company.id);

const upload = (payload: FormData | Buffer | string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: uploadCreditInvoiceCall.method,
    url: buildPath(uploadCreditInvoiceCall, { creditId: credit.id }),
    payload,
    headers: { ...auth, ...headers },
  });
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const list = (dir: string) => readdir(path.join(dataDir, dir)).catch(() => [] as string[]);

/** Every refusal below must leave no row, no stored file, no temp file and the credit's flag untouched. */
async function expectNothingStored() {
  expect(await t.db.select().from(creditInvoices).where(eq(creditInvoices.creditId, credit.id))).toEqual([]);
  expect(await list('uploads')).toEqual([]);
  expect(await list('tmp')).toEqual([]);
  const [row] = await t.db.select().from(credits).where(eq(credits.id, credit.id));
  expect(row!.invoiceUploaded).toBe(false);
}

beforeEach(async () => {
  await t.db.delete(creditInvoices);
  await t.db.update(credits).set({ invoiceUploaded: false });
  await rm(path.join(dataDir, 'uploads'), { recursive: true, force: true });
});

const nfeWith = (inside: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc><NFe><infCpl>${inside}</infCpl></NFe></nfeProc>`,
  );

describe('POST /api/credits/:creditId/upload, refused content', () => {
  const refused = [
    {
      what: 'an ELF executable named invoice.pdf',
      fileName: 'invoice.pdf',
      type: 'application/pdf',
      data: elfBytes(),
    },
    {
      what: 'a Windows executable named invoice.pdf',
      fileName: 'invoice.pdf',
      type: 'application/pdf',
      data: mzBytes(),
    },
    {
      what: 'HTML named .xml',
      fileName: 'nfe.xml',
      type: 'application/xml',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
    },
    {
      what: 'HTML behind an XML prolog',
      fileName: 'nfe.xml',
      type: 'application/xml',
      data: Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE html><html><body>hi</body></html>'),
    },
    {
      what: 'SVG with a script named .png',
      fileName: 'scan.png',
      type: 'image/png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    {
      what: 'SVG behind an XML prolog named .xml',
      fileName: 'nfe.xml',
      type: 'application/xml',
      data: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    },
    {
      what: 'an NF-e carrying a script',
      fileName: 'nfe.xml',
      type: 'application/xml',
      data: nfeWith('<SCRIPT>alert(1)</SCRIPT>'),
    },
    {
      what: 'an NF-e carrying a namespaced XHTML script',
      fileName: 'nfe.xml',
      type: 'application/xml',
      data: nfeWith('<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>'),
    },
    {
      what: 'XML with an external entity (XXE)',
      fileName: 'nfe.xml',
      type: 'application/xml',
      data: Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY x SYSTEM "file:///etc/passwd">]><nfeProc>&x;</nfeProc>',
      ),
    },
    {
      what: 'XML with a stylesheet instruction',
      fileName: 'nfe.xml',
      type: 'application/xml',
      data: Buffer.from('<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="x.xsl"?><nfeProc/>'),
    },
    {
      what: 'XML of another kind',
      fileName: 'nfe.xml',
      type: 'application/xml',
      data: Buffer.from('<invoice>1</invoice>'),
    },
    {
      what: 'plain text named .pdf',
      fileName: 'nota.pdf',
      type: 'application/pdf',
      data: Buffer.from('PDF-1.4 not really'),
    },
    { what: 'an empty file', fileName: 'nota.pdf', type: 'application/pdf', data: Buffer.alloc(0) },
    {
      what: 'the three magic bytes of a JPEG',
      fileName: 'foto.jpg',
      type: 'image/jpeg',
      data: Buffer.from([0xff, 0xd8, 0xff]),
    },
    {
      what: 'an HTML page behind %PDF-',
      fileName: 'nota.pdf',
      type: 'application/pdf',
      data: Buffer.from('%PDF-1.7\n<!doctype html><html><body><script>alert(1)</script></body></html>\n'),
    },
    {
      what: 'a PDF cut before its end',
      fileName: 'nota.pdf',
      type: 'application/pdf',
      data: tinyPdf().subarray(0, 120),
    },
  ];

  it.each(refused)(
    'refuses $what with 400 error.upload.unsupportedType',
    async ({ fileName, type, data }) => {
      const res = await upload(formWith([{ data, fileName, type }]));

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody('error.upload.unsupportedType'));
      await expectNothingStored();
    },
  );
});

describe('POST /api/credits/:creditId/upload, size limit', () => {
  const padded = paddedPdf;

  it('refuses 10 MB + 1 byte with 413 error.upload.tooLarge and keeps nothing', async () => {
    const res = await upload(formWith([{ data: padded(invoiceUpload.maxBytes + 1), fileName: 'big.pdf' }]));

    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorBody('error.upload.tooLarge'));
    await expectNothingStored();
  });

  it('accepts exactly 10 MB and stores the same bytes', async () => {
    const data = padded(invoiceUpload.maxBytes);
    const res = await upload(formWith([{ data, fileName: 'big.pdf' }]));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fileName: 'big.pdf', size: 10 * 1024 * 1024 });
    const [row] = await t.db.select().from(creditInvoices).where(eq(creditInvoices.id, res.json().id));
    expect(row!.sha256).toBe(sha256(data));
    expect(sha256(await readFile(path.join(dataDir, 'uploads', row!.storedName)))).toBe(sha256(data));
    expect(await list('tmp')).toEqual([]);
  });
});

describe('POST /api/credits/:creditId/upload, malformed requests', () => {
  const fileError = (message: string) => errorBody('error.validation', [{ field: 'file', message }]);

  it('refuses two files in one request with 400, not 413', async () => {
    const pdf = { data: tinyPdf(), fileName: 'a.pdf' };
    const res = await upload(formWith([pdf, { ...pdf, fileName: 'b.pdf' }]));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(fileError('validation.invalid'));
    await expectNothingStored();
  });

  it('refuses a file sent under another field name', async () => {
    const res = await upload(formWith([{ name: 'document', data: tinyPdf(), fileName: 'a.pdf' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(fileError('validation.invalid'));
    await expectNothingStored();
  });

  it('refuses a form with more parts than the limit with 400', async () => {
    const fields = Array.from({ length: 6 }, (_, i) => ({ name: `note${i}`, data: 'x' }));
    const body = rawMultipart([...fields, { name: 'file', fileName: 'a.pdf', data: tinyPdf() }]);
    const res = await upload(body.payload, body.headers);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.validation'));
    await expectNothingStored();
  });

  it('refuses a form without a file part, and an empty form', async () => {
    const fieldOnly = rawMultipart([{ name: 'note', data: 'no file here' }]);
    const empty = rawMultipart([]);
    for (const body of [fieldOnly, empty]) {
      const res = await upload(body.payload, body.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(fileError('validation.required'));
    }
    await expectNothingStored();
  });

  it('answers a truncated multipart body with 400 and the error body', async () => {
    const body = rawMultipart([{ name: 'file', fileName: 'a.xml', data: tinyNfeXml() }], { close: false });
    const res = await upload(body.payload.subarray(0, body.payload.length - 20), body.headers);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.validation'));
    await expectNothingStored();
  });

  it('answers a multipart content type without a boundary with 400', async () => {
    const res = await upload('--x\r\n\r\n', { 'content-type': 'multipart/form-data' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.validation'));
  });

  it('answers a request that is not multipart with 415 error.unsupportedMediaType, or 400 without a body, never 500', async () => {
    const json = await upload(JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' });
    const text = await upload('hello', { 'content-type': 'text/plain' });
    const octets = await upload(tinyPdf(), { 'content-type': 'application/pdf' });
    const none = await upload(undefined);

    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(fileError('validation.required'));
    for (const res of [json, text, octets]) {
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(errorBody('error.unsupportedMediaType'));
    }
    await expectNothingStored();
  });
});

describe('POST /api/credits/:creditId/upload, database failure', () => {
  it('removes the stored file when the record cannot be written', async () => {
    // A real failure of the real database: a trigger refuses this one insert (test database only).
    await t.db.execute(sql`
      create function refuse_invoice() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$;
      create trigger refuse_invoice before insert on credit_invoices for each row execute function refuse_invoice();
    `);
    try {
      const res = await upload(formWith([{ data: tinyPdf(), fileName: 'nota.pdf' }]));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(errorBody('error.unknown'));
      await expectNothingStored();
    } finally {
      await t.db.execute(
        sql`drop trigger refuse_invoice on credit_invoices; drop function refuse_invoice();`,
      );
    }
  });
});
