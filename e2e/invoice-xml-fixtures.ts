import { and, eq, like } from 'drizzle-orm';
import { buyers, companies, credits, programProviders, programs } from '../apps/api/src/db/schema';
import { type NfeFields, signedNfeProc } from '../apps/api/test/nfe-factories';
import { runDatabase } from './data-fixtures';

/**
 * A signed NF-e XML of one of the world's credits (the API's test signer: a key and self-signed certificate
 * made with openssl), what its upload is checked against read from the run's database: the supplier's and
 * the buyer's identification, number, series, instalment and value.
 */
export async function nfeOfCredit(tag: string, nfNumber: string, overrides: Partial<NfeFields> = {}) {
  const [credit] = await runDatabase()
    .select({
      nfNumber: credits.nfNumber,
      nfSerial: credits.nfSerial,
      installmentNumber: credits.installmentNumber,
      originalValueCents: credits.originalValueCents,
      supplier: companies.identification,
      buyer: buyers.identification,
    })
    .from(credits)
    .innerJoin(programProviders, eq(programProviders.id, credits.programProviderId))
    .innerJoin(companies, eq(companies.id, programProviders.companyId))
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .innerJoin(buyers, eq(buyers.id, programs.buyerId))
    .where(and(eq(credits.nfNumber, nfNumber), like(credits.ref, `%-${tag}`)));
  if (!credit) throw new Error(`no credit ${nfNumber} in world ${tag}`);
  const cents = credit.originalValueCents;
  const value = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return signedNfeProc({
    issuer: credit.supplier,
    recipient: credit.buyer,
    number: credit.nfNumber,
    series: credit.nfSerial,
    total: value,
    duplicatas: [{ number: String(credit.installmentNumber).padStart(3, '0'), value }],
    ...overrides,
  });
}
