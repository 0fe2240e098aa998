import { buildPath, deleteOfferCall, errorBody, listOffersCall, putOfferCall } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, TEST_NOW } from '../../../test/app';
import { credit, smallDocument } from '../../../test/import-documents';
import { machineToken } from '../../../test/machine-clients';
import { batches, funders, offers } from '../../db/schema';
import { importDocument } from '../imports';
import { capacityDayOf } from './offer-usage';

/*
 * A funder's offers over the platform API (docs/product/funders.md#offers): PUT makes a new offer and ends the
 * previous one, DELETE withdraws, GET lists; bad input and programs it may not offer in answer with nothing
 * stored; platform clients may not offer.
 */

const t = await buildTestApp();
const acme = smallDocument();
Object.assign(acme, {
  funders: [
    { ref: 'f-sul', organization: 'acme', name: 'Banco Sul', identification: '60701190000104' },
    { ref: 'f-norte', organization: 'acme', name: 'FIDC Norte', identification: '12ABC34501DE35' },
  ],
});
Object.assign(acme.programs[0]!, { funders: ['f-sul'] });
// A second program of acme that admits no funder.
acme.programs.push({ ...acme.programs[0]!, ref: 'p2', name: 'Outro', funders: [] } as never);
acme.credits.push(credit('kb1', '1200.00'));
Object.assign(acme, {
  batches: [
    {
      ref: 'batch-a',
      programProvider: 'pp1',
      credits: ['kb1'],
      requestedAt: '2026-03-09T10:00:00-03:00',
      requestedBy: 'supplier@example.test',
      status: 'REQUESTED',
    },
  ],
});
await importDocument(t.db, acme, { clock: t.clock, notify: false });
const other = smallDocument();
other.organizations[0]!.slug = 'other';
for (const kind of ['buyers', 'companies', 'users', 'programs', 'invites'] as const)
  for (const entry of other[kind]) entry.organization = 'other';
other.programProviders[0]!.ref = 'pp-other';
other.programProviders[0]!.program = 'p-other';
other.notifications = [];
other.credits = [];
other.users[0]!.email = 'supplier@other.test';
Object.assign(other, {
  funders: [{ ref: 'f-sul', organization: 'other', name: 'Banco Sul', identification: '60701190000104' }],
});
Object.assign(other.programs[0]!, { ref: 'p-other', funders: ['f-sul'] });
await importDocument(t.db, other, { clock: t.clock, notify: false });

const [sul] = await t.db
  .select()
  .from(funders)
  .where(and(eq(funders.ref, 'f-sul'), eq(funders.organizationId, 1)));
const [norte] = await t.db.select().from(funders).where(eq(funders.ref, 'f-norte'));
const sulClient = await machineToken(t, 1, ['offers:write'], sul!.id);
const norteClient = await machineToken(t, 1, ['offers:write'], norte!.id);
const platformClient = await machineToken(t, 1, ['offers:write', 'batches:read']);

const body = {
  bands: [
    { upToDays: 30, monthlyRate: '0.0110' },
    { upToDays: 90, monthlyRate: '0.0125' },
  ],
  dailyCapacity: '250000.00',
};
const put = (programRef: string, payload: unknown, headers = sulClient) =>
  t.app.inject({
    method: 'PUT',
    url: buildPath(putOfferCall, { programRef }),
    payload: payload as object,
    headers,
  });
const current = () =>
  t.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.funderId, sul!.id), isNull(offers.endedAt)));

