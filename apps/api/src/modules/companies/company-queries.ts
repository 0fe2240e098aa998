import { centsToWire } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, persons, programProviders, teamMembers, users } from '../../db/schema';
import { AppError } from '../../http/app-error';

/**
 * Available credit of a company: AVAILABLE credits in its ACTIVATED participations, in centavos. Each
 * participation keeps the sum of its AVAILABLE credits (triggers, migration 0003): this runs for the company
 * badge of every page, where summing up to 100,000 credit rows cost 10 to 20 ms per request.
 */
const availableCents = sql<bigint>`coalesce((
  select sum(${programProviders.availableValueCents})
  from ${programProviders}
  where ${programProviders.companyId} = ${companies.id}
    and ${programProviders.status} = 'ACTIVATED'
), 0)`.mapWith((v) => BigInt(v));

/**
 * The companies where the user is an active team member. No membership at all is error.user.noCompany;
 * memberships that are all inactive are error.person.notTeamMember (PORTAL_SPEC 6).
 */
export async function listMyCompanies(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      type: companies.type,
      identification: companies.identification,
      canAnticipate: companies.canAnticipate,
      active: teamMembers.active,
      valueCents: availableCents,
    })
    .from(teamMembers)
    .innerJoin(persons, eq(persons.id, teamMembers.personId))
    .innerJoin(companies, eq(companies.id, teamMembers.companyId))
    .where(eq(persons.userId, userId))
    .orderBy(asc(companies.name), asc(companies.id));
  if (rows.length === 0) throw new AppError('error.user.noCompany');
  const active = rows.filter((r) => r.active);
  if (active.length === 0) throw new AppError('error.person.notTeamMember');
  return active.map(({ active: _active, valueCents, ...company }) => ({
    ...company,
    value: centsToWire(valueCents),
  }));
}

export type MyCompany = Awaited<ReturnType<typeof listMyCompanies>>[number];

/** The chosen default when it is still an active membership, else the first membership. */
export async function getDefaultCompany(db: Executor, userId: number): Promise<MyCompany> {
  const mine = await listMyCompanies(db, userId);
  const [user] = await db
    .select({ defaultCompanyId: users.defaultCompanyId })
    .from(users)
    .where(eq(users.id, userId));
  return mine.find((c) => c.id === user?.defaultCompanyId) ?? mine[0]!;
}

/** Another company's id is 404, exactly like an id that does not exist: nothing leaks. */
export async function setDefaultCompany(db: Executor, userId: number, companyId: number): Promise<MyCompany> {
  const company = (await listMyCompanies(db, userId)).find((c) => c.id === companyId);
  if (!company) throw new AppError('error.company.notFound');
  await db.update(users).set({ defaultCompanyId: companyId }).where(eq(users.id, userId));
  return company;
}
