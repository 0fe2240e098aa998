import {
  errorBody,
  getPlatformQuoteCall,
  getQuoteCall,
  listPlatformEventsCall,
  postBidCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { createSupplier } from '../../../test/estimates-factories';
import { admittedFunder, createFunder } from '../../../test/funders-factories';
import { funderToken, machineTokenWithEveryScope } from '../../../test/machine-clients';
import { putToFunders } from '../../../test/quote-factories';

/*
 * The funders bid (docs/product/auction.md#bids): one monthly rate for the set, priced with the program's mode
 * and fees as any offer; a new bid replaces the funder's previous one; the supplier sees them best first beside
 * the best standing offer; no funder sees another's; closed, 409.
 */

const t = await buildTestApp();
// Requests made on Tuesday 2026-03-10 at 10:00 are paid Wednesday 2026-03-11 (daysToPay 1).
const supplier = await createSupplier(t.app, t.db, {
  program: { monthlyRate: '0.015', platformFee: '0.005' },
});
const leste = await createFunder(t.db, supplier.org.id, 'f-leste', 'Banco Leste'); // not admitted
const admitted = {
  sul: await admittedFunder(t, supplier, 'f-sul', 'Banco Sul S.A.'),
  norte: await admittedFunder(t, supplier, 'f-norte', 'FIDC Norte'),
};
const [sul, norte] = [admitted.sul.id, admitted.norte.id];
const clients = {
  sul: admitted.sul.headers,
  norte: admitted.norte.headers,
  leste: await funderToken(t, supplier.org.id, leste),
  platform: await machineTokenWithEveryScope(t, supplier.org.id),
};
// Two invoices of R$ 30.000,00 due Friday 2026-04-10: 30 days after the payment date.
const { id: quoteId } = await putToFunders(t, supplier, [
  { originalValueCents: 3_000_000n, expireDate: '2026-04-10' },
  { originalValueCents: 3_000_000n, expireDate: '2026-04-10' },
]);

const bid = (headers: Record<string, string>, monthlyRate: string, id = quoteId) =>
  injectCall(t.app, postBidCall, { headers, params: { id }, body: { monthlyRate } });
const read = async () => {
  const res = await injectCall(t.app, getQuoteCall, { headers: supplier.headers, params: { id: quoteId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('bids', () => {
  it('201, priced with the program’s fees: at 1 % a month each credit costs 300,00 + the 150,00 fee', async () => {
    const res = await bid(clients.sul, '0.0100');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      bidId: expect.any(Number),
      monthlyRate: '0.01',
      total: 59100,
      createdAt: '2026-03-10T13:00:00.000Z',
    });
  });

  it('the supplier sees them best first, the best standing offer (the house’s 1,5 %) beside them', async () => {
    const norteBid = await bid(clients.norte, '0.009');
    expect(norteBid.json()).toMatchObject({ monthlyRate: '0.009', total: 59160 });
    const quote = await read();
    expect(quote.bids).toEqual([
      {
        bidId: norteBid.json().bidId,
        funder: { id: norte, name: 'FIDC Norte' },
        monthlyRate: '0.009',
        total: 59160,
        effectiveMonthlyCost: expect.any(Number),
      },
      {
        bidId: expect.any(Number),
        funder: { id: sul, name: 'Banco Sul S.A.' },
        monthlyRate: '0.01',
        total: 59100,
        effectiveMonthlyCost: expect.any(Number),
      },
    ]);
    expect(quote.bids[0].effectiveMonthlyCost).toBeLessThan(quote.bids[1].effectiveMonthlyCost);
    expect(quote.bestOffer).toMatchObject({ offerId: 'house', total: 58800, monthlyRates: ['0.015'] });
  });

  it('a new bid replaces the funder’s previous one', async () => {
    const again = await bid(clients.sul, '0.0085');
    expect(again.json()).toMatchObject({ monthlyRate: '0.0085', total: 59190 });
    const quote = await read();
    expect(quote.bids.map((b: { funder: { id: number }; total: number }) => [b.funder.id, b.total])).toEqual([
      [sul, 59190],
      [norte, 59160],
    ]);
    expect(quote.bids[0].bidId).toBe(again.json().bidId);
  });

  it('funders never see each other’s bids: not on the quote, not in their feeds', async () => {
    const theirs = await injectCall(t.app, getPlatformQuoteCall, {
      headers: clients.sul,
      params: { id: quoteId },
    });
    expect(theirs.body).not.toContain('0.009');
    expect(theirs.body).not.toContain('59160');
    // Its own current bid, and no other.
    expect(theirs.json().bid).toEqual({
      bidId: expect.any(Number),
      monthlyRate: '0.0085',
      total: 59190,
      createdAt: '2026-03-10T13:00:00.000Z',
    });
    const feed = await injectCall(t.app, listPlatformEventsCall, { headers: clients.sul, query: {} });
    expect(feed.body).not.toContain('0.009');
    expect(feed.json().content.map((e: { type: string }) => e.type)).toEqual(['quote.requested']);
  });

  it('a funder not asked: 404 with the bytes of none; a platform client: 403; a rate out of range: 400', async () => {
    const theirs = await bid(clients.leste, '0.005');
    const none = await bid(clients.leste, '0.005', 987_654);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(errorBody('error.quote.notFound'));
    expect(theirs.body).toBe(none.body);
    const platform = await bid(clients.platform, '0.005');
    expect(platform.statusCode).toBe(403);
    expect(platform.json()).toEqual(errorBody('error.http.forbidden'));
    const tooHigh = await bid(clients.sul, '0.25');
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toEqual(
      errorBody('error.validation', [{ field: 'monthlyRate', message: 'validation.offer.rateOutOfRange' }]),
    );
    expect((await read()).bids).toHaveLength(2);
  });

  it('at closesAt: 409 error.quote.closed, nothing stored; the supplier sees EXPIRED without bids', async () => {
    t.clock.set(new Date('2026-03-10T13:10:00.000Z'));
    const late = await bid(clients.norte, '0.001');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(errorBody('error.quote.closed'));
    expect(await read()).toMatchObject({ status: 'EXPIRED', bids: [] });
    t.clock.set(new Date('2026-03-10T13:09:59.999Z'));
    expect((await read()).bids.map((b: { total: number }) => b.total)).toEqual([59190, 59160]);
  });
});
