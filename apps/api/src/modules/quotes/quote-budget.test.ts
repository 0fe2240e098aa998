import { getQuoteCall, postBidCall } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { createSupplier } from '../../../test/estimates-factories';
import { createFunder } from '../../../test/funders-factories';
import { funderToken } from '../../../test/machine-clients';
import { putToFunders } from '../../../test/quote-factories';
import { programFunders } from '../../db/schema';

/*
 * The auction's budget (docs/product/auction.md#bids): 20 funders bidding on one quote at once. Bids on a quote
 * queue on its row, so every one is stored, none is lost or answered 5xx, and the supplier reads them best first.
 */

const FUNDERS = 20;
const t = await buildTestApp();
const supplier = await createSupplier(t.app, t.db, {
  program: { monthlyRate: '0.015', platformFee: '0.005' },
});
const funderIds: number[] = [];
for (let i = 0; i < FUNDERS; i++) funderIds.push(await createFunder(t.db, supplier.org.id, `f-${i}`));
await t.db
  .insert(programFunders)
  .values(funderIds.map((funderId) => ({ programId: supplier.program.id, funderId })));
const headers = await Promise.all(funderIds.map((id) => funderToken(t, supplier.org.id, id)));
const { id: quoteId } = await putToFunders(
  t,
  supplier,
  Array.from({ length: 10 }, () => ({ originalValueCents: 600_000n, expireDate: '2026-04-10' })),
);

describe('20 funders bidding at once on one quote', () => {
  it('stores every bid, 201 each, no 5xx; the supplier reads them best first', async () => {
    // Funder i bids 0.80 % + i × 0.01 %: the first funder's is the best.
    const rateOf = (i: number) => (0.008 + i * 0.0001).toFixed(4);
    const started = performance.now();
    const answers = await Promise.all(
      headers.map((h, i) =>
        injectCall(t.app, postBidCall, {
          headers: h,
          params: { id: quoteId },
          body: { monthlyRate: rateOf(i) },
        }),
      ),
    );
    const elapsedMs = performance.now() - started;
    expect(answers.map((res) => res.statusCode)).toEqual(Array(FUNDERS).fill(201));
    const quote = (
      await injectCall(t.app, getQuoteCall, { headers: supplier.headers, params: { id: quoteId } })
    ).json();
    expect(quote.bids).toHaveLength(FUNDERS);
    expect(quote.bids.map((bid: { funder: { id: number } }) => bid.funder.id)).toEqual(funderIds);
    const totals = quote.bids.map((bid: { total: number }) => bid.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    // Generous on a shared machine: the bids queue on one row, each a few milliseconds.
    expect(elapsedMs).toBeLessThan(10_000);
  });
});
