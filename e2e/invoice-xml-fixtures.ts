import { and, eq, like } from 'drizzle-orm';
import { credits } from '../apps/api/src/db/schema';
import { nfeFieldsOfCredits } from '../apps/api/test/credit-nfe-fields';
import { type NfeFields, signedNfeProc } from '../apps/api/test/nfe-factories';
import { runDatabase } from './data-fixtures';

/**
 * A signed NF-e XML of one of the world's credits (the API's test signer: a key and self-signed certificate
 * made with openssl), what its upload is checked against read from the run's database: the supplier's and
 * the buyer's identification, number, series, instalment and value.
 */
export async function nfeOfCredit(tag: string, nfNumber: string, overrides: Partial<NfeFields> = {}) {
  const [credit] = await nfeFieldsOfCredits(
    runDatabase(),
    and(eq(credits.nfNumber, nfNumber), like(credits.ref, `%-${tag}`)),
  );
  if (!credit) throw new Error(`no credit ${nfNumber} in world ${tag}`);
  return signedNfeProc({ ...credit.fields, ...overrides });
}
