import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { batchesOf, statusesOf } from '../../../test/batches-factories';
import {
  addProgramProvider,
  createCreditIds,
  createSupplier,
  type Supplier,
} from '../../../test/estimates-factories';
import { credits } from '../../db/schema';
import { findCallerProgramProvider } from '../access/caller-access';
import { findTokenUser } from '../auth/tokens';
import { loadPricingContext } from '../pricing/pricing-context';
import { claimBatch } from './claim-batch';

const t = await buildTestApp();

/** The transaction alone, without the checks before it: what decides when requests race. */
async function claim(supplier: Supplier, ids: number[]) {
  const token = supplier.headers.authorization.replace('Bearer ', '');
  const caller = (await findTokenUser(t.db, token, t.clock.now()))!;
  const access = await findCallerProgramProvider(t.db, caller, supplier.pp.id);
  const context = await loadPricingContext(t.db, access.program.id, t.clock.now());
  return claimBatch(t.db, {
    userId: caller.id,
    access,
    context,
    ids,
    idempotencyKey: undefined,
    requestHash: 'h',
    ip: '127.0.0.1',
    now: t.clock.now(),
  });
}

describe('the claim statement', () => {
  it('refuses, whole, a set with a credit that is no longer AVAILABLE even outside any batch', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const [a, b] = await createCreditIds(t.db, supplier.pp, 2);
    await t.db.update(credits).set({ status: 'UNAVAILABLE' }).where(eq(credits.id, b!));
    await expect(claim(supplier, [a!, b!])).rejects.toMatchObject({ code: 'error.credit.notfound' });
    expect(await statusesOf(t.db, [a!, b!])).toEqual(['AVAILABLE', 'UNAVAILABLE']);
    expect(await batchesOf(t.db, supplier.pp.id)).toEqual([]);
  });

  it('refuses a credit of another participation', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const second = await addProgramProvider(t.db, supplier);
    const [a] = await createCreditIds(t.db, supplier.pp, 1);
    const [elsewhere] = await createCreditIds(t.db, second, 1);
    await expect(claim(supplier, [a!, elsewhere!])).rejects.toMatchObject({ code: 'error.credit.notfound' });
    expect(await statusesOf(t.db, [a!, elsewhere!])).toEqual(['AVAILABLE', 'AVAILABLE']);
  });

  it('claims and records a batch when every credit is AVAILABLE', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 2);
    const batch = await claim(supplier, ids);
    expect(batch).toMatchObject({ netValueCents: 197_000n, daysToPay: 1 });
    expect(await statusesOf(t.db, ids)).toEqual(['REQUESTED', 'REQUESTED']);
    expect((await batchesOf(t.db, supplier.pp.id))[0]).toMatchObject({
      userId: supplier.user.id,
      requestHash: 'h',
    });
  });
});
