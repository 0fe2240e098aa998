import { centsToWire } from '@portal/contract';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buyers, programFunders, programProviders, programs } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findDefaultCompanyProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { findDefaultMembership } from '../companies/company-queries';
import { eligibleValueCents, loadEligibleFrom } from '../pricing/eligible-value';

/**
 * The default company's programs, largest available value first, then by name. INACTIVATED participations
 * are listed (the screens explain them) with nothing to advance, as the company's own value leaves them out;
 * so are all the participations of a company that may not anticipate. REMOVED ones are gone for the supplier.
 */
export async function listMyPrograms(
  db: Executor,
  caller: AuthenticatedUser,
  input: { limit: number | undefined; now: Date },
) {
  const [company, eligibleFrom] = await Promise.all([
    findDefaultMembership(db, caller.id),
    loadEligibleFrom(db, caller.organizationId, input.now),
  ]);
  // An inactive participation, or any of a company that may not anticipate, can advance nothing now,
  // whatever its credits are worth.
  const valueCents = company.canAnticipate
    ? sql<bigint>`case when ${programProviders.status} = 'ACTIVATED'
    then ${eligibleValueCents(eligibleFrom)} else 0 end`.mapWith((v) => BigInt(v))
    : sql<bigint>`0::bigint`.mapWith((v) => BigInt(v));
  const query = db
    .select({
      id: programs.id,
      name: programs.name,
      color: programs.color,
      providerId: programProviders.id,
      providerStatus: programProviders.status,
      buyerType: buyers.type,
      buyerIdentification: buyers.identification,
      buyerName: buyers.name,
      // Requesting or cancelling here needs the transaction PIN: the web app asks it before it sends.
      requirePin: programs.requirePin,
      // The simulation offers to ask the funders for bids on a set worth at least this, where there are funders.
      quoteMinimumCents: programs.quoteMinimumCents,
      admitsFunders: sql<boolean>`exists (select 1 from ${programFunders} where ${programFunders.programId} = ${programs.id})`,
      // What the participation could anticipate now: the original values of its credits that can be
      // advanced (the triggers' sum of AVAILABLE credits less the few too close to their due date).
      valueCents,
    })
    .from(programProviders)
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .innerJoin(buyers, eq(buyers.id, programs.buyerId))
    .where(and(eq(programProviders.companyId, company.id), ne(programProviders.status, 'REMOVED')))
    .orderBy(desc(valueCents), asc(programs.name), asc(programs.id));
  const rows = input.limit === undefined ? await query : await query.limit(input.limit);
  return rows.map(({ valueCents, quoteMinimumCents, admitsFunders, ...program }) => ({
    ...program,
    value: centsToWire(valueCents),
    quoteMinimum: admitsFunders ? centsToWire(quoteMinimumCents) : null,
  }));
}

/**
 * The default company's participation in a program, for the program-level calls. Not taking part, a REMOVED
 * participation and a program that does not exist all answer the same 404 error.program.notFound.
 */
export async function findMyProgramParticipation(db: Executor, caller: AuthenticatedUser, programId: number) {
  try {
    return await findDefaultCompanyProgramProvider(db, caller, programId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'error.notFound')
      throw new AppError('error.program.notFound');
    throw err;
  }
}
