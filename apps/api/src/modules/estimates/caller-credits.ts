import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { credits, persons, programProviders, teamMembers } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** The columns a credit needs to be priced and shown in an estimate. */
export const pricedCreditColumns = {
  id: credits.id,
  nfNumber: credits.nfNumber,
  nfSerial: credits.nfSerial,
  installmentNumber: credits.installmentNumber,
  expireDate: credits.expireDate,
  originalValueCents: credits.originalValueCents,
  kind: credits.kind,
  invoiceUploaded: credits.invoiceUploaded,
};

export type PricedCredit = {
  id: number;
  nfNumber: string;
  nfSerial: string;
  installmentNumber: number;
  expireDate: string;
  originalValueCents: bigint;
  kind: 'GOODS' | 'SERVICE';
  invoiceUploaded: boolean;
};

/** One order everywhere (estimate, frozen batch figures), so the same credits always give the same JSON. */
export function sortCredits<T extends { id: number; expireDate: string }>(rows: T[]): T[] {
  return rows.sort((a, b) =>
    a.expireDate === b.expireDate ? a.id - b.id : a.expireDate < b.expireDate ? -1 : 1,
  );
}

/** A JSON array of ids as ONE parameter, whatever its length (`= any($1)`), instead of one per id. */
export function idArray(ids: readonly number[]) {
  return sql`${sql.param(ids)}::int[]`;
}

/** Ids of the companies where the user is an active team member. */
export async function listCallerCompanyIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ companyId: teamMembers.companyId })
    .from(teamMembers)
    .innerJoin(persons, eq(persons.id, teamMembers.personId))
    .where(and(eq(persons.userId, userId), eq(teamMembers.active, true)));
  return new Set(rows.map((r) => r.companyId));
}

/**
 * The chosen credits, checked as one set (docs/product/requests.md#credit-set). Checked in this order so
 * another company's credit never reveals its status or figures: any credit of a company the caller is not an
 * active member of is error.request.wrongProvider; then an unknown id, a credit that is not AVAILABLE or one
 * of a REMOVED participation is error.credit.notfound; then credits of several participations
 * error.request.multiplePrograms.
 */
export async function resolveCallerCredits(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<{ programProviderId: number; programId: number; credits: PricedCredit[] }> {
  const [companyIds, rows] = await Promise.all([
    listCallerCompanyIds(db, userId),
    db
      .select({
        ...pricedCreditColumns,
        status: credits.status,
        programProviderId: credits.programProviderId,
        programId: programProviders.programId,
        programProviderStatus: programProviders.status,
        companyId: programProviders.companyId,
      })
      .from(credits)
      .innerJoin(programProviders, eq(programProviders.id, credits.programProviderId))
      .where(sql`${credits.id} = any(${idArray(ids)})`)
      .orderBy(asc(credits.expireDate), asc(credits.id)),
  ]);
  if (rows.some((r) => !companyIds.has(r.companyId))) throw new AppError('error.request.wrongProvider');
  const claimable = rows.filter((r) => r.status === 'AVAILABLE' && r.programProviderStatus !== 'REMOVED');
  if (claimable.length !== ids.length) throw new AppError('error.credit.notfound');
  const programProviderIds = new Set(rows.map((r) => r.programProviderId));
  if (programProviderIds.size > 1) throw new AppError('error.request.multiplePrograms');
  const { programProviderId, programId } = rows[0]!;
  return {
    programProviderId,
    programId,
    credits: rows.map((row) => ({
      id: row.id,
      nfNumber: row.nfNumber,
      nfSerial: row.nfSerial,
      installmentNumber: row.installmentNumber,
      expireDate: row.expireDate,
      originalValueCents: row.originalValueCents,
      kind: row.kind,
      invoiceUploaded: row.invoiceUploaded,
    })),
  };
}

/** Every AVAILABLE credit of one participation due on or after `eligibleFrom`, in estimate order. */
export async function listEligibleCredits(
  db: Executor,
  programProviderId: number,
  eligibleFrom: string,
): Promise<PricedCredit[]> {
  return db
    .select(pricedCreditColumns)
    .from(credits)
    .where(
      and(
        eq(credits.programProviderId, programProviderId),
        eq(credits.status, 'AVAILABLE'),
        gte(credits.expireDate, eligibleFrom),
      ),
    )
    .orderBy(asc(credits.expireDate), asc(credits.id));
}
