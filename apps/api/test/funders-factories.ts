import { buildPath, putOfferCall } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { batches, funders, programFunders } from '../src/db/schema';
import type { TestApp } from './app';
import type { Supplier } from './estimates-factories';
import { funderToken } from './machine-clients';

/*
 * Funders for the tests (docs/product/funders.md): one written as the import writes it, one that takes the
 * supplier's requests at a real offer, or requests marked as a funder's where only who funds them matters.
 */

/** A funder of the organization (as the import writes one), answering its id. */
export async function createFunder(
  db: Database,
  organizationId: number,
  ref: string,
  name = `Funder ${ref}`,
): Promise<number> {
  const [row] = await db
    .insert(funders)
    .values({ organizationId, ref, name, identification: '60701190000104' })
    .returning({ id: funders.id });
  return row!.id;
}

/**
 * A funder of the supplier's organization admitted to its program (as the import admits one), with its client's
 * headers: the funder that hears of the supplier's quotes and may bid on them.
 */
export async function admittedFunder(t: TestApp, supplier: Supplier, ref: string, name?: string) {
  const id = await createFunder(t.db, supplier.org.id, ref, name);
  await t.db.insert(programFunders).values({ programId: supplier.program.id, funderId: id });
  return { id, headers: await funderToken(t, supplier.org.id, id) };
}

/** Records that the funder funds these requests. */
export async function fundRequests(db: Database, funderId: number, batchIds: number[]): Promise<void> {
  await db.update(batches).set({ funderId }).where(inArray(batches.id, batchIds));
}

/**
 * A funder admitted to the supplier's program whose client posts a standing offer below the house's rate
 * (1 % a month up to 3,650 days, room for R$ 10 million a day), so the supplier's requests go to it as the best
 * offer, recorded as the claim records them. Answers the funder's id, its offer's id and its client's headers.
 */
export async function offeringFunder(t: TestApp, supplier: Supplier, ref: string, name?: string) {
  const { id, headers } = await admittedFunder(t, supplier, ref, name);
  const res = await t.app.inject({
    method: 'PUT',
    url: buildPath(putOfferCall, { programRef: supplier.program.ref }),
    payload: { bands: [{ upToDays: 3650, monthlyRate: '0.01' }], dailyCapacity: '10000000.00' },
    headers,
  });
  if (res.statusCode !== 200)
    throw new Error(`the funder's offer was refused: ${res.statusCode} ${res.body}`);
  return { id, offerId: res.json().id as number, headers };
}
