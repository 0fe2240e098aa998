import {
  buildPath,
  errorBody,
  estimateCreditsCall,
  listCreditsCall,
  putOfferCall,
  requestBatchCall,
} from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';
import { createFunder } from '../../../test/funders-factories';
import { funderToken } from '../../../test/machine-clients';
import { batches, credits, offers, programFunders } from '../../db/schema';

/*
 * Funders compete for a supplier's invoices (docs/product/funders.md#pricing): the estimate lists every offer
 * that can take the set, best first, its own figures the best's; `?offerId=` and a request's `offerId` take that
 * one or 409; a request records its funder and offer; a funder's daily capacity holds whatever the concurrency.
 */

const t = await buildTestApp();
// Requests made on Tuesday 2026-03-10 at 10:00 are paid Wednesday 2026-03-11 (daysToPay 1).
const supplier = await createSupplier(t.app, t.db, {
  program: { monthlyRate: '0.015', platformFee: '0.005' },
});
const programRef = supplier.program.ref;
const sul = await createFunder(t.db, supplier.org.id, 'f-sul');
const norte = await createFunder(t.db, supplier.org.id, 'f-norte');
await t.db.insert(programFunders).values([
  { programId: supplier.program.id, funderId: sul },
  { programId: supplier.program.id, funderId: norte },
]);
const sulClient = await funderToken(t, supplier.org.id, sul);
const norteClient = await funderToken(t, supplier.org.id, norte);

async function postOffer(headers: Record<string, string>, body: unknown): Promise<number> {
  const res = await t.app.inject({
    method: 'PUT',
    url: buildPath(putOfferCall, { programRef }),
    payload: body as object,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
// Their bands cross: Sul is cheaper up to 30 days, Norte beyond; the house asks 1.5 % throughout.
let sulOffer = await postOffer(sulClient, {
  bands: [
    { upToDays: 30, monthlyRate: '0.011' },
    { upToDays: 90, monthlyRate: '0.02' },
  ],
  dailyCapacity: '15000.00',
});
const norteOffer = await postOffer(norteClient, {
  bands: [{ upToDays: 90, monthlyRate: '0.013' }],
  dailyCapacity: '1000000.00',
});

const credit = async (valueCents: bigint, expireDate: string) =>
  (await createCredits(t.db, supplier.pp, [{ originalValueCents: valueCents, expireDate }]))[0]!.id;
const estimateOf = (ids: number[], offerId?: string | number) =>
  t.app.inject({
    method: 'PUT',
    url: `${buildPath(estimateCreditsCall)}${offerId === undefined ? '' : `?offerId=${offerId}`}`,
    headers: supplier.headers,
    payload: ids,
  });
const request = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: buildPath(requestBatchCall),
    headers: supplier.headers,
    payload: body as object,
  });
const house = { id: null, name: supplier.buyer.name, house: true };
const funderSul = { id: sul, name: 'Funder f-sul', house: false };
const funderNorte = { id: norte, name: 'Funder f-norte', house: false };

describe('the estimate at every offer', () => {
  it('a short invoice: Sul first (1.1 %), Norte, the house last; the figures are Sul’s', async () => {
    // R$ 10.000,00 due Friday 2026-03-20: 9 days. Discount 10.000 × i × 9/30, platform fee 0.5 % = 50,00.
    const res = await estimateOf([await credit(1_000_000n, '2026-03-20')]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.offers).toEqual([
      {
        offerId: sulOffer,
        funder: funderSul,
        total: 9917,
        discount: 83,
        effectiveMonthlyCost: expect.any(Number),
        monthlyRates: ['0.011'],
      },
      {
        offerId: norteOffer,
        funder: funderNorte,
        total: 9911,
        discount: 89,
        effectiveMonthlyCost: expect.any(Number),
        monthlyRates: ['0.013'],
      },
      {
        offerId: 'house',
        funder: house,
        total: 9905,
        discount: 95,
        effectiveMonthlyCost: expect.any(Number),
        monthlyRates: ['0.015'],
      },
    ]);
    expect(body).toMatchObject({ offerId: sulOffer, funder: funderSul, total: 9917, discount: 83 });
    expect(body.creditEstimates[0]).toMatchObject({
      investorDiscount: 33,
      platformFee: 50,
      anticipation: 9917,
      days: 9,
    });
  });

  it('a long invoice: Norte first, then the house, Sul (2 %) last; one past every band: the house alone', async () => {
    // Due Wednesday 2026-05-20: 70 days. Norte 10.000 × 1.3 % × 70/30 = 303,33; the house 350,00; Sul 466,67.
    const long = await estimateOf([await credit(1_000_000n, '2026-05-20')]);
    expect(long.json().offers.map((o: { offerId: unknown; total: number }) => [o.offerId, o.total])).toEqual([
      [norteOffer, 9646.67],
      ['house', 9600],
      [sulOffer, 9483.33],
    ]);
    // R$ 5.000,00 each: R$ 10.000,00 in all, within Sul's R$ 15.000,00 a day.
    const mixed = await estimateOf([
      await credit(500_000n, '2026-03-20'),
      await credit(500_000n, '2026-05-20'),
    ]);
    expect(mixed.json().offers[0]).toMatchObject({ offerId: norteOffer, monthlyRates: ['0.013'] });
    expect(
      mixed.json().offers.find((o: { offerId: unknown }) => o.offerId === sulOffer).monthlyRates,
    ).toEqual(['0.011', '0.02']);
    // Due 2026-09-30, 203 days: past both funders' last band (90 days).
    const far = await estimateOf([await credit(1_000_000n, '2026-09-30')]);
    expect(far.json().offers.map((o: { offerId: unknown }) => o.offerId)).toEqual(['house']);
    expect(far.json()).toMatchObject({ offerId: 'house', funder: house });
  });

  it('?offerId= prices at that offer; one that cannot take the set is 409 error.offer.unavailable', async () => {
    const id = await credit(1_000_000n, '2026-03-20');
    const atHouse = await estimateOf([id], 'house');
    expect(atHouse.json()).toMatchObject({ offerId: 'house', funder: house, total: 9905 });
    expect(atHouse.json().offers).toHaveLength(3);
    const atNorte = await estimateOf([id], norteOffer);
    expect(atNorte.json()).toMatchObject({ offerId: norteOffer, total: 9911 });
    for (const unavailable of [999_999, sulOffer + 1_000]) {
      const res = await estimateOf([id], unavailable);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 409,
        body: errorBody('error.offer.unavailable'),
      });
    }
    const far = await estimateOf([await credit(1_000_000n, '2026-09-30')], norteOffer);
    expect(far.statusCode).toBe(409);
  });
});

