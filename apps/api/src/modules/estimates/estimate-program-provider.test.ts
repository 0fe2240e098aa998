import type { Estimate } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import {
  createCreditIds,
  createSupplier,
  expectErrorBody as expectError,
  putEstimate,
  putProgramProviderEstimate,
  type Supplier,
} from '../../../test/estimates-factories';
import { credits, programProviders } from '../../db/schema';

const t = await buildTestApp();
const estimate = (supplier: Supplier, ids: unknown) => putEstimate(t.app, supplier.headers, ids);
const estimateAll = (supplier: Supplier, programProviderId: number) =>
  putProgramProviderEstimate(t.app, supplier.headers, programProviderId);

describe('PUT estimates/programProvider/{id}/request', () => {
  it('prices every AVAILABLE credit of the participation and nothing else', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 3);
    await createCredits(t.db, supplier.pp, [
      { originalValueCents: 5n, expireDate: '2026-04-10', status: 'PAID' },
    ]);
    await t.db.update(credits).set({ status: 'REQUESTED' }).where(eq(credits.id, ids[2]!));
    const res = await estimateAll(supplier, supplier.pp.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Estimate;
    expect(body.creditEstimates.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(body).toMatchObject({
      value: 2000,
      total: 1970,
      discount: 30,
      programFinancial: { active: true },
    });
    // The same figures as the estimate of the same ids.
    expect((await estimate(supplier, ids.slice(0, 2))).json()).toEqual(body);
  });

  it('says programFinancial.active false for an INACTIVATED participation or an inactive program', async () => {
    const inactive = await createSupplier(t.app, t.db, { programProvider: { status: 'INACTIVATED' } });
    await createCreditIds(t.db, inactive.pp, 1);
    expect((await estimateAll(inactive, inactive.pp.id)).json()).toMatchObject({
      programFinancial: { active: false, financialConfiguration: { sessionTerm: null } },
    });
    const paused = await createSupplier(t.app, t.db, { program: { active: false } });
    expect((await estimateAll(paused, paused.pp.id)).json()).toMatchObject({
      programFinancial: { active: false },
    });
  });

  it('answers an empty estimate when nothing is available', async () => {
    const supplier = await createSupplier(t.app, t.db);
    expect((await estimateAll(supplier, supplier.pp.id)).json()).toMatchObject({
      date: '2026-03-11',
      total: 0,
      value: 0,
      averageTimeframe: 0,
      effectiveMonthlyCost: null,
      creditEstimates: [],
    });
  });

  it('answers 404 for another company’s participation, a REMOVED one and an unknown id', async () => {
    const mine = await createSupplier(t.app, t.db);
    const other = await createSupplier(t.app, t.db);
    await createCreditIds(t.db, other.pp, 2);
    expectError(await estimateAll(mine, other.pp.id), 'error.notFound');
    expectError(await estimateAll(mine, 2_000_000_000), 'error.notFound');
    await t.db.update(programProviders).set({ status: 'REMOVED' }).where(eq(programProviders.id, mine.pp.id));
    expectError(await estimateAll(mine, mine.pp.id), 'error.notFound');
  });

  it('prices 1,000 credits: the totals are the sums of the rows', async () => {
    const supplier = await createSupplier(t.app, t.db, { program: { platformFee: '0.0035' } });
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      originalValueCents: BigInt(10_000 + i * 997),
      expireDate: `2026-0${4 + (i % 5)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    }));
    await createCredits(t.db, supplier.pp, rows);
    const res = await estimateAll(supplier, supplier.pp.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Estimate;
    expect(body.creditEstimates).toHaveLength(1000);
    const cents = (key: 'originalValue' | 'anticipation' | 'discount') =>
      body.creditEstimates.reduce((sum, row) => sum + Math.round(row[key] * 100), 0);
    expect(Math.round(body.value * 100)).toBe(cents('originalValue'));
    expect(Math.round(body.total * 100)).toBe(cents('anticipation'));
    expect(Math.round(body.discount * 100)).toBe(cents('discount'));
  });
});

describe('a company that may not anticipate (docs/product/requests.md#refusals)', () => {
  it('gets the request’s own refusal from both estimate calls, before any figure', async () => {
    const barred = await createSupplier(t.app, t.db, { company: { canAnticipate: false } });
    const ids = await createCreditIds(t.db, barred.pp, 2);
    expectError(await estimateAll(barred, barred.pp.id), 'error.provider.cannotAnticipate');
    expectError(await estimate(barred, ids), 'error.provider.cannotAnticipate');
    expect((await estimateAll(barred, barred.pp.id)).json()).toEqual({
      httpStatus: 400,
      message: 'error.provider.cannotAnticipate',
      code: 'error.provider.cannotAnticipate',
      fieldErrors: [],
      error_description: 'error.provider.cannotAnticipate',
    });
  });

  it('still gets 404 and wrongProvider for another company’s ids: the refusal says nothing of them', async () => {
    const barred = await createSupplier(t.app, t.db, { company: { canAnticipate: false } });
    const other = await createSupplier(t.app, t.db);
    const theirs = await createCreditIds(t.db, other.pp, 1);
    expectError(await estimateAll(barred, other.pp.id), 'error.notFound');
    expectError(await estimateAll(barred, 2_000_000_000), 'error.notFound');
    expectError(await estimate(barred, theirs), 'error.request.wrongProvider');
  });
});
