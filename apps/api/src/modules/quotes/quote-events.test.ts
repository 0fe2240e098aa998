import {
  createWebhookEndpointCall,
  errorBody,
  getPlatformQuoteCall,
  listMyProgramsCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { createSupplier } from '../../../test/estimates-factories';
import { admittedFunder, createFunder } from '../../../test/funders-factories';
import { funderToken, machineTokenWithEveryScope } from '../../../test/machine-clients';
import { feedOf, putToFunders } from '../../../test/quote-factories';
import { platformEvents, webhookDeliveries } from '../../db/schema';

/*
 * The funders a program admits hear of a quote, each alone (docs/product/auction.md#events): `quote.requested`
 * in its feed and to its webhooks, and may read it; another funder never learns of it (404, nothing in its
 * feed, no delivery to its endpoints). The platform's own clients see every event.
 */

const t = await buildTestApp();
const supplier = await createSupplier(t.app, t.db);
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
const endpointOf = async (headers: Record<string, string>, path: string) => {
  const res = await injectCall(t.app, createWebhookEndpointCall, {
    headers,
    body: { url: `https://93.184.215.14/${path}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
};
const endpoints = {
  sul: await endpointOf(clients.sul, 'sul'),
  leste: await endpointOf(clients.leste, 'leste'),
  platform: await endpointOf(clients.platform, 'platform'),
};

const { id: quoteId } = await putToFunders(t, supplier, [
  { originalValueCents: 3_000_000n, expireDate: '2026-05-04', ref: 'nf-2' },
  { originalValueCents: 2_500_050n, expireDate: '2026-04-10', ref: 'nf-1' },
]);

const told = {
  program: { ref: supplier.program.ref, name: supplier.program.name },
  buyer: { name: supplier.buyer.name, identification: supplier.buyer.identification },
  supplier: { name: supplier.company.name, identification: supplier.company.identification },
  // By due date: what a funder prices first.
  credits: [
    { ref: 'nf-1', originalValue: 25000.5, expireDate: '2026-04-10' },
    { ref: 'nf-2', originalValue: 30000, expireDate: '2026-05-04' },
  ],
  closesAt: '2026-03-10T13:10:00.000Z',
};

describe('quote.requested', () => {
  it('the program lists its quote minimum, as it admits funders (the web app offers to ask above it)', async () => {
    const res = await injectCall(t.app, listMyProgramsCall, { headers: supplier.headers, query: {} });
    expect(res.json()).toMatchObject([{ id: supplier.program.id, quoteMinimum: 50000 }]);
  });

  it('is in each admitted funder’s feed, with the credits’ refs, values and due dates', async () => {
    for (const headers of [clients.sul, clients.norte]) {
      const feed = await feedOf(t, headers);
      expect(feed.map(({ type, data }) => ({ type, data }))).toEqual([
        { type: 'quote.requested', data: { quoteId, ...told } },
      ]);
    }
  });

  it('a funder not admitted: nothing in its feed, 404 on the quote with the bytes of none', async () => {
    expect(await feedOf(t, clients.leste)).toEqual([]);
    const theirs = await injectCall(t.app, getPlatformQuoteCall, {
      headers: clients.leste,
      params: { id: quoteId },
    });
    const none = await injectCall(t.app, getPlatformQuoteCall, {
      headers: clients.leste,
      params: { id: 987_654 },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(errorBody('error.quote.notFound'));
    expect(theirs.body).toBe(none.body);
  });

  it('an admitted funder reads the quote; a platform client may not (403, as offers)', async () => {
    const res = await injectCall(t.app, getPlatformQuoteCall, {
      headers: clients.sul,
      params: { id: quoteId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: quoteId, status: 'OPEN', ...told, bid: null });
    const platform = await injectCall(t.app, getPlatformQuoteCall, {
      headers: clients.platform,
      params: { id: quoteId },
    });
    expect(platform.statusCode).toBe(403);
    expect(platform.json()).toEqual(errorBody('error.http.forbidden'));
  });

  it('is queued to the admitted funder’s endpoint and the platform’s, never to another funder’s', async () => {
    const events = await t.db
      .select({ id: platformEvents.id, funderId: platformEvents.funderId })
      .from(platformEvents)
      .where(eq(platformEvents.type, 'quote.requested'));
    expect(events.map((event) => event.funderId).sort()).toEqual([sul, norte].sort());
    const queued = async (endpointId: number) =>
      (
        await t.db
          .select({ eventId: webhookDeliveries.eventId })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId))
      )
        .map((row) => row.eventId)
        .sort();
    const idOf = (funderId: number) => events.find((event) => event.funderId === funderId)!.id;
    expect(await queued(endpoints.sul)).toEqual([idOf(sul)]);
    expect(await queued(endpoints.leste)).toEqual([]);
    expect(await queued(endpoints.platform)).toEqual([idOf(sul), idOf(norte)].sort());
    // The platform's feed lists both, one per funder asked.
    expect((await feedOf(t, clients.platform)).filter((e) => e.type === 'quote.requested')).toHaveLength(2);
  });
});
