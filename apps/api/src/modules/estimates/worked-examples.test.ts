import { buildPath, type Estimate, estimateCreditsCall } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier, type SupplierOptions } from '../../../test/estimates-factories';

const t = await buildTestApp();

type Row = { cents: bigint; due: string; n: number };
type Expected = Partial<Estimate['creditEstimates'][number]>;

/**
 * Every worked example of docs/product/pricing-and-eligibility.md#worked-examples, through the API. The clock
 * is set to a request day whose payment date (daysToPay 1) puts each due date exactly n days later on a
 * business day, so n is the table's.
 */
async function estimateAt(now: string, options: SupplierOptions, rows: Row[]) {
  t.clock.set(new Date(now));
  const supplier = await createSupplier(t.app, t.db, options);
  const created = await createCredits(
    t.db,
    supplier.pp,
    rows.map((r) => ({ originalValueCents: r.cents, expireDate: r.due })),
  );
  const res = await t.app.inject({
    method: 'PUT',
    url: buildPath(estimateCreditsCall),
    headers: supplier.headers,
    payload: created.map((c) => c.id),
  });
  expect(res.statusCode).toBe(200);
  const estimate = res.json() as Estimate;
  expect(estimate.creditEstimates.map((c) => c.days)).toEqual(rows.map((r) => r.n));
  return estimate;
}

describe('worked examples (docs/product pricing)', () => {
  it('V 10.000,00, n 30, 1.5 % simple, f 0: discount 150,00, anticipation 9.850,00', async () => {
    const e = await estimateAt('2026-03-10T10:00:00-03:00', {}, [
      { cents: 1_000_000n, due: '2026-04-10', n: 30 },
    ]);
    expect(e.date).toBe('2026-03-11');
    expect(e.creditEstimates[0]).toMatchObject({
      originalValue: 10000,
      discount: 150,
      investorDiscount: 150,
      platformFee: 0,
      anticipation: 9850,
    } satisfies Expected);
    expect(e).toMatchObject({
      value: 10000,
      discount: 150,
      total: 9850,
      fees: 0,
      iof: 0,
      averageTimeframe: 30,
    });
    expect(e.effectiveMonthlyCost).toBeCloseTo(10000 / 9850 - 1, 12);
  });

  it('V 10.000,00, n 45, 1.5 %, f 0.5 %: investor 225,00, platform 50,00, anticipation 9.725,00', async () => {
    const e = await estimateAt('2026-03-09T10:00:00-03:00', { program: { platformFee: '0.005' } }, [
      { cents: 1_000_000n, due: '2026-04-24', n: 45 },
    ]);
    expect(e.date).toBe('2026-03-10');
    expect(e.creditEstimates[0]).toMatchObject({
      investorDiscount: 225,
      platformFee: 50,
      discount: 275,
      anticipation: 9725,
    } satisfies Expected);
    expect(e).toMatchObject({ discount: 275, total: 9725 });
  });

  it('V 25.432,17, n 73, IOF 0.0082 %/day + 0.38 %, bank fee 3,50: anticipation 24.171,60', async () => {
    const program = {
      platformFee: '0.0035',
      bankFeeCents: 350n,
      iof: [{ validFrom: '2026-01-01', daily: '0.000082', fixed: '0.0038' }],
    };
    const e = await estimateAt('2026-03-12T10:00:00-03:00', { program }, [
      { cents: 2_543_217n, due: '2026-05-25', n: 73 },
    ]);
    expect(e.date).toBe('2026-03-13');
    expect(e.creditEstimates[0]).toMatchObject({
      investorDiscount: 928.27,
      platformFee: 89.01,
      discount: 1017.28,
      dailyIof: 146.68,
      fixedIof: 93.11,
      bankFee: 3.5,
      anticipation: 24171.6,
    } satisfies Expected);
    expect(e).toMatchObject({ value: 25432.17, discount: 1017.28, iof: 239.79, fees: 3.5, total: 24171.6 });
  });

  it('three credits at 15, 38 and 92 days: anticipation 47.877,98, averageTimeframe 65,29', async () => {
    const e = await estimateAt('2026-03-13T10:00:00-03:00', { program: { platformFee: '0.005' } }, [
      { cents: 1_200_000n, due: '2026-03-31', n: 15 },
      { cents: 750_050n, due: '2026-04-23', n: 38 },
      { cents: 3_025_025n, due: '2026-06-16', n: 92 },
    ]);
    expect(e.date).toBe('2026-03-16');
    const sum = (key: 'investorDiscount' | 'platformFee') =>
      e.creditEstimates.reduce((cents, row) => cents + Math.round(row[key] * 100), 0) / 100;
    expect(sum('investorDiscount')).toBe(1624.02);
    expect(sum('platformFee')).toBe(248.75);
    expect(e).toMatchObject({ value: 49750.75, discount: 1872.77, total: 47877.98 });
    expect(e.averageTimeframe).toBeCloseTo(65.29, 2);
    // Σ(V·n) / ΣV, unrounded.
    expect(e.averageTimeframe).toBe(324_804_200 / 4_975_075);
  });

  it('request Fri 2026-02-13 17:59, daysToPay 1: paid 2026-02-18 (weekend and Carnival skipped)', async () => {
    const e = await estimateAt('2026-02-13T17:59:00-03:00', {}, [
      { cents: 1_000_000n, due: '2026-03-20', n: 30 },
    ]);
    expect(e.date).toBe('2026-02-18');
    expect(e.daysToPay).toBe(1);
  });

  it('request Wed 2026-06-03 09:00, due Sun 2026-07-05: paid 2026-06-05 (Corpus Christi), n 31', async () => {
    const e = await estimateAt('2026-06-03T09:00:00-03:00', {}, [
      { cents: 1_000_000n, due: '2026-07-05', n: 31 },
    ]);
    expect(e.date).toBe('2026-06-05');
    expect(e.creditEstimates[0]).toMatchObject({ expireDate: '2026-07-05', days: 31, investorDiscount: 155 });
  });
});
