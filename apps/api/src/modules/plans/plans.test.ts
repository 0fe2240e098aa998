import { type BodyOf, createPlanCall, errorBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier, type Supplier } from '../../../test/estimates-factories';
import { repriceStaleProviders } from '../credits/pricing-schedule';

const t = await buildTestApp();
// Tue 10 March 2026, 10:00: a request made now is paid on Wed 11 March.

function plan(s: Supplier, body: BodyOf<typeof createPlanCall>) {
  return injectCall(t.app, createPlanCall, { headers: s.headers, body });
}

async function supplierWithCredits() {
  const s = await createSupplier(t.app, t.db, { program: { platformFee: '0.01' } });
  // A 1 % fee per credit and 1.5 % a month: a long credit costs less per real received than a short one.
  const rows = await createCredits(t.db, s.pp, [
    { originalValueCents: 500_000n, expireDate: '2026-03-31' }, // 20 days: cost 10,000, net 490,000
    { originalValueCents: 300_000n, expireDate: '2026-06-29' }, // 110 days: cost 19,500, net 280,500
    { originalValueCents: 200_000n, expireDate: '2026-06-29' }, // 110 days: cost 13,000, net 187,000
    { originalValueCents: 100_000n, expireDate: '2026-04-30' }, // 50 days: cost 3,500, net 96,500
  ]);
  return { s, ids: rows.map((row) => row.id) };
}

describe('POST plans', () => {
  it('answers the cheapest credits that reach the amount, with their estimate', async () => {
    const { s, ids } = await supplierWithCredits();
    const res = await plan(s, { programProviderId: s.pp.id, amount: 4_000, date: '2026-03-20' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // R$ 4.000 net: the 50-day credit alone is R$ 965; the two 110-day ones R$ 4.675 for R$ 325 of cost; the
    // 20-day one R$ 4.900 for R$ 100. The cheapest set is the short credit alone.
    expect(body.creditIds).toEqual([ids[0]]);
    expect(body.estimate.total).toBe(4_900);
    // The lines come with the simulation the plan opens: the answer carries the totals.
    expect(body.estimate.creditEstimates).toBeUndefined();
    expect(body.estimate).toMatchObject({ value: 5_000, discount: 100, fees: 0, iof: 0, date: '2026-03-11' });
    const more = (await plan(s, { programProviderId: s.pp.id, amount: 6_000, date: '2026-03-20' })).json();
    // R$ 6.000: short + 50-day (R$ 5.865) falls short; short + 110-day small (R$ 6.770, cost R$ 230) is the
    // cheapest that reaches it.
    expect(more.creditIds).toEqual([ids[0], ids[2]]);
    expect(more.estimate.total).toBe(6_770);
    expect(more.estimate.discount + more.estimate.fees + more.estimate.iof).toBe(230);
  });

  it('answers the same from the prices the pricing pass stored as from prices computed on the spot', async () => {
    const { s } = await supplierWithCredits();
    const ask = { programProviderId: s.pp.id, amount: 6_000, date: '2026-03-20' };
    const computed = (await plan(s, ask)).json();
    const pass = await repriceStaleProviders(t.db, {
      now: t.clock.now(),
      background: t.app.deps.background,
      log: { info: () => {}, error: () => {} },
    });
    expect(pass.credits).toBeGreaterThanOrEqual(4);
    expect((await plan(s, ask)).json()).toEqual(computed);
  });

  it('cannot reach the amount: 400 error.plan.notEnough with the most that can be reached', async () => {
    const { s } = await supplierWithCredits();
    const res = await plan(s, { programProviderId: s.pp.id, amount: 10_541, date: '2026-03-20' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...errorBody('error.plan.notEnough'),
      params: { reachable: 10_540 },
    });
  });

  it('a date before the payment date of a request made now reaches nothing', async () => {
    const { s } = await supplierWithCredits();
    const res = await plan(s, { programProviderId: s.pp.id, amount: 100, date: '2026-03-10' });
    expect(res.statusCode).toBe(400);
    expect(res.json().params).toEqual({ reachable: 0 });
  });

  it('refuses an amount that is not above zero and a date that does not exist', async () => {
    const { s } = await supplierWithCredits();
    const res = await plan(s, { programProviderId: s.pp.id, amount: 0, date: '2026-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorBody('error.validation', [
        { field: 'amount', message: 'validation.money.invalid' },
        { field: 'date', message: 'validation.date.invalid' },
      ]),
    );
  });
});
