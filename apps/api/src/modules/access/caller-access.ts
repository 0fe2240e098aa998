import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
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
import { currentFunderOfferBands, offersOfProgram } from '../offers/offer-pricing';
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
  return withCallerAccess(db.select(accessColumns).from(programProviders).$dynamic()).prepare(
    'caller_program_provider',
  );
}

/**
 * The same check that also reads the program's offers valid now (listOffersOf's answer), for the credit list:
 * its page is three round trips, like the least a correct page can do, instead of five
 * (docs/decisions/api-speed.md#offers-in-access).
 */
function prepareCallerProgramProviderOffers(db: Executor) {
  return withCallerAccess(
    db
      .select({ ...accessColumns, funderOfferBands: currentFunderOfferBands(sql.placeholder('now')) })
      .from(programProviders)
      .$dynamic(),
  ).prepare('caller_program_provider_offers');
}

const accessColumns = {
  programProvider: programProviders,
  program: programs,
  company: companies,
  buyer: buyers,
  organization: pricingOrganizationColumns,
  iofHistory,
};

/** The participation through the caller's active team membership, not removed: the access rule, in one place. */
function withCallerAccess<Q extends PgSelect>(query: Q) {
  return (
    query
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
  );
}

const callerProgramProviderQueries = new WeakMap<Executor, ReturnType<typeof prepareCallerProgramProvider>>();
const callerOffersQueries = new WeakMap<Executor, ReturnType<typeof prepareCallerProgramProviderOffers>>();

/** findCallerProgramProvider, plus the offers that price the program's credits at `now` (listOffersOf's). */
export async function findCallerProgramProviderWithOffers(
  db: Executor,
  caller: Pick<AuthenticatedUser, 'id'>,
  programProviderId: number,
  now: Date,
) {
  let query = callerOffersQueries.get(db);
  if (!query) {
    query = prepareCallerProgramProviderOffers(db);
    callerOffersQueries.set(db, query);
  }
  const [row] = await query.execute({ programProviderId, userId: caller.id, now: now.toISOString() });
  if (!row) throw new AppError('error.notFound');
  const { funderOfferBands, ...found } = row;
  return { found, offers: offersOfProgram(found.program.houseOffer, funderOfferBands) };
}

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
