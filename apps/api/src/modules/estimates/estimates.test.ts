import {
  buildPath,
  type ErrorCode,
  type Estimate,
  errorBody,
  estimateCreditsCall,
  estimateProgramProviderCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import { addProgramProvider, createCreditIds, createSupplier, type Supplier } from '../../../test/estimates-factories';
import { credits, programProviders, teamMembers } from '../../db/schema';

const t = await buildTestApp();

function estimate(supplier: Supplier, ids: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: buildPath(estimateCreditsCall),
    headers: supplier.headers,
    payload: ids as object,
  });
}

function estimateAll(supplier: Supplier, programProviderId: number) {
  return t.app.inject({
    method: 'PUT',
    url: buildPath(estimateProgramProviderCall, { id: programProviderId }),
    headers: supplier.headers,
  });
}

function expectError(res: { statusCode: number; json(): unknown }, code: ErrorCode) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status: errorBody(code).httpStatus, body: errorBody(code) });
}

describe('PUT estimates/request', () => {
  it('answers every field of the contract for the chosen credits, ordered by due date', async () => {
    const supplier = await createSupplier(t.app, t.db, {
      program: { sessionTermHtml: '<p>Termo de cessão</p>', anticipationMaxTime: '17:30', daysToPay: 2 },
    });
    const [late, early] = await createCredits(t.db, supplier.pp, [
      { originalValueCents: 200_000n, expireDate: '2026-05-12', nfNumber: '77', nfSerial: 'A', installmentNumber: 2 },
      { originalValueCents: 100_050n, expireDate: '2026-04-12' },
    ]);
    const res = await estimate(supplier, [late!.id, early!.id]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Estimate;
    expect(Object.keys(body).sort()).toEqual(
      [
        'date',
        'total',
        'value',
        'discount',
        'fees',
        'iof',
        'averageTimeframe',
        'effectiveMonthlyCost',
        'daysToPay',
        'anticipationMaxTime',
        'creditEstimates',
        'programFinancial',
      ].sort(),
    );
    // Tue 10:00, 2 business days → Thu 2026-03-12; 2026-04-13 (Monday after the Sunday due date) is 32 days on.
    expect(body).toMatchObject({
      date: '2026-03-12',
      daysToPay: 2,
      anticipationMaxTime: '17:30',
      value: 3000.5,
      programFinancial: { active: true, financialConfiguration: { sessionTerm: '<p>Termo de cessão</p>' } },
    });
    expect(body.creditEstimates.map((c) => c.id)).toEqual([early!.id, late!.id]);
    expect(body.creditEstimates[1]).toEqual({
      id: late!.id,
      nfNumber: '77',
      nfSerial: 'A',
      installmentNumber: 2,
      expireDate: '2026-05-12',
      originalValue: 2000,
      discount: 61,
      investorDiscount: 61,
      platformFee: 0,
      dailyIof: 0,
      fixedIof: 0,
      bankFee: 0,
      anticipation: 1939,
      days: 61,
    });
    expect(body.creditEstimates[0]).toMatchObject({ days: 32, investorDiscount: 16.01, anticipation: 984.49 });
    expect(body.total).toBe(2923.49);
    expect(body.discount).toBe(77.01);
    expect(body.averageTimeframe).toBeCloseTo((2000 * 61 + 1000.5 * 32) / 3000.5, 12);
  });

  it('refuses an unknown id and a credit that is no longer AVAILABLE with error.credit.notfound', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const [open, requested] = await createCredits(t.db, supplier.pp, [
      { originalValueCents: 100_000n, expireDate: '2026-04-10' },
      { originalValueCents: 100_000n, expireDate: '2026-04-10', status: 'REQUESTED' },
    ]);
    expectError(await estimate(supplier, [open!.id, 2_000_000_000]), 'error.credit.notfound');
    expectError(await estimate(supplier, [open!.id, requested!.id]), 'error.credit.notfound');
  });

  it('refuses another company’s credit with error.request.wrongProvider, whatever its status', async () => {
    const mine = await createSupplier(t.app, t.db);
    const other = await createSupplier(t.app, t.db);
    const [own] = await createCreditIds(t.db, mine.pp, 1);
    const [theirs] = await createCreditIds(t.db, other.pp, 1);
    const [theirsRequested] = await createCredits(t.db, other.pp, [
      { originalValueCents: 1n, expireDate: '2026-04-10', status: 'REQUESTED' },
    ]);
    const res = await estimate(mine, [own, theirs]);
    expectError(res, 'error.request.wrongProvider');
    expect(res.body).not.toContain(String(theirs));
    expectError(await estimate(mine, [own, theirsRequested!.id]), 'error.request.wrongProvider');
  });

  it('refuses the credits of a company whose membership is no longer active', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 1);
    await t.db.update(teamMembers).set({ active: false }).where(eq(teamMembers.companyId, supplier.company.id));
    expectError(await estimate(supplier, ids), 'error.request.wrongProvider');
  });

  it('refuses credits of two participations with error.request.multiplePrograms', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const second = await addProgramProvider(t.db, supplier);
    const [a] = await createCreditIds(t.db, supplier.pp, 1);
    const [b] = await createCreditIds(t.db, second, 1);
    expectError(await estimate(supplier, [a, b]), 'error.request.multiplePrograms');
  });

  it('treats the credits of a REMOVED participation as gone', async () => {
    const supplier = await createSupplier(t.app, t.db, { programProvider: { status: 'REMOVED' } });
    expectError(await estimate(supplier, await createCreditIds(t.db, supplier.pp, 1)), 'error.credit.notfound');
  });

  it('answers error.credit.invalid when the costs exceed a credit’s value', async () => {
    const supplier = await createSupplier(t.app, t.db, { program: { bankFeeCents: 350n } });
    const [tiny] = await createCredits(t.db, supplier.pp, [{ originalValueCents: 100n, expireDate: '2026-04-10' }]);
    expectError(await estimate(supplier, [tiny!.id]), 'error.credit.invalid');
  });

  it('validates the body: an empty list and repeated ids are field errors', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const empty = await estimate(supplier, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(errorBody('error.validation', [{ field: 'body', message: 'validation.ids.required' }]));
    const twice = await estimate(supplier, [5, 5]);
    expect(twice.json()).toEqual(errorBody('error.validation', [{ field: 'body', message: 'validation.ids.duplicate' }]));
  });
});

describe('PUT estimates/programProvider/{id}/request', () => {
  it('prices every AVAILABLE credit of the participation and nothing else', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const ids = await createCreditIds(t.db, supplier.pp, 3);
    await createCredits(t.db, supplier.pp, [{ originalValueCents: 5n, expireDate: '2026-04-10', status: 'PAID' }]);
    await t.db.update(credits).set({ status: 'REQUESTED' }).where(eq(credits.id, ids[2]!));
    const res = await estimateAll(supplier, supplier.pp.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Estimate;
    expect(body.creditEstimates.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(body).toMatchObject({ value: 2000, total: 1970, discount: 30, programFinancial: { active: true } });
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
    expect((await estimateAll(paused, paused.pp.id)).json()).toMatchObject({ programFinancial: { active: false } });
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
