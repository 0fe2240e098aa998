import type { BatchFunder } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { batches, buyers, funders, programProviders, programs } from '../../db/schema';

/*
 * Who pays the supplier for a request, as the supplier's calls, statement and receipt name it
 * (docs/product/requests.md#funder): the funder it records (`batches.funder_id`), or the house, named with the
 * buyer's name, when it records none (the program's own rate, as every request before funders existed).
 */

/** The funder of a request whose funder's name (null for the house) and buyer's name were read with it. */
export function batchFunderOf(funderName: string | null, buyerName: string): BatchFunder {
  return funderName === null ? { name: buyerName, house: true } : { name: funderName, house: false };
}

/** Reads one request's funder. */
export async function findBatchFunder(db: Executor, batchId: number): Promise<BatchFunder> {
  const [row] = await db
    .select({ funderName: funders.name, buyerName: buyers.name })
    .from(batches)
    .innerJoin(programProviders, eq(programProviders.id, batches.programProviderId))
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .innerJoin(buyers, eq(buyers.id, programs.buyerId))
    .leftJoin(funders, eq(funders.id, batches.funderId))
    .where(eq(batches.id, batchId));
  if (!row) throw new Error(`batch ${batchId} not found for its funder`);
  return batchFunderOf(row.funderName, row.buyerName);
}
