import { buildPath, type Call, calls, errorBody, funderScopes } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  batches,
  credits,
  funders,
  machineClients,
  platformEvents,
  programs,
  webhookDeliveries,
} from '../src/db/schema';
import { importDocument } from '../src/modules/imports';
import { createMachineClient } from '../src/modules/machine-clients/machine-clients';
import { recordBatchEvent, recordInvoiceUploaded } from '../src/modules/webhooks/platform-events';
import { registerEndpoint } from '../src/modules/webhooks/webhook-endpoints';
import { buildTestApp, loginAs } from './app';
import { createFunder, fundRequests } from './funders-factories';
import { credit, smallDocument } from './import-documents';
import { funderToken, machineToken, machineTokenWithEveryScope } from './machine-clients';

/*
 * The platform API's isolation matrix (docs/product/platform-api.md#tokens), derived from the contract's list of
 * calls: every machine call is made
 *   - with a person's token: 403 error.http.forbidden, the same bytes for every call,
 *   - with no token: 401,
 *   - by a client of organization B with organization A's ids or refs: exactly what ids or refs that do not exist
 *     answer, and nothing of A.
 * A new machine call fails the first test below until it is given a probe here.
 */
const t = await buildTestApp();
const acme = smallDocument();
// A request of A's, on a credit of its own, for the calls that read requests.
acme.credits.push(credit('kb1', '500.00'));
Object.assign(acme, {
  batches: [
    {
      ref: 'batch-a',
      programProvider: 'pp1',
      credits: ['kb1'],
      requestedAt: '2026-03-02T10:00:00-03:00',
      requestedBy: 'supplier@example.test',
      status: 'REQUESTED',
    },
  ],
});
// A funder of A's, admitted in A's program, for the offers' calls.
Object.assign(acme, {
  funders: [{ ref: 'f-a', organization: 'acme', name: 'Banco de A', identification: '60701190000104' }],
});
Object.assign(acme.programs[0]!, { funders: ['f-a'] });
await importDocument(t.db, acme, { clock: t.clock, notify: false });
const other = smallDocument();
other.organizations[0]!.slug = 'other';
for (const kind of ['buyers', 'companies', 'users', 'programs', 'invites'] as const)
  for (const entry of other[kind]) entry.organization = 'other';
other.users[0]!.email = 'someone@other.test';
other.programProviders[0]!.ref = 'pp-b';
other.credits = [];
other.invites = [];
Object.assign(other, {
  funders: [{ ref: 'f-b', organization: 'other', name: 'Banco de B', identification: '60701190000104' }],
});
Object.assign(other.programs[0]!, { ref: 'p-b', funders: ['f-b'] });
other.programProviders[0]!.program = 'p-b';
other.notifications = [];
await importDocument(t.db, other, { clock: t.clock, notify: false });

const clientOfB = await machineTokenWithEveryScope(t, 2);
const funderIds = await t.db.select({ id: funders.id, ref: funders.ref }).from(funders).orderBy(funders.ref);
const funderOf = (ref: string) => funderIds.find((funder) => funder.ref === ref)!.id;
/** A funder's client of B: the offers' calls are funders' alone (a platform client is 403 on them). */
const funderClientOfB = await machineToken(t, 2, ['offers:write'], funderOf('f-b'));
// A's funder's offer in A's program, for B's list to leave out.
const offerOfA = await t.app.inject({
  method: 'PUT',
  url: buildPath(calls.putOffer, { programRef: 'p1' }),
  payload: { bands: [{ upToDays: 90, monthlyRate: '0.011' }], dailyCapacity: '1000.00' },
  headers: await machineToken(t, 1, ['offers:write'], funderOf('f-a')),
});
if (offerOfA.statusCode !== 200) throw new Error(`A's offer: ${offerOfA.body}`);
const person = await loginAs(t.app, {
  login: 'supplier@example.test',
  password: 'secret-pass',
  organization: 'acme',
});

type MachineCallName = {
  [K in keyof typeof calls]: (typeof calls)[K]['auth'] extends 'machine' ? K : never;
}[keyof typeof calls];

