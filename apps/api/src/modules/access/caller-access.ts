import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  buyers,
  companies,
  organizations,
  persons,
  programProviders,
  programs,
  teamMembers,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../auth/tokens';
import { findDefaultMembership } from '../companies/company-queries';
import { iofHistory, pricingOrganizationColumns } from '../pricing/pricing-context';

/**
 * Authorization for early-payment objects: an id is usable only through the caller's ACTIVE team
 * memberships. Anything else (another company's id, or an id that does not exist) is the same 404, so the
 * answer never tells whether someone else's object exists.
 */
export async function findCallerProgramProvider(
  db: Executor,
  caller: Pick<AuthenticatedUser, 'id'>,
  programProviderId: number,
) {
  let query = callerProgramProviderQueries.get(db);
  if (!query) {
    query = prepareCallerProgramProvider(db);
    callerProgramProviderQueries.set(db, query);
  }
  const [row] = await query.execute({ programProviderId, userId: caller.id });
  if (!row) throw new AppError('error.notFound');
  return row;
}

/**
 * On every list, estimate and batch request: a named prepared statement (built and planned once). It also
 * reads what pricing needs (the organization's zone and calendar, the IOF history: pricingContextOf), so the
 * credit list prices its page without another round trip.
 */
function prepareCallerProgramProvider(db: Executor) {
  return (
    db
      .select({
        programProvider: programProviders,
        program: programs,
        company: companies,
        buyer: buyers,
        organization: pricingOrganizationColumns,
        iofHistory,
      })
      .from(programProviders)
      .innerJoin(programs, eq(programs.id, programProviders.programId))
      .innerJoin(organizations, eq(organizations.id, programs.organizationId))
      .innerJoin(buyers, eq(buyers.id, programs.buyerId))
      .innerJoin(companies, eq(companies.id, programProviders.companyId))
      .innerJoin(teamMembers, and(eq(teamMembers.companyId, companies.id), eq(teamMembers.active, true)))
      .innerJoin(
        persons,
        and(eq(persons.id, teamMembers.personId), eq(persons.userId, sql.placeholder('userId'))),
      )
      // A REMOVED participation is gone for the supplier, exactly like one that never existed.
      .where(
        and(
          eq(programProviders.id, sql.placeholder('programProviderId')),
          ne(programProviders.status, 'REMOVED'),
        ),
      )
      .prepare('caller_program_provider')
  );
}

const callerProgramProviderQueries = new WeakMap<Executor, ReturnType<typeof prepareCallerProgramProvider>>();

export type CallerProgramProvider = Awaited<ReturnType<typeof findCallerProgramProvider>>;

/**
 * The caller's default company's participation in a program (the program-level calls,
 * docs/product/calls.md#programs).
 */
export async function findDefaultCompanyProgramProvider(
  db: Executor,
  caller: AuthenticatedUser,
  programId: number,
) {
  const company = await findDefaultMembership(db, caller.id);
  const [row] = await db
    .select({ id: programProviders.id })
    .from(programProviders)
    .where(and(eq(programProviders.programId, programId), eq(programProviders.companyId, company.id)));
  if (!row) throw new AppError('error.program.notFound');
  return findCallerProgramProvider(db, caller, row.id);
}
