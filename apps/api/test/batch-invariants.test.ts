import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batchAudit, batchCredits, batches, credits } from '../src/db/schema';
import { buildTestApp } from './app';
import { batchInvariantViolations } from './batch-invariants';
import { postBatch } from './batches-factories';
import { createCreditIds, createSupplier } from './estimates-factories';

const t = await buildTestApp();

// The checker the concurrency, crash and outage tests rely on must see each kind of damage.
describe('batchInvariantViolations', () => {
  it('finds nothing wrong with batches made by the API, and names each kind of damage', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 8);
    const made: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await postBatch(t.app, supplier.headers, ids.slice(i * 2, i * 2 + 2));
      made.push(res.json().id);
    }
    expect(await batchInvariantViolations(t.db, [supplier.pp.id])).toEqual([]);

    const [a, b, c, d] = made as [number, number, number, number];
    await t.db.update(credits).set({ status: 'AVAILABLE' }).where(eq(credits.id, ids[0]!));
    await t.db.update(batchCredits).set({ live: false }).where(eq(batchCredits.creditId, ids[2]!));
    await t.db.update(batches).set({ netValueCents: 1n }).where(eq(batches.id, c));
    await t.db.delete(batchAudit).where(eq(batchAudit.batchId, d));

    expect((await batchInvariantViolations(t.db, [supplier.pp.id])).sort()).toEqual(
      [
        `credit ${ids[0]} of live batch ${a} is AVAILABLE`,
        `batch ${b} froze credit ${ids[2]} but does not hold it`,
        `batch ${c} totals differ from the sum of its rows`,
        `batch ${d} has no audit row`,
      ].sort(),
    );
  });
});
