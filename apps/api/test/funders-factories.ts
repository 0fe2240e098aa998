import { inArray } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { batches, funders } from '../src/db/schema';

/*
 * Funders for the tests of what a funder's client sees (docs/product/funders.md#clients). Nothing records who
 * funds a request yet (the estimate's offers will), so the tests say it of their requests here.
 */

/** A funder of the organization (as the import writes one), answering its id. */
export async function createFunder(db: Database, organizationId: number, ref: string): Promise<number> {
  const [row] = await db
    .insert(funders)
    .values({ organizationId, ref, name: `Funder ${ref}`, identification: '60701190000104' })
    .returning({ id: funders.id });
  return row!.id;
}

/** Records that the funder funds these requests. */
export async function fundRequests(db: Database, funderId: number, batchIds: number[]): Promise<void> {
  await db.update(batches).set({ funderId }).where(inArray(batches.id, batchIds));
}
