import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database';
import { countRows, smallDocument } from '../../../test/import-documents';
import { funders, programFunders, programs } from '../../db/schema';
import { frozenClock } from '../../lib/clock';
import { importDocument } from './import-document';
import { ImportError } from './import-error';

/* Funders and the programs that admit them (docs/import-format.md#funders). */

const clock = frozenClock(new Date('2026-03-10T10:00:00-03:00'));
const { db } = await freshDatabase();

const bancoSul = {
  ref: 'f-sul',
  organization: 'acme',
  name: 'Banco Sul S.A.',
  identification: '60.701.190/0001-04',
};
// An alphanumeric CNPJ (from July 2026), its check digits valid.
const fidcNorte = {
  ref: 'f-norte',
  organization: 'acme',
  name: 'FIDC Norte',
  identification: '12.abc.345/01de-35',
};

function withFunders(admitted: string[], houseOffer?: boolean) {
  const doc = smallDocument();
  Object.assign(doc, { funders: [bancoSul, fidcNorte] });
  Object.assign(doc.programs[0]!, { funders: admitted, ...(houseOffer === undefined ? {} : { houseOffer }) });
  return doc;
}

async function admitted(programRef: string) {
  const rows = await db
    .select({ ref: funders.ref })
    .from(programFunders)
    .innerJoin(funders, eq(funders.id, programFunders.funderId))
    .innerJoin(programs, eq(programs.id, programFunders.programId))
    .where(eq(programs.ref, programRef))
    .orderBy(funders.ref);
  return rows.map((row) => row.ref);
}

async function expectRefused(doc: unknown, message: RegExp) {
  const before = await countRows(db);
  const error = await importDocument(db, doc, { clock, notify: false }).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ImportError);
  expect((error as ImportError).message).toMatch(message);
  expect(await countRows(db)).toEqual(before);
}

describe('funders in the import document', () => {
  it('stores funders with their CNPJ normalised, and the program admits the listed ones', async () => {
    const summary = await importDocument(db, withFunders(['f-sul', 'f-norte']), { clock, notify: false });
    expect(summary.counts.funders).toEqual({ created: 2, updated: 0 });
    const stored = await db
      .select({ ref: funders.ref, name: funders.name, identification: funders.identification })
      .from(funders)
      .orderBy(funders.ref);
    expect(stored).toEqual([
      { ref: 'f-norte', name: 'FIDC Norte', identification: '12ABC34501DE35' },
      { ref: 'f-sul', name: 'Banco Sul S.A.', identification: '60701190000104' },
    ]);
    expect(await admitted('p1')).toEqual(['f-norte', 'f-sul']);
    const [program] = await db.select({ houseOffer: programs.houseOffer }).from(programs);
    expect(program).toEqual({ houseOffer: true });
  });

  it('an entry states the whole program: admissions follow the file, and houseOffer: false drops the house offer', async () => {
    const summary = await importDocument(db, withFunders(['f-norte'], false), { clock, notify: false });
    expect(summary.counts.funders).toEqual({ created: 0, updated: 2 });
    expect(await admitted('p1')).toEqual(['f-norte']);
    const [program] = await db.select({ houseOffer: programs.houseOffer }).from(programs);
    expect(program).toEqual({ houseOffer: false });
    // A program entry without `funders` admits none, as one without `iof` has no IOF.
    await importDocument(db, smallDocument(), { clock, notify: false });
    expect(await admitted('p1')).toEqual([]);
  });

  it('refuses a funder whose CNPJ is not one, a program admitting an unknown funder or one twice, nothing written', async () => {
    const badCnpj = withFunders([]);
    Object.assign(badCnpj, { funders: [{ ...bancoSul, identification: '60.701.190/0001-05' }] });
    await expectRefused(badCnpj, /^funders\[0\]\.identification: validation\.cnpj\.invalid/);
    await expectRefused(
      withFunders(['f-leste']),
      /^programs\[0\]\.funders\[0\]: no funder with ref "f-leste"/,
    );
    await expectRefused(
      withFunders(['f-sul', 'f-norte', 'f-sul']),
      /^programs\[0\]\.funders\[2\]: validation\.ref\.duplicate/,
    );
  });
});
