import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildPath, invoiceUpload, uploadCreditInvoiceCall } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { createCompanyCredit, formWith, paddedPdf, tinyPdf } from '../../../test/uploads-factories';

/**
 * Over a real socket, a refusal may be sent while the client is still sending its body. The client must
 * still get the answer, and the connection must not be left on a paused stream (the server could then
 * never close: buildTestApp closes the app after these tests and would time out).
 */
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-uploads-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const t = await buildTestApp({ DATA_DIR: dataDir });
const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);
const other = await createCompany(t.db, org.id, { name: 'Outra S.A.' });
const auth = await loginAs(t.app, await createUser(t.db, org.id, { companyIds: [company.id] }));
const credit = await createCompanyCredit(t.db, org.id, company.id);
const theirs = await createCompanyCredit(t.db, org.id, other.id);

const pdfOf = paddedPdf;
const tenMegabytes = invoiceUpload.maxBytes;

async function post(creditId: number, form: FormData) {
  const res = await fetch(`${base}${buildPath(uploadCreditInvoiceCall, { creditId })}`, {
    method: uploadCreditInvoiceCall.method,
    body: form,
    headers: auth,
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code };
}

type Case = {
  what: string;
  creditId: () => number;
  files: { size: number; name?: string }[];
  status: number;
  code: string | undefined;
};

describe('POST /api/credits/:creditId/upload over a real socket', () => {
  it.each<Case>([
    {
      what: 'exactly 10 MB',
      creditId: () => credit.id,
      files: [{ size: tenMegabytes }],
      status: 200,
      code: undefined,
    },
    {
      what: '10 MB + 1 byte',
      creditId: () => credit.id,
      files: [{ size: tenMegabytes + 1 }],
      status: 413,
      code: 'error.upload.tooLarge',
    },
    {
      what: "10 MB for another company's credit",
      creditId: () => theirs.id,
      files: [{ size: tenMegabytes }],
      status: 404,
      code: 'error.notFound',
    },
    {
      what: '10 MB under the wrong field name',
      creditId: () => credit.id,
      files: [{ size: tenMegabytes, name: 'document' }],
      status: 400,
      code: 'error.validation',
    },
    {
      what: 'two large files',
      creditId: () => credit.id,
      files: [{ size: 5_000_000 }, { size: 9_000_000 }],
      status: 400,
      code: 'error.validation',
    },
  ])('answers $what with $status', async ({ creditId, files, status, code }) => {
    const form = formWith(files.map((f, i) => ({ name: f.name, data: pdfOf(f.size), fileName: `${i}.pdf` })));
    const result = await post(creditId(), form);

    expect(result).toEqual({ status, code });
    // The connection is still usable for the next upload.
    expect((await post(credit.id, formWith([{ data: tinyPdf(), fileName: 'a.pdf' }]))).status).toBe(200);
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  // Last: a connection left on a paused request stream would keep the server from closing.
  it('closes promptly once the uploads are answered', { timeout: 5_000 }, async () => {
    await t.app.close();
    expect(t.app.server.listening).toBe(false);
  });
});
