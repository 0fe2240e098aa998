import {
  buildPath,
  type Credit,
  listCreditsCall,
  listUnavailableCreditsCall,
  type UnavailableCreditPage,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { addParticipation } from '../../../test/credits-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';
import { createCompany, createUser } from '../../../test/factories';

// TEST_NOW is Tuesday 2026-03-10 10:00 in São Paulo; the program pays 1 business day after a request and
// its window closes at 18:00. A request now is paid on 03-11, so a credit is eligible from a due date of 03-12.
const t = await buildTestApp();
const supplier = await createSupplier(t.app, t.db);
const auth = await loginAs(t.app, supplier.user);

const [pastDue, withdrawnPast, dueToday, dueTomorrow, dueIn2Days, eligible, withdrawn] = await createCredits(
  t.db,
  supplier.pp,
  [
    { originalValueCents: 1_000_00n, expireDate: '2026-03-01' },
    { originalValueCents: 2_000_00n, expireDate: '2026-03-05', status: 'UNAVAILABLE' },
    { originalValueCents: 3_000_00n, expireDate: '2026-03-10', orderDetail: 'PC-1' },
    { originalValueCents: 4_000_00n, expireDate: '2026-03-11', orderDetail: 'null' },
    { originalValueCents: 5_000_00n, expireDate: '2026-03-12' },
    { originalValueCents: 6_000_00n, expireDate: '2026-04-10' },
    {
      originalValueCents: 7_123_45n,
      expireDate: '2026-04-10',
      status: 'UNAVAILABLE',
      nfSerial: '2',
      kind: 'SERVICE',
    },
  ],
);
// Claimed or paid credits are neither offered nor "not available": they have a request of their own.
const claimed = await createCredits(t.db, supplier.pp, [
  { originalValueCents: 100n, expireDate: '2026-03-10', status: 'REQUESTED' },
  { originalValueCents: 100n, expireDate: '2026-04-10', status: 'PAID' },
]);

/** The query as written, malformed ones included. */
const unavailableUrl = (query: string, id = supplier.pp.id) =>
  `${buildPath(listUnavailableCreditsCall, { programProviderId: id })}?${query}`;

async function listUnavailable(query = '', id = supplier.pp.id) {
  const res = await t.app.inject({ url: unavailableUrl(query, id), headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as UnavailableCreditPage;
}

async function listAvailableIds(id = supplier.pp.id) {
  const res = await injectCall(t.app, listCreditsCall, { params: { programProviderId: id }, headers: auth });
  expect(res.statusCode).toBe(200);
  return (res.json().content as Credit[]).map((credit) => credit.id);
}

const reasonsOf = (page: UnavailableCreditPage) => page.content.map(({ id, reason }) => ({ id, reason }));

/** Runs `check` with the clock at `at`, then puts it back. */
async function at(instant: string, check: () => Promise<void>) {
  t.clock.set(new Date(instant));
  try {
    await check();
  } finally {
    t.clock.set(TEST_NOW);
  }
}

describe('GET credits/programProvider/:id/unavailable', () => {
  it('lists the AVAILABLE credits too close to their due date and the withdrawn ones, by due date then id', async () => {
    const page = await listUnavailable();
    expect(page.number).toBe(0);
    expect(page.last).toBe(true);
    expect(reasonsOf(page)).toEqual([
      { id: pastDue!.id, reason: 'credit.reason.dueTooSoon' },
      { id: withdrawnPast!.id, reason: 'credit.reason.withdrawn' },
      { id: dueToday!.id, reason: 'credit.reason.dueTooSoon' },
      { id: dueTomorrow!.id, reason: 'credit.reason.dueTooSoon' },
      { id: withdrawn!.id, reason: 'credit.reason.withdrawn' },
    ]);
    expect(page.content.find((item) => item.id === withdrawn!.id)).toEqual({
      id: withdrawn!.id,
      nfNumber: withdrawn!.nfNumber,
      nfSerial: '2',
      buyer: 'Compradora Nacional S.A.',
      orderDetail: null,
      installmentNumber: 1,
      expireDate: '2026-04-10',
      originalValue: 7123.45,
      kind: 'SERVICE',
      reason: 'credit.reason.withdrawn',
    });
    expect(page.content.map((item) => item.orderDetail).slice(2, 4)).toEqual(['PC-1', null]);
  });

  it('is the other side of the credit list: every AVAILABLE credit is in exactly one of the two', async () => {
    const offered = await listAvailableIds();
    expect(offered).toEqual([dueIn2Days!.id, eligible!.id]);
    const notOffered = (await listUnavailable()).content.map((item) => item.id);
    expect(offered.filter((id) => notOffered.includes(id))).toEqual([]);
  });

  it('never lists REQUESTED or PAID credits', async () => {
    const listed = (await listUnavailable('size=100')).content.map((item) => item.id);
    expect(listed).toHaveLength(5);
    for (const credit of claimed) expect(listed).not.toContain(credit.id);
  });

  it('moves a credit in and out as the day’s window closes and the payment date moves', async () => {
    // 18:00 is still within the window (to the minute): due 03-12 can be advanced.
    await at('2026-03-10T18:00:00-03:00', async () => {
      expect((await listUnavailable()).content.map((item) => item.id)).not.toContain(dueIn2Days!.id);
      expect(await listAvailableIds()).toContain(dueIn2Days!.id);
    });
    // 18:01: a request is taken on 03-11 and paid on 03-12, the due date itself: too soon.
    await at('2026-03-10T18:01:00-03:00', async () => {
      const page = await listUnavailable();
      expect(reasonsOf(page)).toContainEqual({ id: dueIn2Days!.id, reason: 'credit.reason.dueTooSoon' });
      expect(await listAvailableIds()).toEqual([eligible!.id]);
    });
    // Back before the window closes, it can be advanced again: the rule is computed per call, never stored.
    expect((await listUnavailable()).content.map((item) => item.id)).not.toContain(dueIn2Days!.id);
  });

  it("follows the program's minDaysToMaturity, as the credit list does", async () => {
    const strict = await addParticipation(
      t.db,
      {
        organizationId: supplier.org.id,
        companyId: supplier.company.id,
        buyerId: supplier.buyer.id,
      },
      { minDaysToMaturity: 30 },
    );
    // Paid on 03-11: 30 days later is 04-10.
    const [short, enough] = await createCredits(t.db, strict.pp, [
      { originalValueCents: 1_000_00n, expireDate: '2026-04-09' },
      { originalValueCents: 1_000_00n, expireDate: '2026-04-10' },
    ]);
    expect(reasonsOf(await listUnavailable('', strict.pp.id))).toEqual([
      { id: short!.id, reason: 'credit.reason.dueTooSoon' },
    ]);
    expect(await listAvailableIds(strict.pp.id)).toEqual([enough!.id]);
  });

  it('pages with number and last, across both reasons, and answers an empty last page past the end', async () => {
    const pages = [
      await listUnavailable('page=0&size=2'),
      await listUnavailable('page=1&size=2'),
      await listUnavailable('page=2&size=2'),
    ];
    expect(pages.map(({ number, last }) => ({ number, last }))).toEqual([
      { number: 0, last: false },
      { number: 1, last: false },
      { number: 2, last: true },
    ]);
    expect(pages.flatMap((page) => page.content.map((item) => item.id))).toEqual([
      pastDue!.id,
      withdrawnPast!.id,
      dueToday!.id,
      dueTomorrow!.id,
      withdrawn!.id,
    ]);
    expect(await listUnavailable('page=3&size=2')).toEqual({ content: [], number: 3, last: true });
    expect((await listUnavailable('size=5')).last).toBe(true);
    expect((await listUnavailable('size=4')).last).toBe(false);
  });
});

describe('GET credits/programProvider/:id/unavailable refusals', () => {
  const validation = (field: string, message: string) => ({
    httpStatus: 400,
    message: 'error.validation',
    code: 'error.validation',
    fieldErrors: [{ field, message }],
    error_description: 'error.validation',
  });

  it.each([
    ['size=0', 'size', 'validation.size.invalid'],
    ['size=101', 'size', 'validation.size.invalid'],
    ['size=abc', 'size', 'validation.size.invalid'],
    ['page=-1', 'page', 'validation.page.invalid'],
    ['page=1.5', 'page', 'validation.page.invalid'],
  ])('%s is 400 error.validation on %s', async (query, field, message) => {
    const res = await t.app.inject({ url: unavailableUrl(query), headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation(field, message));
  });

  it('a path id that is not an id is 400 on programProviderId', async () => {
    const res = await injectCall(t.app, listUnavailableCreditsCall, {
      params: { programProviderId: 'abc' },
      headers: auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation('programProviderId', 'validation.id.invalid'));
  });

  it("another company's program provider, a REMOVED one and one that does not exist answer the same bytes", async () => {
    const other = await createSupplier(t.app, t.db);
    await createCredits(t.db, other.pp, [
      { originalValueCents: 500_00n, expireDate: '2026-03-10' },
      { originalValueCents: 500_00n, expireDate: '2026-04-10', status: 'UNAVAILABLE' },
    ]);
    const removed = await addParticipation(
      t.db,
      {
        organizationId: supplier.org.id,
        companyId: supplier.company.id,
        buyerId: supplier.buyer.id,
      },
      {},
      'REMOVED',
    );
    const missing = await t.app.inject({ url: unavailableUrl('', 2_000_000_000), headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      httpStatus: 404,
      message: 'error.notFound',
      code: 'error.notFound',
      fieldErrors: [],
      error_description: 'error.notFound',
    });
    for (const id of [other.pp.id, removed.pp.id]) {
      const res = await t.app.inject({ url: unavailableUrl('', id), headers: auth });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
  });

  it('needs a token (401) and ROLE_PROVIDER (403)', async () => {
    const anonymous = await t.app.inject({ url: unavailableUrl('') });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('error.http.unauthorized');
    const company = await createCompany(t.db, supplier.org.id);
    const user = await createUser(t.db, supplier.org.id, {
      authorities: ['ROLE_USER'],
      companyIds: [company.id],
    });
    const res = await t.app.inject({ url: unavailableUrl(''), headers: await loginAs(t.app, user) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('error.http.forbidden');
  });
});
