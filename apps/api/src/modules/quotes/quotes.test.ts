import { createQuoteCall, errorBody, getQuoteCall } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import { addProgramProvider, createSupplier, putEstimate } from '../../../test/estimates-factories';
import { createFunder } from '../../../test/funders-factories';
import { credits, programFunders, quotes } from '../../db/schema';

/*
 * A supplier asks the funders to bid (docs/product/auction.md#asking): a set worth at least the program's
 * quoteMinimum (R$ 50.000,00 by default) opens a quote for quoteWindowMinutes (10); the credits stay available;
 * one OPEN quote per participation; GET answers the bids and the best standing offer beside them.
 */

const t = await buildTestApp();
const supplier = await createSupplier(t.app, t.db);
const other = await createSupplier(t.app, t.db);
// Each program admits a funder: a quote is put to someone.
for (const [who, ref] of [
  [supplier, 'f-sul'],
  [other, 'f-norte'],
] as const) {
  const funderId = await createFunder(t.db, who.org.id, ref, `Banco ${ref}`);
  await t.db.insert(programFunders).values({ programId: who.program.id, funderId });
}

const creditsOf = async (pp: { id: number; organizationId: number }, values: bigint[]) =>
  (
    await createCredits(
      t.db,
      pp,
      values.map((originalValueCents) => ({ originalValueCents, expireDate: '2026-04-10' })),
    )
  ).map((credit) => credit.id);
const ask = (headers: Record<string, string>, creditIds: number[]) =>
  injectCall(t.app, createQuoteCall, { headers, body: { creditIds } });
const read = (headers: Record<string, string>, id: number) =>
  injectCall(t.app, getQuoteCall, { headers, params: { id } });

describe('asking the funders', () => {
  it('a set below the program’s minimum: 400 error.quote.tooSmall, nothing stored', async () => {
    // R$ 49.999,99: one centavo short of the default R$ 50.000,00.
    const ids = await creditsOf(supplier.pp, [2_500_000n, 2_499_999n]);
    const res = await ask(supplier.headers, ids);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.quote.tooSmall'));
    expect(await t.db.select().from(quotes)).toEqual([]);
  });

  it('a program that admits no funder has no one to ask: 400 error.quote.noFunders, nothing stored', async () => {
    const lonely = await createSupplier(t.app, t.db);
    const res = await ask(lonely.headers, await creditsOf(lonely.pp, [5_000_000n]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.quote.noFunders'));
    expect(await t.db.select().from(quotes)).toEqual([]);
  });

  let quoteId = 0;
  let ids: number[] = [];
  it('R$ 50.000,00: 201 OPEN for 10 minutes, the credits still AVAILABLE', async () => {
    ids = await creditsOf(supplier.pp, [3_000_000n, 2_000_000n]);
    const res = await ask(supplier.headers, ids);
    expect(res.statusCode, res.body).toBe(201);
    quoteId = res.json().id;
    // 2026-03-10 10:00 in São Paulo is 13:00 UTC; the window closes 10 minutes later.
    expect(res.json()).toEqual({
      id: quoteId,
      status: 'OPEN',
      closesAt: '2026-03-10T13:10:00.000Z',
      creditIds: ids,
      bids: [],
    });
    const rows = await t.db.select({ status: credits.status }).from(credits).where(inArray(credits.id, ids));
    expect(rows.map((row) => row.status)).toEqual(['AVAILABLE', 'AVAILABLE']);
    // The same set can still be estimated (and requested) at the standing offers.
    expect((await putEstimate(t.app, supplier.headers, ids)).statusCode).toBe(200);
  });

  it('a second quote of the participation while one is open: 409 error.quote.alreadyOpen', async () => {
    const more = await creditsOf(supplier.pp, [6_000_000n]);
    const res = await ask(supplier.headers, more);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody('error.quote.alreadyOpen'));
    // Another participation of the same company may ask meanwhile.
    const pp2 = await addProgramProvider(t.db, supplier);
    const [sul] = await t.db
      .select({ funderId: programFunders.funderId })
      .from(programFunders)
      .where(eq(programFunders.programId, supplier.program.id));
    await t.db.insert(programFunders).values({ programId: pp2.programId, funderId: sul!.funderId });
    expect((await ask(supplier.headers, await creditsOf(pp2, [6_000_000n]))).statusCode).toBe(201);
  });

  it('the estimate’s rules: another company’s credits, unknown ids', async () => {
    const theirs = await creditsOf(other.pp, [6_000_000n]);
    const res = await ask(supplier.headers, theirs);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.request.wrongProvider'));
    const unknown = await ask(supplier.headers, [987_654]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(errorBody('error.credit.notfound'));
  });

  it('GET: no bids yet, the best standing offer beside them (the estimate’s offers[0])', async () => {
    const res = await read(supplier.headers, quoteId);
    expect(res.statusCode, res.body).toBe(200);
    const estimate = (await putEstimate(t.app, supplier.headers, ids)).json();
    expect(res.json()).toEqual({
      id: quoteId,
      status: 'OPEN',
      closesAt: '2026-03-10T13:10:00.000Z',
      creditIds: ids,
      bids: [],
      bestOffer: estimate.offers[0],
      batchId: null,
    });
    expect(res.json().bestOffer).toMatchObject({ offerId: 'house', funder: { house: true } });
  });

  it('another company’s quote answers as one that does not exist: the same 404 bytes', async () => {
    const theirs = await read(other.headers, quoteId);
    const missing = await read(other.headers, 987_654);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(errorBody('error.quote.notFound'));
    expect(theirs.body).toBe(missing.body);
  });

  it('past closesAt it reads EXPIRED (void bids, no offer) and the participation may ask again', async () => {
    t.clock.set(new Date('2026-03-10T13:10:00.000Z'));
    const res = await read(supplier.headers, quoteId);
    expect(res.json()).toMatchObject({ status: 'EXPIRED', bids: [], bestOffer: null, batchId: null });
    const again = await ask(supplier.headers, ids);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().closesAt).toBe('2026-03-10T13:20:00.000Z');
    const [old] = await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId));
    expect(old).toEqual({ status: 'EXPIRED' });
  });
});
