import { centsToWire } from '@portal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, persons, programProviders, teamMembers, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../auth/tokens';
import { eligibleValueCents, loadEligibleFrom } from '../pricing/eligible-value';
import { hasBankAccount } from './anticipation-rules';

/**
 * The companies where the user is an active team member. No membership at all is error.user.noCompany;
 * memberships that are all inactive are error.person.notTeamMember
 * (docs/product/accounts-and-sessions.md#roles-and-permissions).
 */
async function listMemberships(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      type: companies.type,
      identification: companies.identification,
      canAnticipate: companies.canAnticipate,
      bankCode: companies.bankCode,
      bankBranch: companies.bankBranch,
      bankAccount: companies.bankAccount,
      active: teamMembers.active,
    })
    .from(teamMembers)
    .innerJoin(persons, eq(persons.id, teamMembers.personId))
    .innerJoin(companies, eq(companies.id, teamMembers.companyId))
    .where(eq(persons.userId, userId))
    .orderBy(asc(companies.name), asc(companies.id));
  if (rows.length === 0) throw new AppError('error.user.noCompany');
  const active = rows.filter((r) => r.active);
  if (active.length === 0) throw new AppError('error.person.notTeamMember');
  return active.map(({ active: _active, bankCode, bankBranch, bankAccount, ...company }) => ({
    ...company,
    hasBankAccount: hasBankAccount({ bankCode, bankBranch, bankAccount }),
  }));
}

export type Membership = Awaited<ReturnType<typeof listMemberships>>[number];

/** The chosen default when it is still an active membership, else the first membership. */
export async function findDefaultMembership(db: Executor, userId: number): Promise<Membership> {
  const mine = await listMemberships(db, userId);
  const [user] = await db
    .select({ defaultCompanyId: users.defaultCompanyId })
    .from(users)
    .where(eq(users.id, userId));
  return mine.find((c) => c.id === user?.defaultCompanyId) ?? mine[0]!;
}

/**
 * Each company with its available value: the original values of the credits it can advance now in its
 * ACTIVATED participations (eligible-value.ts), in one query over the participations. A company that may not
 * anticipate can advance nothing, whatever its credits are worth: 0.
 */
async function withValues(db: Executor, caller: AuthenticatedUser, now: Date, mine: Membership[]) {
  const eligibleFrom = await loadEligibleFrom(db, caller.organizationId, now);
  const sums = await db
    .select({
      companyId: programProviders.companyId,
      cents: sql<string>`sum(${eligibleValueCents(eligibleFrom)})::text`,
    })
    .from(programProviders)
    .where(
      and(
        inArray(
          programProviders.companyId,
          mine.map((c) => c.id),
        ),
        eq(programProviders.status, 'ACTIVATED'),
      ),
    )
    .groupBy(programProviders.companyId);
  const cents = new Map(sums.map((row) => [row.companyId, BigInt(row.cents)]));
  const advanceable = (company: Membership) => (company.canAnticipate ? (cents.get(company.id) ?? 0n) : 0n);
  return mine.map((company) => ({ ...company, value: centsToWire(advanceable(company)) }));
}

export async function listMyCompanies(db: Executor, caller: AuthenticatedUser, now: Date) {
  return withValues(db, caller, now, await listMemberships(db, caller.id));
}

export type MyCompany = Awaited<ReturnType<typeof listMyCompanies>>[number];

export async function getDefaultCompany(
  db: Executor,
  caller: AuthenticatedUser,
  now: Date,
): Promise<MyCompany> {
  const [company] = await withValues(db, caller, now, [await findDefaultMembership(db, caller.id)]);
  return company!;
}

/** Another company's id is 404, exactly like an id that does not exist: nothing leaks. */
export async function setDefaultCompany(
  db: Executor,
  caller: AuthenticatedUser,
  companyId: number,
  now: Date,
): Promise<MyCompany> {
  const company = (await listMemberships(db, caller.id)).find((c) => c.id === companyId);
  if (!company) throw new AppError('error.company.notFound');
  await db.update(users).set({ defaultCompanyId: companyId }).where(eq(users.id, caller.id));
  const [withValue] = await withValues(db, caller, now, [company]);
  return withValue!;
}