/** A's ids (or refs) in each call, and the same call with ids that exist nowhere. */
type Probe = {
  url: string;
  body?: unknown;
  missing: { url: string; body?: unknown };
  /** A list has no ids to name: B's own (empty) list, 200, with nothing of A. */
  lists?: true;
  /** What differs between two answers by nature (a new endpoint's id and secret), left out of the comparison. */
  masks?: RegExp[];
  /** The client of B that makes the call, when not the platform client with every scope. */
  client?: Record<string, string>;
};
const batchOfA = (await t.db.select({ id: batches.id }).from(batches))[0]!.id; // batch-a, A's only request
// An event of A's, for the events list to leave out.
await t.db.transaction((tx) =>
  recordBatchEvent(tx, { batchId: batchOfA, type: 'batch.requested', now: t.clock.now() }),
);
// A webhook endpoint of A's; its deliveries and retries are A's to see.
const clientOfA = await createMachineClient(t.db, {
  organizationId: 1,
  name: 'a',
  scopes: ['webhooks:write'],
  now: t.clock.now(),
});
const [clientRowOfA] = await t.db
  .select({ id: machineClients.id })
  .from(machineClients)
  .where(eq(machineClients.clientId, clientOfA.clientId));
const endpointOfA = await registerEndpoint(t.db, t.app.deps.secrets, {
  viewer: { organizationId: 1, funderId: null },
  machineClientId: clientRowOfA!.id,
  url: 'https://93.184.215.14/hooks-of-a',
  events: undefined,
  now: t.clock.now(),
});
const [eventOfA] = await t.db.select({ id: platformEvents.id }).from(platformEvents);
// A quote of A's supplier to the funders its program admits (f-a alone), for the quotes' calls.
await t.db.update(programs).set({ quoteMinimumCents: 100n }).where(eq(programs.ref, 'p1'));
const askedCredits = await t.db
  .select({ id: credits.id })
  .from(credits)
  .where(inArray(credits.ref, ['k1', 'k2']));
const quoteAsked = await t.app.inject({
  method: 'POST',
  url: buildPath(calls.createQuote),
  payload: { creditIds: askedCredits.map((row) => row.id) },
  headers: person,
});
if (quoteAsked.statusCode !== 201) throw new Error(`A's quote: ${quoteAsked.body}`);
const quoteOfA = quoteAsked.json().id as number;
const publicUrl = { url: 'https://93.184.215.14/hooks' };
const probes: Record<MachineCallName, Probe> = {
  platformImport: {
    url: buildPath(calls.platformImport),
    body: { credits: [credit('probe-1', '1.00')] }, // pp1: A's participation
    missing: {
      url: buildPath(calls.platformImport),
      body: { credits: [{ ...credit('probe-1', '1.00'), programProvider: 'pp1-nowhere' }] },
    },
  },
  withdrawCredits: {
    url: buildPath(calls.withdrawCredits),
    body: { refs: ['k1', 'k2'] }, // A's credits
    missing: { url: buildPath(calls.withdrawCredits), body: { refs: ['k1-nowhere', 'k2-nowhere'] } },
  },
  listPlatformBatches: {
    url: buildPath(calls.listPlatformBatches),
    lists: true,
    missing: { url: buildPath(calls.listPlatformBatches) },
  },
  getPlatformBatch: {
    url: buildPath(calls.getPlatformBatch, { id: batchOfA }),
    missing: { url: buildPath(calls.getPlatformBatch, { id: 999_999 }) },
  },
  settleBatch: {
    url: buildPath(calls.settleBatch, { id: batchOfA }),
    body: { status: 'REJECTED', reason: 'probe' },
    missing: {
      url: buildPath(calls.settleBatch, { id: 999_999 }),
      body: { status: 'REJECTED', reason: 'probe' },
    },
  },
  listPlatformEvents: {
    url: buildPath(calls.listPlatformEvents),
    lists: true,
    missing: { url: buildPath(calls.listPlatformEvents) },
  },
  createWebhookEndpoint: {
    url: buildPath(calls.createWebhookEndpoint),
    body: publicUrl,
    lists: true,
    missing: { url: buildPath(calls.createWebhookEndpoint), body: publicUrl },
    masks: [/"id":\d+/, /"secret":"[^"]+"/],
  },
  listWebhookEndpoints: {
    url: buildPath(calls.listWebhookEndpoints),
    lists: true,
    missing: { url: buildPath(calls.listWebhookEndpoints) },
  },
  updateWebhookEndpoint: {
    url: buildPath(calls.updateWebhookEndpoint, { id: endpointOfA.id }),
    body: { ...publicUrl, events: ['batch.paid'] },
    missing: {
      url: buildPath(calls.updateWebhookEndpoint, { id: 999_999 }),
      body: { ...publicUrl, events: ['batch.paid'] },
    },
  },
  deleteWebhookEndpoint: {
    url: buildPath(calls.deleteWebhookEndpoint, { id: endpointOfA.id }),
    missing: { url: buildPath(calls.deleteWebhookEndpoint, { id: 999_999 }) },
  },
  listWebhookDeliveries: {
    url: buildPath(calls.listWebhookDeliveries, { id: endpointOfA.id }),
    missing: { url: buildPath(calls.listWebhookDeliveries, { id: 999_999 }) },
  },
  putOffer: {
    url: buildPath(calls.putOffer, { programRef: 'p1' }), // A's program, admitting A's funder
    body: { bands: [{ upToDays: 30, monthlyRate: '0.01' }], dailyCapacity: '1.00' },
    missing: {
      url: buildPath(calls.putOffer, { programRef: 'p1-nowhere' }),
      body: { bands: [{ upToDays: 30, monthlyRate: '0.01' }], dailyCapacity: '1.00' },
    },
    client: funderClientOfB,
  },
  deleteOffer: {
    url: buildPath(calls.deleteOffer, { programRef: 'p1' }),
    missing: { url: buildPath(calls.deleteOffer, { programRef: 'p1-nowhere' }) },
    client: funderClientOfB,
  },
  listOffers: {
    url: buildPath(calls.listOffers),
    lists: true,
    missing: { url: buildPath(calls.listOffers) },
    client: funderClientOfB,
  },
  getPlatformQuote: {
    url: buildPath(calls.getPlatformQuote, { id: quoteOfA }),
    missing: { url: buildPath(calls.getPlatformQuote, { id: 999_999 }) },
    client: funderClientOfB,
  },
  postBid: {
    url: buildPath(calls.postBid, { id: quoteOfA }),
    body: { monthlyRate: '0.01' },
    missing: { url: buildPath(calls.postBid, { id: 999_999 }), body: { monthlyRate: '0.01' } },
    client: funderClientOfB,
  },
  retryWebhookDelivery: {
    url: buildPath(calls.retryWebhookDelivery, { id: endpointOfA.id, eventId: eventOfA!.id }),
    missing: { url: buildPath(calls.retryWebhookDelivery, { id: 999_999, eventId: 999_999 }) },
  },
};

