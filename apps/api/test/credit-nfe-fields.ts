import { eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { buyers, companies, credits, programProviders, programs } from '../src/db/schema';
import type { NfeFields } from './nfe-factories';

/**
 * What an NF-e of each credit `where` selects must say to be accepted (invoice-check.ts), read from the
 * database: the supplier's and the buyer's identification, number, series, instalment and value. For the tests
 * that upload a credit's own invoice to a running server (API process tests, browser tests).
 */
export async function nfeFieldsOfCredits(db: Executor, where: SQL | undefined) {
  const rows = await db
    .select({
      id: credits.id,
      issuer: companies.identification,
      recipient: buyers.identification,
      number: credits.nfNumber,
      series: credits.nfSerial,
      installment: credits.installmentNumber,
      cents: credits.originalValueCents,
    })
    .from(credits)
    .innerJoin(programProviders, eq(programProviders.id, credits.programProviderId))
    .innerJoin(companies, eq(companies.id, programProviders.companyId))
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .innerJoin(buyers, eq(buyers.id, programs.buyerId))
    .where(where)
    .orderBy(credits.id);
  return rows.map(({ id, cents, installment, ...party }) => {
    const total = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    const fields: NfeFields = {
      ...party,
      total,
      duplicatas: [{ number: String(installment).padStart(3, '0'), value: total }],
    };
    return { id, fields };
  });
}
