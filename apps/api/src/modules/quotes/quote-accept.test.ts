import { acceptQuoteCall, errorBody, getQuoteCall, postBidCall, requestBatchCall } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { createSupplier } from '../../../test/estimates-factories';
import { admittedFunder } from '../../../test/funders-factories';
import { funderToken } from '../../../test/machine-clients';
import { feedOf, putToFunders } from '../../../test/quote-factories';
import { batches, credits, platformEvents, quoteBids, quotes } from '../../db/schema';
import { createJobQueue } from '../../jobs/job-queue';
import { startScheduledWork } from '../../jobs/scheduled-work';
import { sweepExpiredQuotes } from './expire-quotes';

/*
 * Taking a bid (docs/product/auction.md#accept): the request at that bid through the claim every request goes
 * through (checks, frozen figures, receipt, events), the quote ACCEPTED; the winner hears batch.requested, the
 * others quote.closed without the rate; a credit gone is 409 with nothing claimed; at closesAt the expiry job
 * closes an open quote exactly once, whatever the processes; two acceptances at once make one request.
 */

const t = await buildTestApp();
// Requests made on Tuesday 2026-03-10 at 10:00 are paid Wednesday 2026-03-11 (daysToPay 1).
const supplier = await createSupplier(t.app, t.db, {
  program: { monthlyRate: '0.015', platformFee: '0.005' },
});
const funders = {
  sul: await admittedFunder(t, supplier, 'f-sul', 'Banco Sul S.A.'),
  norte: await admittedFunder(t, supplier, 'f-norte', 'FIDC Norte'),
};
const [sul, norte] = [funders.sul.id, funders.norte.id];
const clients = { sul: funders.sul.headers, norte: funders.norte.headers };
const log = { info: () => {}, error: () => {} };
/** The supplier's session: logged in again when the clock moves past its lifetime. */
let session = supplier.headers;

/** Two invoices of R$ 30.000,00 due 2026-04-10, put to the funders now. */
const askQuote = () =>
  putToFunders(t, supplier, [
    { originalValueCents: 3_000_000n, expireDate: '2026-04-10' },
    { originalValueCents: 3_000_000n, expireDate: '2026-04-10' },
  ]);
const bid = async (headers: Record<string, string>, id: number, monthlyRate: string) => {
  const res = await injectCall(t.app, postBidCall, { headers, params: { id }, body: { monthlyRate } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().bidId as number;
};
const accept = (id: number, bidId: number) =>
  injectCall(t.app, acceptQuoteCall, { headers: session, params: { id }, body: { bidId } });
const statusOfQuote = async (id: number) =>
  (await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, id)))[0]!.status;