function send(
  name: MachineCallName,
  target: { url: string; body?: unknown },
  headers: Record<string, string>,
) {
  const call = calls[name] as Call;
  return t.app.inject({ method: call.method, url: target.url, payload: target.body as object, headers });
}

it('has a probe for every machine call of the contract', () => {
  const machineCalls = Object.entries(calls)
    .filter(([, call]) => (call as Call).auth === 'machine')
    .map(([name]) => name);
  expect(Object.keys(probes).sort()).toEqual(machineCalls.sort());
});

describe.each(Object.keys(probes) as MachineCallName[])('%s', (name) => {
  const probe = probes[name];

  it('refuses a person’s token with 403 and no token with 401', async () => {
    const byPerson = await send(name, probe, person);
    expect(byPerson.statusCode).toBe(403);
    expect(byPerson.json()).toEqual(errorBody('error.http.forbidden'));
    const anonymous = await send(name, probe, {});
    expect(anonymous.json()).toEqual(errorBody('error.http.unauthorized'));
  });

  it('answers a client of another organization as for ids that exist nowhere, with none of A', async () => {
    const client = probe.client ?? clientOfB;
    const withA = await send(name, probe, client);
    const withNothing = await send(name, probe.missing, client);
    expect(withA.statusCode).toBe(withNothing.statusCode);
    if (probe.lists) expect(withA.statusCode).toBe(200);
    else expect(withA.statusCode).toBeGreaterThanOrEqual(400);
    // The same bytes but for the id or ref itself, which the answer may name back.
    const comparable = (body: string) =>
      (probe.masks ?? []).reduce((text, mask) => text.replace(mask, '…'), body);
    expect(comparable(withA.body.replaceAll('pp1', 'ID'))).toBe(
      comparable(withNothing.body.replaceAll('pp1-nowhere', 'ID')),
    );
    expect(withA.body).not.toContain('hooks-of-a');
    expect(withA.body).not.toContain('Supplier Ltda');
    expect(withA.body).not.toContain('batch-a');
    expect(withA.body).not.toContain('kb1');
    expect(withA.body).not.toContain('"p1"');
  });
});

