import { buildQuery, errorBody, listBatchesCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import {
  addProgramProvider,
  createCreditIds,
  createSupplier,
  type Supplier,
} from '../../../test/estimates-factories';
import { programProviders } from '../../db/schema';
import { settleBatch } from './settle-batch';

const t = await buildTestApp();

function list(supplier: Supplier, query: Record<string, number | undefined>) {
  return t.app.inject({
    method: 'GET',
    url: `${listBatchesCall.path}${buildQuery(query)}`,
    headers: supplier.headers,
  });
}

/** Three requests a minute apart: 1, 2 and 3 credits. */
async function requestThree(supplier: Supplier, programProvider = supplier.pp) {
  const ids: number[] = [];
  for (const count of [1, 2, 3]) {
    t.clock.advance(60_000);
    const credits = await createCreditIds(t.db, programProvider, count);
    ids.push((await postBatch(t.app, supplier.headers, credits)).json().id);
  }
  return ids;
}

describe('GET batches', () => {
  it('lists a participation’s requests newest first, in the contract’s page shape', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const [first, second, third] = await requestThree(supplier);
    await settleBatch(t.db, { batchId: first!, to: 'REJECTED', now: t.clock.now() });
    const res = await list(supplier, { programProviderId: supplier.pp.id, page: 0, size: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      content: [
        {
          id: third,
          createdAt: '2026-03-10T13:03:00.000Z',
          status: 'REQUESTED',
          automatic: false,
          value: 2955,
          originalValue: 3000,
          creditCount: 3,
          paymentDate: '2026-03-11',
          daysToPay: 1,
          // At the house offer, the program's own rate: named with the buyer's name.
          funder: { name: 'Compradora Nacional S.A.', house: true },
        },
        expect.objectContaining({ id: second, creditCount: 2, value: 1970 }),
      ],
      number: 0,
      size: 2,
      last: false,
      totalElements: 3,
    });
    const next = (await list(supplier, { programProviderId: supplier.pp.id, page: 1, size: 2 })).json();
    expect(next).toMatchObject({ number: 1, last: true, totalElements: 3 });
    expect(next.content).toEqual([
      expect.objectContaining({ id: first, status: 'REJECTED', creditCount: 1 }),
    ]);
  });

  it('without programProviderId lists the default company’s requests across its programs', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const second = await addProgramProvider(t.db, supplier);
    const here = (
      await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1))
    ).json();
    const there = (await postBatch(t.app, supplier.headers, await createCreditIds(t.db, second, 1))).json();
    const body = (await list(supplier, {})).json();
    expect(body.content.map((b: { id: number }) => b.id).sort()).toEqual([here.id, there.id].sort());
    expect(body).toMatchObject({ number: 0, size: 30, last: true, totalElements: 2 });
  });

  it('never shows another company’s requests: their participation is 404', async () => {
    const mine = await createSupplier(t.app, t.db);
    const other = await createSupplier(t.app, t.db);
    await postBatch(t.app, other.headers, await createCreditIds(t.db, other.pp, 1));
    const res = await list(mine, { programProviderId: other.pp.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody('error.notFound'));
    expect((await list(mine, {})).json()).toMatchObject({ content: [], totalElements: 0, last: true });
  });

  it('hides a REMOVED participation’s requests', async () => {
    const supplier = await createSupplier(t.app, t.db);
    await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1));
    await t.db
      .update(programProviders)
      .set({ status: 'REMOVED' })
      .where(eq(programProviders.id, supplier.pp.id));
    expect((await list(supplier, { programProviderId: supplier.pp.id })).statusCode).toBe(404);
    expect((await list(supplier, {})).json()).toMatchObject({ totalElements: 0 });
  });
});
