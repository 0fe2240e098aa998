import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database';
import { countRows, credit, smallDocument } from '../../../test/import-documents';
import { credits, invites, users } from '../../db/schema';
import { frozenClock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { importDocument } from './import-document';
import { ImportError } from './import-error';

const clock = frozenClock(new Date('2026-03-10T10:00:00-03:00'));
const { db } = await freshDatabase();

/** Imports a document that must be refused, and checks that it left the database as it found it. */
async function expectRejected(doc: unknown, message: RegExp) {
  const before = await countRows(db);
  const error = await importDocument(db, doc, { clock }).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ImportError);
  expect((error as ImportError).message).toMatch(message);
  expect(await countRows(db)).toEqual(before);
}

describe('a bad file is refused whole, naming the first bad entry', () => {
  it('a money value with three decimals, after valid credits', async () => {
    const doc = smallDocument();
    doc.credits.push(credit('k4', '12.345'), credit('k5', '1.2.3'));
    await expectRejected(
      doc,
      /^credits\[3\]\.originalValue: validation\.money\.invalid: .* \(got "12\.345"\)$/,
    );
    expect(Object.values(await countRows(db)).every((n) => n === 0)).toBe(true);
  });

  it('a new user without a password (an existing one keeps theirs: import-document.test.ts)', async () => {
    const doc = smallDocument();
    delete (doc.users[0] as { password?: string }).password;
    await expectRejected(
      doc,
      /^users\[0\]\.password: validation\.required: a new user needs a password \(missing\)$/,
    );
  });

  it('a CNPJ with wrong check digits', async () => {
    const doc = smallDocument();
    doc.companies[0]!.identification = '11444777000162';
    await expectRejected(doc, /^companies\[0\]\.identification: validation\.cnpj\.invalid/);
  });

  it('an alphanumeric CNPJ with a wrong check digit, named with what was given', async () => {
    const doc = smallDocument();
    doc.buyers[0]!.identification = '12.ABC.345/01DE-36';
    await expectRejected(
      doc,
      /^buyers\[0\]\.identification: validation\.cnpj\.invalid: not a valid CNPJ .*\(got "12ABC34501DE36"\)$/,
    );
  });

  it('a program pointing at a buyer that does not exist, after the entries before it were written', async () => {
    const doc = smallDocument();
    doc.programs[0]!.buyer = 'nobody';
    await expectRejected(doc, /^programs\[0\]\.buyer: no buyer with ref "nobody" in organization "acme"$/);
  });

  it('a credit pointing at a missing program provider, behind valid ones', async () => {
    const doc = smallDocument();
    doc.credits.push({ ...credit('k9', '10.00'), programProvider: 'pp9' });
    await expectRejected(doc, /^credits\[3\]\.programProvider: no program provider with ref "pp9"$/);
  });

  it('an unknown organization, company or key', async () => {
    const unknownOrg = smallDocument();
    unknownOrg.buyers[0]!.organization = 'elsewhere';
    await expectRejected(unknownOrg, /^buyers\[0\]\.organization: no organization with slug "elsewhere"$/);
    const unknownCompany = smallDocument();
    unknownCompany.invites[0]!.company = 'c9';
    await expectRejected(
      unknownCompany,
      /^invites\[0\]\.company: no company with ref "c9" in organization "acme"$/,
    );
    const typo = { ...smallDocument(), credit: [] };
    await expectRejected(typo, /^\(document\): unknown key "credit"/);
  });

  it('a document that is not an object', async () => {
    await expectRejected([], /^\(document\): /);
  });
});

describe('a good file', () => {
  it('stores money exactly, hashes secrets and reports generated invite links', async () => {
    const result = await importDocument(db, smallDocument(), { clock });
    const values = await db.select({ ref: credits.ref, cents: credits.originalValueCents }).from(credits);
    expect(Object.fromEntries(values.map((v) => [v.ref, v.cents]))).toEqual({
      k1: 1000000n,
      k2: 2543217n,
      k3: 35000n,
    });

    const [user] = await db.select().from(users);
    expect(user!.login).toBe('supplier@example.test');
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.acceptedTermsVersion).toBe('2026-01');

    expect(result.inviteLinks).toHaveLength(1);
    const { link, email } = result.inviteLinks[0]!;
    expect(email).toBe('new.user@example.test');
    const url = new URL(link, 'http://portal.test');
    expect(url.searchParams.get('companyName')).toBe('Supplier Ltda');
    expect(url.searchParams.get('identification')).toBe('11444777000161');
    expect(url.searchParams.get('organizationName')).toBe('Acme Platform');
    const token = decodeURIComponent(url.pathname.replace('/accept-invite/', ''));
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [invite] = await db
      .select()
      .from(invites)
      .where(eq(invites.tokenHash, sha256Hex(token)));
    expect(invite).toMatchObject({ email: 'new.user@example.test', status: 'OPEN' });
  });

  it('may hold only some kinds, pointing at what earlier files loaded', async () => {
    const result = await importDocument(db, { credits: [credit('k10', '99.90')] }, { clock });
    expect(result.counts.credits).toEqual({ created: 1, updated: 0 });
    const [row] = await db.select().from(credits).where(eq(credits.ref, 'k10'));
    expect(row).toMatchObject({ originalValueCents: 9990n, buyerName: 'Buyer S.A.' });
  });

  it('refuses a second participation of a company in the same program', async () => {
    const second = {
      ref: 'pp2',
      program: 'p1',
      company: 'c1',
      status: 'ACTIVATED',
      providerCanNotAnticipateHtml: null,
    };
    await expectRejected(
      { programProviders: [second] },
      /^programProviders\[0\]\.company: this company already takes part in this program as program provider "pp1"$/,
    );
  });
});