describe('a request at an offer', () => {
  it('records its funder and offer with the frozen figures; without offerId, the best', async () => {
    const named = await request({ creditIds: [await credit(100_000n, '2026-03-20')], offerId: norteOffer });
    expect(named.statusCode, named.body).toBe(200);
    const best = await request([await credit(100_000n, '2026-03-20')]);
    expect(best.statusCode, best.body).toBe(200);
    const rows = await t.db
      .select({
        id: batches.id,
        funderId: batches.funderId,
        offerId: batches.offerId,
        estimate: batches.estimate,
      })
      .from(batches)
      .where(inArray(batches.id, [named.json().id, best.json().id]))
      .orderBy(batches.id);
    expect(rows.map(({ funderId, offerId }) => ({ funderId, offerId }))).toEqual([
      { funderId: norte, offerId: norteOffer },
      { funderId: sul, offerId: sulOffer },
    ]);
    expect(rows[1]!.estimate).toMatchObject({ offerId: sulOffer, funder: funderSul, total: 991.7 });
  });

  it('a replaced offer is 409 error.offer.unavailable, nothing claimed; the house by name', async () => {
    const replaced = sulOffer;
    sulOffer = await postOffer(sulClient, {
      bands: [{ upToDays: 30, monthlyRate: '0.011' }],
      dailyCapacity: '15000.00',
    });
    const id = await credit(100_000n, '2026-03-20');
    const res = await request({ creditIds: [id], offerId: replaced });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 409,
      body: errorBody('error.offer.unavailable'),
    });
    const [row] = await t.db.select({ status: credits.status }).from(credits).where(eq(credits.id, id));
    expect(row).toEqual({ status: 'AVAILABLE' });
    const atHouse = await request({ creditIds: [id], offerId: 'house' });
    expect(atHouse.statusCode).toBe(200);
    const [batch] = await t.db
      .select({ funderId: batches.funderId, offerId: batches.offerId })
      .from(batches)
      .where(eq(batches.id, atHouse.json().id));
    expect(batch).toEqual({ funderId: null, offerId: null });
  });
});