it('answers a retry of A’s event to B’s own endpoint as for an event that exists nowhere', async () => {
  const own = await send(
    'createWebhookEndpoint',
    { url: buildPath(calls.createWebhookEndpoint), body: publicUrl },
    clientOfB,
  );
  const id = own.json().id as number;
  const withA = await send(
    'retryWebhookDelivery',
    { url: buildPath(calls.retryWebhookDelivery, { id, eventId: eventOfA!.id }) },
    clientOfB,
  );
  const withNothing = await send(
    'retryWebhookDelivery',
    { url: buildPath(calls.retryWebhookDelivery, { id, eventId: 999_999 }) },
    clientOfB,
  );
  expect(withA.statusCode).toBe(404);
  expect(withA.body).toBe(withNothing.body);
  expect(withA.json()).toEqual(errorBody('error.event.notFound'));
});

/*
 * A funder's client (docs/product/funders.md#clients) in organization A itself: every call a funder's client may
 * make, with the ids of a request another funder of A funds, of the house's request (funded by no funder), of
 * another funder's and the platform's webhook endpoints and of their events, answers exactly what ids that do
 * not exist answer; its lists, feed and webhooks carry none of them. A new call a funder's client may make fails
 * the first test below until it is given a probe here.
 */
describe('a funder’s client, with another funder’s and the house’s ids', () => {
  type Target = { url: string; body?: unknown };
  /** A call's probes: each of others' ids beside the missing id it must answer as; or a list's own check. */
  type FunderProbe =
    | { cases: { others: Target; missing: Target }[] }
    | { lists: Target; check: (answer: { statusCode: number; body: string }) => void };
  type FunderCallName = {
    [K in MachineCallName]: (typeof calls)[K]['scope'] extends (typeof funderScopes)[number] ? K : never;
  }[MachineCallName];

  const funderCalls = Object.entries(calls)
    .filter(([, call]) => (call as Call).auth === 'machine')
    .filter(([, call]) => (funderScopes as readonly string[]).includes((call as Call).scope ?? ''))
    .map(([name]) => name as FunderCallName);

  // Names of others' requests, credits and endpoints (the three requests are of one company: its name is shared).
  const othersNames = ['batch-fb', 'kfb8', 'batch-a', 'kb1', 'hooks-of-fb', 'hooks-of-a'];
  const f = {} as {
    ofFunderA: Record<string, string>;
    ofFunderB: Record<string, string>;
    ofPlatform: Record<string, string>;
    batchOfFunderA: number;
    batchOfFunderB: number;
    endpointOfFunderA: number;
    endpointOfFunderB: number;
    eventOfFunderA: number;
    eventOfFunderB: number;
    invoiceEvent: number;
  };

  beforeAll(async () => {
    const funderA = await createFunder(t.db, 1, 'fund-a');
    const funderB = await createFunder(t.db, 1, 'fund-b');
    f.ofFunderA = await funderToken(t, 1, funderA);
    f.ofFunderB = await funderToken(t, 1, funderB);
    f.ofPlatform = await machineTokenWithEveryScope(t, 1);
    const register = async (headers: Record<string, string>, path: string) => {
      const res = await send(
        'createWebhookEndpoint',
        { url: buildPath(calls.createWebhookEndpoint), body: { url: `https://93.184.215.14/${path}` } },
        headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    f.endpointOfFunderA = await register(f.ofFunderA, 'hooks-of-fa');
    f.endpointOfFunderB = await register(f.ofFunderB, 'hooks-of-fb');
    // A request of each funder's, beside the house's batch-a.
    const request = (ref: string, creditRef: string) => ({
      ref,
      programProvider: 'pp1',
      credits: [creditRef],
      requestedAt: '2026-03-02T11:00:00-03:00',
      requestedBy: 'supplier@example.test',
      status: 'REQUESTED',
    });
    await importDocument(
      t.db,
      {
        credits: [credit('kfa7', '700.00'), credit('kfb8', '800.00')],
        batches: [request('batch-fa', 'kfa7'), request('batch-fb', 'kfb8')],
      },
      { clock: t.clock, notify: false },
    );
    const refs = await t.db.select({ id: batches.id, ref: batches.ref }).from(batches);
    const idOf = (ref: string) => refs.find((batch) => batch.ref === ref)!.id;
    f.batchOfFunderA = idOf('batch-fa');
    f.batchOfFunderB = idOf('batch-fb');
    // Nothing records who funds a request yet (the estimate's offers will): said here, before their events.
    await fundRequests(t.db, funderA, [f.batchOfFunderA]);
    await fundRequests(t.db, funderB, [f.batchOfFunderB]);
    const [kb1] = await t.db.select({ id: credits.id }).from(credits).where(eq(credits.ref, 'kb1'));
    await t.db.transaction(async (tx) => {
      for (const batchId of [f.batchOfFunderA, f.batchOfFunderB])
        await recordBatchEvent(tx, { batchId, type: 'batch.requested', now: t.clock.now() });
      await recordInvoiceUploaded(tx, {
        creditId: kb1!.id,
        accessKey: null,
        contentType: 'application/pdf',
        now: t.clock.now(),
      });
    });
    const events = await t.db
      .select({ id: platformEvents.id, batchId: platformEvents.batchId, type: platformEvents.type })
      .from(platformEvents);
    f.eventOfFunderA = events.find((event) => event.batchId === f.batchOfFunderA)!.id;
    f.eventOfFunderB = events.find((event) => event.batchId === f.batchOfFunderB)!.id;
    f.invoiceEvent = events.find((event) => event.type === 'invoice.uploaded')!.id;
  });

  const nowhere = 999_999;
  const settlement = { status: 'REJECTED', reason: 'probe' };
  const anOffer = { bands: [{ upToDays: 30, monthlyRate: '0.01' }], dailyCapacity: '1.00' };
  const funderProbes = (): Record<FunderCallName, FunderProbe> => {
    const othersEndpoints = [f.endpointOfFunderB, endpointOfA.id];
    const othersEvents = [f.eventOfFunderB, eventOfA!.id, f.invoiceEvent];
    const idsOf = (body: string) =>
      (JSON.parse(body).content as { id: number | string }[]).map((x) => Number(x.id));
    return {
      listPlatformBatches: {
        lists: { url: buildPath(calls.listPlatformBatches) },
        check: (answer) => expect(idsOf(answer.body)).toEqual([f.batchOfFunderA]),
      },
      getPlatformBatch: {
        cases: [f.batchOfFunderB, batchOfA].map((id) => ({
          others: { url: buildPath(calls.getPlatformBatch, { id }) },
          missing: { url: buildPath(calls.getPlatformBatch, { id: nowhere }) },
        })),
      },
      settleBatch: {
        cases: [f.batchOfFunderB, batchOfA].map((id) => ({
          others: { url: buildPath(calls.settleBatch, { id }), body: settlement },
          missing: { url: buildPath(calls.settleBatch, { id: nowhere }), body: settlement },
        })),
      },
      listPlatformEvents: {
        lists: { url: buildPath(calls.listPlatformEvents) },
        check: (answer) => expect(idsOf(answer.body)).toEqual([f.eventOfFunderA]),
      },
      createWebhookEndpoint: {
        lists: { url: buildPath(calls.createWebhookEndpoint), body: publicUrl },
        check: (answer) => expect(answer.statusCode).toBe(200),
      },
      listWebhookEndpoints: {
        lists: { url: buildPath(calls.listWebhookEndpoints) },
        check: (answer) => {
          expect(idsOf(answer.body)).toContain(f.endpointOfFunderA);
          for (const id of othersEndpoints) expect(idsOf(answer.body)).not.toContain(id);
        },
      },
      updateWebhookEndpoint: {
        cases: othersEndpoints.map((id) => ({
          others: { url: buildPath(calls.updateWebhookEndpoint, { id }), body: publicUrl },
          missing: { url: buildPath(calls.updateWebhookEndpoint, { id: nowhere }), body: publicUrl },
        })),
      },
      deleteWebhookEndpoint: {
        cases: othersEndpoints.map((id) => ({
          others: { url: buildPath(calls.deleteWebhookEndpoint, { id }) },
          missing: { url: buildPath(calls.deleteWebhookEndpoint, { id: nowhere }) },
        })),
      },
      listWebhookDeliveries: {
        cases: othersEndpoints.map((id) => ({
          others: { url: buildPath(calls.listWebhookDeliveries, { id }) },
          missing: { url: buildPath(calls.listWebhookDeliveries, { id: nowhere }) },
        })),
      },
      // A program that admits another funder of A's (f-a, with an offer there), not this one: as no program.
      putOffer: {
        cases: [
          {
            others: { url: buildPath(calls.putOffer, { programRef: 'p1' }), body: anOffer },
            missing: { url: buildPath(calls.putOffer, { programRef: 'p1-nowhere' }), body: anOffer },
          },
        ],
      },
      deleteOffer: {
        cases: [
          {
            others: { url: buildPath(calls.deleteOffer, { programRef: 'p1' }) },
            missing: { url: buildPath(calls.deleteOffer, { programRef: 'p1-nowhere' }) },
          },
        ],
      },
      listOffers: {
        lists: { url: buildPath(calls.listOffers) },
        check: (answer) => expect(JSON.parse(answer.body)).toEqual({ content: [] }),
      },
      // A quote its funder was not asked about (the program admits f-a, not this funder): as none.
      getPlatformQuote: {
        cases: [
          {
            others: { url: buildPath(calls.getPlatformQuote, { id: quoteOfA }) },
            missing: { url: buildPath(calls.getPlatformQuote, { id: nowhere }) },
          },
        ],
      },
      postBid: {
        cases: [
          {
            others: { url: buildPath(calls.postBid, { id: quoteOfA }), body: { monthlyRate: '0.01' } },
            missing: { url: buildPath(calls.postBid, { id: nowhere }), body: { monthlyRate: '0.01' } },
          },
        ],
      },
      retryWebhookDelivery: {
        cases: [
          // Others' endpoints, with an event of its own: as an endpoint that does not exist.
          ...othersEndpoints.map((id) => ({
            others: { url: buildPath(calls.retryWebhookDelivery, { id, eventId: f.eventOfFunderA }) },
            missing: {
              url: buildPath(calls.retryWebhookDelivery, { id: nowhere, eventId: f.eventOfFunderA }),
            },
          })),
          // Its own endpoint, with others' events (an event of no request is none of a funder's).
          ...othersEvents.map((eventId) => ({
            others: { url: buildPath(calls.retryWebhookDelivery, { id: f.endpointOfFunderA, eventId }) },
            missing: {
              url: buildPath(calls.retryWebhookDelivery, { id: f.endpointOfFunderA, eventId: nowhere }),
            },
          })),
        ],
      },
    };
  };

  it('has a probe for every call a funder’s client may make', () => {
    expect(Object.keys(funderProbes()).sort()).toEqual([...funderCalls].sort());
  });

  it('queues its funder’s events only to its endpoint; the platform’s endpoint takes every event', async () => {
    const queued = async (endpointId: number) =>
      (
        await t.db
          .select({ eventId: webhookDeliveries.eventId })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId))
      ).map((delivery) => delivery.eventId);
    expect(await queued(f.endpointOfFunderA)).toEqual([f.eventOfFunderA]);
    expect(await queued(f.endpointOfFunderB)).toEqual([f.eventOfFunderB]);
    expect(await queued(endpointOfA.id)).toEqual(
      expect.arrayContaining([f.eventOfFunderA, f.eventOfFunderB, f.invoiceEvent]),
    );
  });

  it.each(funderCalls)(
    '%s answers others’ ids as ids that exist nowhere, with none of them',
    async (name) => {
      const probe = funderProbes()[name];
      if ('lists' in probe) {
        const answer = await send(name, probe.lists, f.ofFunderA);
        expect(answer.statusCode, answer.body).toBe(200);
        probe.check(answer);
        for (const other of othersNames) expect(answer.body).not.toContain(other);
        return;
      }
      for (const { others, missing } of probe.cases) {
        const withOthers = await send(name, others, f.ofFunderA);
        const withNothing = await send(name, missing, f.ofFunderA);
        expect(withOthers.statusCode, others.url).toBe(404);
        expect(withOthers.body, others.url).toBe(withNothing.body);
        for (const other of othersNames) expect(withOthers.body).not.toContain(other);
      }
    },
  );

  it('left others’ requests and endpoints as they were; a platform client of A still sees every one', async () => {
    const statuses = await t.db
      .select({ id: batches.id, status: batches.status })
      .from(batches)
      .where(inArray(batches.id, [batchOfA, f.batchOfFunderB]));
    expect(statuses.map((batch) => batch.status)).toEqual(['REQUESTED', 'REQUESTED']);
    const listed = async (name: MachineCallName) =>
      (
        (await send(name, { url: buildPath(calls[name] as Call) }, f.ofPlatform)).json().content as {
          id: number | string;
        }[]
      ).map((x) => Number(x.id));
    expect(await listed('listPlatformBatches')).toEqual(
      expect.arrayContaining([batchOfA, f.batchOfFunderA, f.batchOfFunderB]),
    );
    expect(await listed('listPlatformEvents')).toEqual(
      expect.arrayContaining([eventOfA!.id, f.eventOfFunderA, f.eventOfFunderB, f.invoiceEvent]),
    );
    expect(await listed('listWebhookEndpoints')).toEqual(
      expect.arrayContaining([endpointOfA.id, f.endpointOfFunderA, f.endpointOfFunderB]),
    );
  });
});
