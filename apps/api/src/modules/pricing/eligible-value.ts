import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { organizations, programProviders, programs } from '../../db/schema';
import { requestTermsAt } from './request-terms';

/** The first eligible due date of each program, by program id, at one instant. */
export type EligibleFromByProgram = ReadonlyMap<number, string>;

/**
 * The first eligible due date of every program of the organization at `now` (eligibility.ts): one small
 * read, since the rule needs the bank calendar, which lives in code, not in the database.
 */
export async function loadEligibleFrom(
  db: Executor,
  organizationId: number,
  now: Date,
): Promise<EligibleFromByProgram> {
  const rows = await db
    .select({
      id: programs.id,
      daysToPay: programs.daysToPay,
      anticipationMaxTime: programs.anticipationMaxTime,
      minDaysToMaturity: programs.minDaysToMaturity,
      timezone: organizations.timezone,
      businessDaysOnly: organizations.businessDaysOnly,
    })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(programs.organizationId, organizationId));
  return new Map(rows.map((row) => [row.id, requestTermsAt(row, row, now).eligibleFrom]));
}

/** SQL: the first eligible due date of the program whose id `programId` gives (null for one not in the map). */
export function eligibleFromSql(
  eligibleFrom: EligibleFromByProgram,
  programId: SQL | AnyPgColumn,
): SQL<string> {
  const programIds = [...eligibleFrom.keys()];
  const dates = programIds.map((id) => eligibleFrom.get(id)!);
  return sql<string>`(select e.eligible_from
    from unnest(${sql.param(programIds)}::int[], ${sql.param(dates)}::date[]) as e(program_id, eligible_from)
    where e.program_id = ${programId})`;
}

/**
 * For the program_providers row in scope: the original values of its AVAILABLE credits that can be advanced
 * now, in centavos. The triggers keep the sum of all AVAILABLE credits (available_value_cents); the few
 * too close to their due date are subtracted, found on the (program provider, expire_date) index. A
 * program missing from the map subtracts nothing: every program of the organization is in it.
 */
export function eligibleValueCents(eligibleFrom: EligibleFromByProgram): SQL<bigint> {
  return sql<bigint>`(${programProviders.availableValueCents} - coalesce((
    select sum(c.original_value_cents)
    from credits c
    where c.program_provider_id = ${programProviders.id} and c.status = 'AVAILABLE'
      and c.expire_date < ${eligibleFromSql(eligibleFrom, programProviders.programId)}
  ), 0))`.mapWith((v) => BigInt(v));
}