describe('PUT /api/platform/v1/offers/{programRef}', () => {
  it('posts an offer: a new id each time, the previous one ended at once', async () => {
    const first = await put('p1', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      programRef: 'p1',
      bands: [
        { upToDays: 30, monthlyRate: '0.011' },
        { upToDays: 90, monthlyRate: '0.0125' },
      ],
      dailyCapacity: '250000.00',
      validUntil: null,
      createdAt: TEST_NOW.toISOString(),
      usedToday: '0.00',
    });
    const second = await put('p1', { ...body, validUntil: '2026-03-31T18:00:00-03:00' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ validUntil: '2026-03-31T21:00:00.000Z' });
    expect(second.json().id).not.toBe(first.json().id);
    expect(await current()).toEqual([{ id: second.json().id }]);
    const listed = await injectCall(t.app, listOffersCall, { headers: sulClient });
    expect(listed.json()).toEqual({ content: [second.json()] });
  });

  it('two posts at once leave exactly one current offer, both answered', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => put('p1', body)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await current()).toHaveLength(1);
  });

  it('refuses bad bands, rates and capacities with the field, nothing stored', async () => {
    const before = await t.db.select({ id: offers.id }).from(offers);
    const refused = async (payload: unknown, field: string, message: string) => {
      const res = await put('p1', payload);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: errorBody('error.validation', [{ field, message }]),
      });
    };
    const band = (upToDays: number, monthlyRate: string) => ({ upToDays, monthlyRate });
    await refused(
      { ...body, bands: [band(60, '0.01'), band(60, '0.02')] },
      'bands.1.upToDays',
      'validation.offer.bandsNotIncreasing',
    );
    await refused(
      { ...body, bands: [band(60, '0.01'), band(30, '0.02')] },
      'bands.1.upToDays',
      'validation.offer.bandsNotIncreasing',
    );
    await refused(
      { ...body, bands: [band(30, '0')] },
      'bands.0.monthlyRate',
      'validation.offer.rateOutOfRange',
    );
    await refused(
      { ...body, bands: [band(30, '0.2001')] },
      'bands.0.monthlyRate',
      'validation.offer.rateOutOfRange',
    );
    await refused({ ...body, bands: [band(30, '1,5')] }, 'bands.0.monthlyRate', 'validation.rate.invalid');
    await refused({ ...body, bands: [band(3651, '0.01')] }, 'bands.0.upToDays', 'validation.invalid');
    await refused({ ...body, bands: [] }, 'bands', 'validation.required');
    await refused({ ...body, dailyCapacity: '250000,00' }, 'dailyCapacity', 'validation.money.invalid');
    await refused({ ...body, dailyCapacity: '0.00' }, 'dailyCapacity', 'validation.money.invalid');
    await refused({ ...body, dailyCapacity: 250000 }, 'dailyCapacity', 'validation.money.invalid');
    await refused({ ...body, validUntil: '2026-03-10T09:00:00-03:00' }, 'validUntil', 'validation.invalid');
    expect(await t.db.select({ id: offers.id }).from(offers)).toEqual(before);
  });

  it('a program that does not admit the funder, another organization’s, or none: the same 404', async () => {
    const missing = await put('p-none', body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('error.program.notFound'));
    for (const [programRef, headers] of [
      ['p2', sulClient],
      ['p-other', sulClient],
      ['p1', norteClient],
    ] as const) {
      const res = await put(programRef, body, headers);
      expect({ status: res.statusCode, body: res.body }).toEqual({ status: 404, body: missing.body });
    }
  });

  it('a platform client may not offer, whatever its scopes: 403', async () => {
    const res = await put('p1', body, platformClient);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 403,
      body: errorBody('error.http.forbidden'),
    });
    const listed = await injectCall(t.app, listOffersCall, { headers: platformClient });
    expect(listed.statusCode).toBe(403);
  });

  it('usedToday sums the funder’s REQUESTED and PAID requests of the current business day', async () => {
    const [offer] = (await current()) as [{ id: number }];
    const [program] = await t.db
      .select({ programId: offers.programId })
      .from(offers)
      .where(eq(offers.id, offer.id));
    const day = await capacityDayOf(t.db, program!.programId, t.clock.now());
    await t.db
      .update(batches)
      .set({ funderId: sul!.id, offerId: offer.id, paymentDate: day })
      .where(eq(batches.ref, 'batch-a'));
    const listed = await injectCall(t.app, listOffersCall, { headers: sulClient });
    expect(listed.json().content[0].usedToday).toBe('1200.00');
    await t.db.update(batches).set({ status: 'CANCELLED' }).where(eq(batches.ref, 'batch-a'));
    const after = await injectCall(t.app, listOffersCall, { headers: sulClient });
    expect(after.json().content[0].usedToday).toBe('0.00');
  });
});

describe('DELETE /api/platform/v1/offers/{programRef}', () => {
  it('withdraws the current offer (204); again, or where it may not offer: 404 error.offer.notFound', async () => {
    const url = buildPath(deleteOfferCall, { programRef: 'p1' });
    const removed = await t.app.inject({ method: 'DELETE', url, headers: sulClient });
    expect({ status: removed.statusCode, body: removed.body }).toEqual({ status: 204, body: '' });
    expect(await current()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url, headers: sulClient });
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 404,
      body: errorBody('error.offer.notFound'),
    });
    const elsewhere = await t.app.inject({
      method: 'DELETE',
      url: buildPath(deleteOfferCall, { programRef: 'p-other' }),
      headers: sulClient,
    });
    expect({ status: elsewhere.statusCode, body: elsewhere.body }).toEqual({ status: 404, body: again.body });
    expect((await injectCall(t.app, listOffersCall, { headers: sulClient })).json()).toEqual({ content: [] });
  });
});