describe('a funder’s daily capacity', () => {
  it('50 requests at once against an offer with room for 10: exactly 10 pass, 40 are 409 with nothing claimed', async () => {
    // Sul has taken R$ 1.000,00 today (the request above); its new offer has room for R$ 1.000,00 more only.
    sulOffer = await postOffer(sulClient, {
      bands: [{ upToDays: 30, monthlyRate: '0.011' }],
      dailyCapacity: '2000.00',
    });
    const ids = await Promise.all(Array.from({ length: 50 }, () => credit(10_000n, '2026-03-20')));
    const answers = await Promise.all(ids.map((id) => request({ creditIds: [id], offerId: sulOffer })));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    for (const res of answers.filter((r) => r.statusCode !== 200))
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 409,
        body: errorBody('error.offer.unavailable'),
      });
    const claimed = await t.db.select({ id: credits.id }).from(credits).where(inArray(credits.id, ids));
    const requested = await t.db
      .select({ status: credits.status })
      .from(credits)
      .where(inArray(credits.id, ids));
    expect(claimed).toHaveLength(50);
    expect(requested.filter((row) => row.status === 'REQUESTED')).toHaveLength(10);
    // Full today: the estimate no longer lists Sul for even one more invoice; a cancellation would give room back.
    const next = await estimateOf([await credit(10_000n, '2026-03-20')]);
    expect(next.json().offers.map((o: { offerId: unknown }) => o.offerId)).toEqual([norteOffer, 'house']);
  });
});

describe('the invoices list at the best offer', () => {
  it('lists each credit at its best price among the offers covering its term, whatever their capacity', async () => {
    // Sul is full today (above) and its current offer covers 30 days; Norte 90 days at 1.3 %; the house 1.5 %.
    const short = await credit(1_000_000n, '2026-03-20'); // 9 days: Sul's 1.1 %, though it has no room left
    const long = await credit(1_000_000n, '2026-05-20'); // 70 days: Norte's 1.3 %
    const far = await credit(1_000_000n, '2026-09-30'); // 203 days: the house's 1.5 % alone
    const res = await injectCall(t.app, listCreditsCall, {
      params: { programProviderId: supplier.pp.id },
      query: { page: 0, size: 100, sort: 'expireDate,desc' },
      headers: supplier.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (id: number) => res.json().content.find((c: { id: number }) => c.id === id);
    expect(row(short)).toMatchObject({ anticipationValue: 9917, discountedValue: 83 });
    expect(row(long)).toMatchObject({ anticipationValue: 9646.67 });
    // 10.000 × 1.5 % × 203/30 = 1.015,00 and 50,00 of fee.
    expect(row(far)).toMatchObject({ anticipationValue: 8935 });
  });

  it('lists at the house’s rate once an offer is past its end or its funder no longer admitted', async () => {
    const short = await credit(1_000_000n, '2026-03-20'); // 9 days
    const long = await credit(1_000_000n, '2026-05-20'); // 70 days
    const listed = async () => {
      const res = await injectCall(t.app, listCreditsCall, {
        params: { programProviderId: supplier.pp.id },
        query: { page: 0, size: 100, sort: 'expireDate,desc' },
        headers: supplier.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = (id: number) => res.json().content.find((c: { id: number }) => c.id === id);
      return { short: row(short).anticipationValue, long: row(long).anticipationValue };
    };
    expect(await listed()).toEqual({ short: 9917, long: 9646.67 }); // Sul's 1.1 %, Norte's 1.3 %
    // Norte's offer ended a second before the clock's instant; Sul's funder no longer admitted in the program.
    await t.db
      .update(offers)
      .set({ validUntil: new Date(t.clock.now().getTime() - 1_000) })
      .where(eq(offers.id, norteOffer));
    await t.db
      .delete(programFunders)
      .where(and(eq(programFunders.programId, supplier.program.id), eq(programFunders.funderId, sul)));
    // The house's 1.5 % and 0.5 % fee: 10.000 × 1.5 % × 9/30 = 45,00; × 70/30 = 350,00.
    expect(await listed()).toEqual({ short: 9905, long: 9600 });
  });
});
