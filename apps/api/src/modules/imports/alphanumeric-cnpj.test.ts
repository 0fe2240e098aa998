import { buildPath, listMyCompaniesCall, listMyProgramsCall } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../../../test/app';
import { smallDocument } from '../../../test/import-documents';
import { companies } from '../../db/schema';
import { importDocument } from './import-document';

/*
 * An alphanumeric CNPJ from the import file to every answer that carries it (docs/product/identification.md):
 * typed with punctuation and in lower case in the file, stored and answered upper-cased without punctuation.
 */
const t = await buildTestApp();

function document(companyId: string, buyerId: string) {
  const doc = smallDocument();
  doc.companies[0]!.identification = companyId;
  doc.buyers[0]!.identification = buyerId;
  return doc;
}

const summary = await importDocument(t.db, document('12.abc.345/01de-35', 'a7r2n9gx000147'), {
  clock: t.clock,
  notify: false,
});
const headers = await loginAs(t.app, { login: 'supplier@example.test', password: 'secret-pass' });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

describe('an alphanumeric CNPJ, imported', () => {
  it('is stored upper-cased without punctuation, and the invitation link carries it so', async () => {
    expect((await t.db.select({ id: companies.identification }).from(companies)).map((c) => c.id)).toEqual([
      '12ABC34501DE35',
    ]);
    expect(summary.inviteLinks[0]?.link).toContain('&identification=12ABC34501DE35&');
  });

  it("is the company's identification in the companies call and the buyer's in the programs call", async () => {
    const mine = await get(buildPath(listMyCompaniesCall));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((c: { identification: string }) => c.identification)).toEqual(['12ABC34501DE35']);
    const programs = await get(buildPath(listMyProgramsCall));
    expect(programs.statusCode, programs.body).toBe(200);
    expect(programs.json().map((p: { buyerIdentification: string }) => p.buyerIdentification)).toEqual([
      'A7R2N9GX000147',
    ]);
  });

  it('is the same entry when imported again in its other spelling, not a second one', async () => {
    await importDocument(t.db, document('12ABC34501DE35', 'A7.R2N.9GX/0001-47'), {
      clock: t.clock,
      notify: false,
    });
    expect(await t.db.$count(companies)).toBe(1);
  });
});
