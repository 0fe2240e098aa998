import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { batches, programProviders } from '../../db/schema';
import { loadPricingContext } from '../pricing/pricing-context';

/**
 * The payment date a request made at `now` in the program gets: the requests of one business day share it (the
 * day a request is taken, moved by the program's days to pay), so it names the day a funder's capacity counts.
 */
export async function capacityDayOf(db: Executor, programId: number, now: Date): Promise<string> {
  return (await loadPricingContext(db, programId, now)).paymentDate;
}

/**
 * What a funder's requests in a program take of its capacity on one business day (docs/product/funders.md#capacity):
 * the original values of its REQUESTED and PAID requests paid on `paymentDate`, in centavos. A rejected or
 * cancelled request gives its value back.
 */
export async function usedCapacity(
  db: Executor,
  input: { funderId: number; programId: number; paymentDate: string },
): Promise<bigint> {
  const { rows } = await db.execute<{ used: bigint }>(
    sql`select ${usedCapacitySql(sql`${input.funderId}`, sql`${input.programId}`, input.paymentDate)} as used`,
  );
  return BigInt(rows[0]?.used ?? 0n);
}

/** The same sum as an SQL expression (int8) of a funder and a program, for a query that reads offers with it. */
export function usedCapacitySql(funderId: SQL, programId: SQL, paymentDate: string): SQL<bigint> {
  return sql<bigint>`(select coalesce(sum(${batches.originalValueCents}), 0)::int8
    from ${batches} join ${programProviders} on ${programProviders.id} = ${batches.programProviderId}
    where ${batches.funderId} = ${funderId} and ${programProviders.programId} = ${programId}
      and ${batches.paymentDate} = ${paymentDate} and ${inArray(batches.status, ['REQUESTED', 'PAID'])})`;
}
