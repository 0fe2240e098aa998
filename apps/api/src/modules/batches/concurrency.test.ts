import { errorBody } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { batchInvariantViolations } from '../../../test/batch-invariants';
import { batchesOf, liveCreditIds, postBatch, statusesOf } from '../../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../../test/estimates-factories';
import { batches } from '../../db/schema';

const t = await buildTestApp();

/** Every live batch_credits row's credit appears once, and each batch still holds all it claimed. */
async function expectNoPartialBatches(programProviderId: number) {
  expect(await batchInvariantViolations(t.db, [programProviderId])).toEqual([]);
  for (const batch of await batchesOf(t.db, programProviderId)) {
    const claimed = (batch.estimate as { creditEstimates: { id: number }[] }).creditEstimates.map(
      (c) => c.id,
    );
    expect(await liveCreditIds(t.db, batch.id)).toEqual([...claimed].sort((a, b) => a - b));
    expect(await statusesOf(t.db, claimed)).toEqual(claimed.map(() => 'REQUESTED'));
  }
}

describe('the claim under concurrency, against the real database', () => {
  it('100 rounds of 50 parallel requests for the same credits: one batch per round, 49 clean 400s, no 5xx', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const rounds = 100;
    const statusCounts: Record<number, number> = {};
    const winners: { batchId: number; ids: number[] }[] = [];
    const started = Date.now();
    for (let round = 0; round < rounds; round++) {
      const ids = await createCreditIds(t.db, supplier.pp, 3);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => postBatch(t.app, supplier.headers, ids)),
      );
      for (const res of answers) statusCounts[res.statusCode] = (statusCounts[res.statusCode] ?? 0) + 1;
      const won = answers.filter((r) => r.statusCode === 200);
      expect(won, `round ${round}`).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect(res.json()).toEqual(errorBody('error.credit.notfound'));
      }
      winners.push({ batchId: won[0]!.json().id, ids });
    }
    console.log(`${rounds} rounds of 50 parallel batch requests in ${Date.now() - started} ms`);
    expect(statusCounts).toEqual({ 200: rounds, 400: rounds * 49 });

    // After all rounds, in the database: one batch per round holding exactly that round's credits.
    const all = await batchesOf(t.db, supplier.pp.id);
    expect(all.map((b) => b.id)).toEqual(winners.map((w) => w.batchId));
    for (const { batchId, ids } of winners) expect(await liveCreditIds(t.db, batchId)).toEqual(ids);
    await expectNoPartialBatches(supplier.pp.id);
  }, 120_000);

  it('overlapping sets {A,B}, {B,C}, {C,A}, {A,B,C} in parallel are never partially applied', async () => {
    const supplier = await createSupplier(t.app, t.db);
    for (let round = 0; round < 8; round++) {
      const [a, b, c] = await createCreditIds(t.db, supplier.pp, 3);
      const sets = [
        [a!, b!],
        [b!, c!],
        [c!, a!],
        [a!, b!, c!],
      ];
      const answers = await Promise.all(sets.map((set) => postBatch(t.app, supplier.headers, set)));
      // Every pair of these sets overlaps, so exactly one can win; the others are refused whole.
      expect(answers.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect(res.json()).toEqual(errorBody('error.credit.notfound'));
      }
      const winner = sets[answers.findIndex((r) => r.statusCode === 200)]!;
      const untouched = [a!, b!, c!].filter((id) => !winner.includes(id));
      expect(await statusesOf(t.db, untouched)).toEqual(untouched.map(() => 'AVAILABLE'));
    }
    await expectNoPartialBatches(supplier.pp.id);
  });

  it('disjoint requests in parallel all succeed', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 20);
    const sets = Array.from({ length: 10 }, (_, i) => ids.slice(i * 2, i * 2 + 2));
    const answers = await Promise.all(sets.map((set) => postBatch(t.app, supplier.headers, set)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await batchesOf(t.db, supplier.pp.id)).toHaveLength(10);
    await expectNoPartialBatches(supplier.pp.id);
  });

  it('20 parallel first requests under one Idempotency-Key make one batch and 20 identical answers', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postBatch(t.app, supplier.headers, ids, 'same-key-20')),
    );
    const [batch, ...more] = await batchesOf(t.db, supplier.pp.id);
    expect(more).toEqual([]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: batch!.id, value: 4925, daysToPay: 1 });
    }
    expect(batch!.idempotencyKey).toBe('same-key-20');
  });

  it('parallel requests under one key with different bodies: one batch, the others 422', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 6);
    const sets = [ids.slice(0, 2), ids.slice(2, 4), ids.slice(4, 6)];
    const answers = await Promise.all(sets.map((set) => postBatch(t.app, supplier.headers, set, 'one-key')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422)) {
      expect(res.json()).toEqual(errorBody('error.idempotency.conflict'));
    }
    const all = await t.db.select().from(batches).where(eq(batches.programProviderId, supplier.pp.id));
    expect(all).toHaveLength(1);
    const losers = sets.filter((_, i) => answers[i]!.statusCode === 422).flat();
    expect(await statusesOf(t.db, losers)).toEqual(losers.map(() => 'AVAILABLE'));
  });
});
