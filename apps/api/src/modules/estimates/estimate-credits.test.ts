import { type Estimate, errorBody } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import {
  addProgramProvider,
  createCreditIds,
  createSupplier,
  expectErrorBody as expectError,
  putEstimate,
  type Supplier,
} from '../../../test/estimates-factories';
import { teamMembers } from '../../db/schema';

const t = await buildTestApp();
const estimate = (supplier: Supplier, ids: unknown) => putEstimate(t.app, supplier.headers, ids);

describe('PUT estimates/request', () => {
  it('answers every field of the contract for the chosen credits, ordered by due date', async () => {
    const supplier = await createSupplier(t.app, t.db, {
      program: { sessionTermHtml: '<p>Termo de cessão</p>', anticipationMaxTime: '17:30', daysToPay: 2 },
    });
    const [late, early] = await createCredits(t.db, supplier.pp, [
      {
        originalValueCents: 200_000n,
        expireDate: '2026-05-12',
        nfNumber: '77',
        nfSerial: 'A',
        installmentNumber: 2,
      },
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
        'offerId',
        'funder',
        'offers',
        'programFinancial',
      ].sort(),
    );
    // Tue 10:00, 2 business days → Thu 2026-03-12; 2026-04-13 (Monday after the Sunday due date) is 32 days on.
    expect(body).toMatchObject({
      date: '2026-03-12',
      daysToPay: 2,
      anticipationMaxTime: '17:30',
      value: 3000.5,
      // A program without funders: the house offer alone, its figures the estimate's own.
      offerId: 'house',
      funder: { id: null, name: expect.any(String), house: true },
      offers: [
        {
          offerId: 'house',
          funder: { id: null, name: expect.any(String), house: true },
          total: body.total,
          discount: body.discount,
          effectiveMonthlyCost: body.effectiveMonthlyCost,
          monthlyRates: [expect.stringMatching(/^0\.\d+$/)],
        },
      ],
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
    expect(body.creditEstimates[0]).toMatchObject({
      days: 32,
      investorDiscount: 16.01,
      anticipation: 984.49,
    });
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
    await t.db
      .update(teamMembers)
      .set({ active: false })
      .where(eq(teamMembers.companyId, supplier.company.id));
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
    expectError(
      await estimate(supplier, await createCreditIds(t.db, supplier.pp, 1)),
      'error.credit.notfound',
    );
  });

  it('answers error.credit.invalid when the costs exceed a credit’s value', async () => {
    const supplier = await createSupplier(t.app, t.db, { program: { bankFeeCents: 350n } });
    const [tiny] = await createCredits(t.db, supplier.pp, [
      { originalValueCents: 100n, expireDate: '2026-04-10' },
    ]);
    expectError(await estimate(supplier, [tiny!.id]), 'error.credit.invalid');
  });

  it('validates the body: an empty list and repeated ids are field errors', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const empty = await estimate(supplier, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(
      errorBody('error.validation', [{ field: 'body', message: 'validation.ids.required' }]),
    );
    const twice = await estimate(supplier, [5, 5]);
    expect(twice.json()).toEqual(
      errorBody('error.validation', [{ field: 'body', message: 'validation.ids.duplicate' }]),
    );
  });
});
