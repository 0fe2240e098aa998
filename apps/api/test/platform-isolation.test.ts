import { buildPath, type Call, calls, errorBody } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, funders, machineClients, platformEvents } from '../src/db/schema';
import { createMachineClient } from '../src/modules/machine-clients/machine-clients';
import { recordBatchEvent } from '../src/modules/platform/platform-events';
import { registerEndpoint } from '../src/modules/webhooks/webhook-endpoints';
import { importDocument } from '../src/ops/import';
import { credit, smallDocument } from '../src/ops/import/test-helpers';
import { buildTestApp, loginAs } from './app';
import { machineToken, machineTokenWithEveryScope } from './machine-clients';

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