describe('accepting a bid', () => {
  it('makes the request at that bid, as any request: frozen figures, the funder, receipt, events', async () => {
    const quote = await askQuote();
    const sulBid = await bid(clients.sul, quote.id, '0.0085');
    await bid(clients.norte, quote.id, '0.009');
    const res = await accept(quote.id, sulBid);
    expect(res.statusCode, res.body).toBe(200);
    // Each credit: 30.000 × 0,85 % = 255,00 and the 0,5 % fee 150,00.
    expect(res.json()).toEqual({ id: expect.any(Number), value: 59190, daysToPay: 1 });
    const batchId = res.json().id as number;
    const [batch] = await t.db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({
      status: 'REQUESTED',
      funderId: sul,
      offerId: null,
      netValueCents: 5_919_000n,
    });
    expect(batch!.estimate).toMatchObject({
      total: 59190,
      offerId: sulBid,
      funder: { id: sul, name: 'Banco Sul S.A.', house: false },
      offers: [{ offerId: sulBid, total: 59190, monthlyRates: ['0.0085'] }],
    });
    const rows = await t.db
      .select({ status: credits.status })
      .from(credits)
      .where(inArray(credits.id, quote.ids));
    expect(rows.map((row) => row.status)).toEqual(['REQUESTED', 'REQUESTED']);
    const read = await injectCall(t.app, getQuoteCall, {
      headers: supplier.headers,
      params: { id: quote.id },
    });
    expect(read.json()).toMatchObject({ status: 'ACCEPTED', batchId, bestOffer: null });
    // The receipt, as for any request.
    expect(await t.deliverMails()).toBeGreaterThanOrEqual(1);
    expect(t.mailer.sent.map((mail) => mail.to)).toContain(supplier.user.login);
    // The winner hears of the request; the other that the quote closed, never at what rate.
    expect((await feedOf(t, clients.sul)).map((e) => e.type)).toEqual(['quote.requested', 'batch.requested']);
    expect((await feedOf(t, clients.sul))[1]!.data).toMatchObject({
      batch: { id: batchId, funder: { ref: 'f-sul', name: 'Banco Sul S.A.' }, netValue: 59190 },
    });
    const norteFeed = await feedOf(t, clients.norte);
    expect(norteFeed.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'quote.requested', data: expect.objectContaining({ quoteId: quote.id }) },
      { type: 'quote.closed', data: { quoteId: quote.id, status: 'ACCEPTED' } },
    ]);
    expect(JSON.stringify(norteFeed)).not.toContain('0.0085');
    expect(JSON.stringify(norteFeed)).not.toContain('59190');
    // Accepted: no second acceptance, no more bids.
    const again = await accept(quote.id, sulBid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody('error.quote.closed'));
    const late = await injectCall(t.app, postBidCall, {
      headers: clients.norte,
      params: { id: quote.id },
      body: { monthlyRate: '0.001' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(errorBody('error.quote.closed'));
  });

  it('a credit requested meanwhile: 409 error.quote.creditUnavailable, nothing claimed, the quote still open', async () => {
    const quote = await askQuote();
    const sulBid = await bid(clients.sul, quote.id, '0.01');
    const taken = await injectCall(t.app, requestBatchCall, {
      headers: supplier.headers,
      body: [quote.ids[0]!],
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(batches);
    const res = await accept(quote.id, sulBid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody('error.quote.creditUnavailable'));
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(batches)).toEqual(before);
    const [other] = await t.db
      .select({ status: credits.status })
      .from(credits)
      .where(eq(credits.id, quote.ids[1]!));
    expect(other).toEqual({ status: 'AVAILABLE' });
    expect(await statusOfQuote(quote.id)).toBe('OPEN');
    // A bid that is not this quote's: 404.
    const wrong = await accept(quote.id, 987_654);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(errorBody('error.quote.bidNotFound'));
  });

  it('at closesAt the expiry job closes it exactly once across two processes; accepting it is 409', async () => {
    const [open] = await t.db.select().from(quotes).where(eq(quotes.status, 'OPEN'));
    const bidId = (
      await t.db.select({ id: quoteBids.id }).from(quoteBids).where(eq(quoteBids.quoteId, open!.id))
    )[0]!.id;
    t.clock.set(open!.closesAt);
    // Two processes' job queues, each sending its sweep on start (jobs/scheduled-work.ts).
    const processes = [createJobQueue(t.db.$client), createJobQueue(t.db.$client)];
    try {
      for (const jobs of processes) {
        await jobs.boss.start();
        await startScheduledWork(jobs.boss, {
          db: t.db,
          clock: t.clock,
          background: t.app.deps.background,
          log,
        });
      }
      const deadline = Date.now() + 15_000;
      while ((await statusOfQuote(open!.id)) !== 'EXPIRED' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // Sweeps at once, as many processes would: none expires it again.
      expect(
        await Promise.all(Array.from({ length: 5 }, () => sweepExpiredQuotes(t.db, t.clock.now()))),
      ).toEqual([0, 0, 0, 0, 0]);
    } finally {
      for (const jobs of processes) await jobs.close();
    }
    expect(await statusOfQuote(open!.id)).toBe('EXPIRED');
    const closed = await t.db
      .select({ funderId: platformEvents.funderId })
      .from(platformEvents)
      .where(
        and(
          eq(platformEvents.type, 'quote.closed'),
          sql`${platformEvents.data} = ${JSON.stringify({ quoteId: open!.id, status: 'EXPIRED' })}::jsonb`,
        ),
      );
    expect(closed.map((row) => row.funderId).sort()).toEqual([sul, norte].sort());
    const res = await accept(open!.id, bidId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody('error.quote.closed'));
  });
});

describe('races', () => {
  it('acceptances at once (of two bids): one request, the others 409 error.quote.closed', async () => {
    const quote = await askQuote();
    const bids = [await bid(clients.sul, quote.id, '0.01'), await bid(clients.norte, quote.id, '0.011')];
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => accept(quote.id, bids[i % 2]!)));
    const passed = answers.filter((res) => res.statusCode === 200);
    expect(passed).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(errorBody('error.quote.closed'));
    }
    const made = await t.db
      .select({ id: batches.id })
      .from(batches)
      .where(sql`${batches.estimate}->'creditEstimates'->0->>'id' = ${String(quote.ids[0])}`);
    expect(made).toEqual([{ id: passed[0]!.json().id }]);
    const [row] = await t.db.select({ batchId: quotes.batchId }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toEqual({ batchId: passed[0]!.json().id });
  });

  it('bids arriving as the quote is accepted: each is in, or refused with 409, never half', async () => {
    const quote = await askQuote();
    const sulBid = await bid(clients.sul, quote.id, '0.01');
    const [accepted, ...bidsAnswers] = await Promise.all([
      accept(quote.id, sulBid),
      ...Array.from({ length: 6 }, (_, i) =>
        injectCall(t.app, postBidCall, {
          headers: clients.norte,
          params: { id: quote.id },
          body: { monthlyRate: `0.00${i + 1}` },
        }),
      ),
    ]);
    expect(accepted!.statusCode, accepted!.body).toBe(200);
    for (const res of bidsAnswers) {
      expect([201, 409]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json()).toEqual(errorBody('error.quote.closed'));
    }
    const stored = await t.db
      .select({ id: quoteBids.id })
      .from(quoteBids)
      .where(and(eq(quoteBids.quoteId, quote.id), eq(quoteBids.funderId, norte)));
    expect(stored).toHaveLength(bidsAnswers.filter((res) => res.statusCode === 201).length);
  });

  it('the request’s checks apply: after the day’s window, error.operation.closed, nothing claimed', async () => {
    t.clock.set(new Date('2026-03-10T18:05:00-03:00'));
    session = await loginAs(t.app, supplier.user);
    clients.sul = await funderToken(t, supplier.org.id, sul);
    const quote = await askQuote();
    const sulBid = await bid(clients.sul, quote.id, '0.01');
    const res = await accept(quote.id, sulBid);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.operation.closed'));
    expect(await statusOfQuote(quote.id)).toBe('OPEN');
  });
});
