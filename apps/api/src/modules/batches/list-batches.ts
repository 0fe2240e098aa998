import { type BatchSummary, centsToWire } from '@portal/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { batchCredits, batches, buyers, funders, programProviders, programs } from '../../db/schema';
import { findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { findDefaultMembership } from '../companies/company-queries';
import { batchFunderOf } from './batch-funder';

/**
 * A select's column: how many credits the request holds (live or released). Qualified by hand: inside a one-table
 * select Drizzle leaves column names bare, and a bare "id" in the subquery would be batch_credits.id.
 */
export const batchCreditCount = () =>
  sql<number>`(select count(*) from ${batchCredits} bc where bc.batch_id = ${batches}.id)`.mapWith(Number);

export type BatchesQuery = { programProviderId?: number | undefined; page: number; size: number };

/**
 * The history page: one participation's requests (only through the caller's memberships, 404 otherwise),
 * or, without one, every request of the default company. Newest first; ties by id so pages never overlap.
 */
export async function listBatches(db: Executor, caller: AuthenticatedUser, query: BatchesQuery) {
  const scope = await scopeOf(db, caller, query.programProviderId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: batches.id,
        createdAt: batches.createdAt,
        status: batches.status,
        automatic: batches.automatic,
        netValueCents: batches.netValueCents,
        originalValueCents: batches.originalValueCents,
        paymentDate: batches.paymentDate,
        daysToPay: batches.daysToPay,
        creditCount: batchCreditCount(),
        funderName: funders.name,
        buyerName: buyers.name,
      })
      .from(batches)
      .innerJoin(programProviders, eq(programProviders.id, batches.programProviderId))
      .innerJoin(programs, eq(programs.id, programProviders.programId))
      .innerJoin(buyers, eq(buyers.id, programs.buyerId))
      .leftJoin(funders, eq(funders.id, batches.funderId))
      .where(scope)
      .orderBy(desc(batches.createdAt), desc(batches.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(batches).where(scope),
  ]);
  const totalElements = total?.n ?? 0;
  const content: BatchSummary[] = rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    automatic: row.automatic,
    value: centsToWire(row.netValueCents),
    originalValue: centsToWire(row.originalValueCents),
    creditCount: row.creditCount,
    paymentDate: row.paymentDate,
    daysToPay: row.daysToPay,
    funder: batchFunderOf(row.funderName, row.buyerName),
  }));
  return {
    content,
    number: query.page,
    size: query.size,
    last: (query.page + 1) * query.size >= totalElements,
    totalElements,
  };
}

async function scopeOf(
  db: Executor,
  caller: AuthenticatedUser,
  programProviderId: number | undefined,
): Promise<SQL> {
  if (programProviderId !== undefined) {
    const { programProvider } = await findCallerProgramProvider(db, caller, programProviderId);
    return eq(batches.programProviderId, programProvider.id);
  }
  const company = await findDefaultMembership(db, caller.id);
  // REMOVED participations are hidden everywhere else, so their requests are too.
  const visible = db
    .select({ id: programProviders.id })
    .from(programProviders)
    .where(and(eq(programProviders.companyId, company.id), sql`${programProviders.status} <> 'REMOVED'`));
  return inArray(batches.programProviderId, visible);
}
