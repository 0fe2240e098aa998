import { buildPath, getPortfolioCall, listNextCreditsCall } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { addParticipation, createBatch } from '../../../test/credits-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';
import { createCompany, createUser } from '../../../test/factories';

// TEST_NOW is Tue 2026-03-10 10:00 in São Paulo: the last 3 months are 2026-01, 2026-02 and 2026-03.
const t = await buildTestApp();
const s = await createSupplier(t.app, t.db);
const owner = { organizationId: s.org.id, companyId: s.company.id, buyerId: s.buyer.id };
const second = await addParticipation(t.db, owner);
const inactive = await addParticipation(t.db, owner, {}, 'INACTIVATED');
const removed = await addParticipation(t.db, owner, {}, 'REMOVED');
// The user's other company, not the default one: none of its figures count.
const otherCompany = await createCompany(t.db, s.org.id);
const other = await addParticipation(t.db, { ...owner, companyId: otherCompany.id });
const user = await createUser(t.db, s.org.id, { companyIds: [s.company.id, otherCompany.id] });
const auth = await loginAs(t.app, user);

const reais = (value: number) => BigInt(Math.round(value * 100));
const credit = (
  expireDate: string,
  value: number,
  status: 'AVAILABLE' | 'REQUESTED' | 'PAID' = 'AVAILABLE',
) => ({
  expireDate,
  originalValueCents: reais(value),
  status,
});
const [, march20, , , april10] = await createCredits(t.db, s.pp, [
  credit('2026-01-15', 1000),
  credit('2026-03-20', 500),
  credit('2026-03-09', 300),
  credit('2026-03-10', 50),
  credit('2026-04-10', 1000),
  credit('2026-03-15', 999, 'REQUESTED'),
  credit('2026-02-10', 999, 'PAID'),
  credit('2025-12-31', 999),
]);
const [secondMarch20] = await createCredits(t.db, second.pp, [credit('2026-03-20', 700)]);
await createCredits(t.db, inactive.pp, [credit('2026-02-28', 200), credit('2026-03-12', 250)]);
await createCredits(t.db, removed.pp, [credit('2026-03-12', 999)]);
await createCredits(t.db, other.pp, [credit('2026-03-11', 999)]);

const batch = (
  pp: { id: number; organizationId: number; companyId: number },
  at: string,
  net: number,
  status?: 'PAID' | 'REJECTED' | 'CANCELLED',
) => createBatch(t.db, { pp, userId: user.id, netValueCents: reais(net), createdAt: new Date(at), status });
// 23:30 on 31 January in São Paulo is already February in UTC: the month is the organization's.
await batch(s.pp, '2026-01-31T23:30:00-03:00', 980);
await batch(s.pp, '2025-12-31T23:59:00-03:00', 999);
await batch(s.pp, '2026-02-15T12:00:00-03:00', 1970, 'PAID');
await batch(second.pp, '2026-03-05T12:00:00-03:00', 999, 'REJECTED');
await batch(second.pp, '2026-03-06T12:00:00-03:00', 999, 'CANCELLED');
await batch(s.pp, '2026-03-10T09:00:00-03:00', 100.5);
await batch(removed.pp, '2026-03-02T12:00:00-03:00', 999);
await batch(other.pp, '2026-03-02T12:00:00-03:00', 999);

describe('GET credits/next', () => {
  it('lists the credits of ACTIVATED participations that can be advanced, soonest first, 5 by default', async () => {
    const res = await injectCall(t.app, listNextCreditsCall, { headers: auth });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { expireDate: string; originalValue: number; providerId: number }[];
    // Paid on Wed 03-11 with at least 1 day to run: due today (03-10) or before is not offered.
    expect(rows.map((r) => [r.expireDate, r.originalValue, r.providerId])).toEqual([
      ['2026-03-20', 500, s.pp.id],
      ['2026-03-20', 700, second.pp.id],
      ['2026-04-10', 1000, s.pp.id],
    ]);
    expect(rows[0]).toEqual({
      id: march20!.id,
      nfNumber: march20!.nfNumber,
      buyer: 'Compradora Nacional S.A.',
      expireDate: '2026-03-20',
      originalValue: 500,
      programId: s.program.id,
      providerId: s.pp.id,
    });
  });

  it('takes a limit of 1 to 50, and breaks ties of due date by id', async () => {
    const res = await injectCall(t.app, listNextCreditsCall, { query: { limit: 3 }, headers: auth });
    expect((res.json() as { id: number }[]).map((r) => r.id)).toEqual([
      march20!.id,
      secondMarch20!.id,
      april10!.id,
    ]);
    for (const limit of ['0', '51', 'x']) {
      const bad = await injectCall(t.app, listNextCreditsCall, { query: { limit }, headers: auth });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual([{ field: 'limit', message: 'validation.limit.invalid' }]);
    }
  });
});

describe('GET portfolio', () => {
  it('answers, per month of the last 3, what is to receive and what was advanced', async () => {
    const res = await injectCall(t.app, getPortfolioCall, { headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { month: '2026-01', toReceive: 1000, advanced: 980 },
      { month: '2026-02', toReceive: 200, advanced: 1970 },
      // 500 + 300 + 50 (s.pp) + 700 (second) + 250 (inactive); REQUESTED, REMOVED and April left out.
      // Advanced: the live requests of March; the rejected and the cancelled one advanced nothing.
      { month: '2026-03', toReceive: 1800, advanced: 100.5 },
    ]);
  });

  it('takes months from 1 to 24', async () => {
    const one = await injectCall(t.app, getPortfolioCall, { query: { months: 1 }, headers: auth });
    expect(one.json()).toEqual([{ month: '2026-03', toReceive: 1800, advanced: 100.5 }]);
    const year = await injectCall(t.app, getPortfolioCall, { query: { months: 15 }, headers: auth });
    const months = (year.json() as { month: string }[]).map((m) => m.month);
    expect([months.length, months[0], months[2], months[14]]).toEqual([15, '2025-01', '2025-03', '2026-03']);
    expect(year.json()[11]).toEqual({ month: '2025-12', toReceive: 999, advanced: 999 });
    const bad = await injectCall(t.app, getPortfolioCall, { query: { months: 25 }, headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([{ field: 'months', message: 'validation.months.invalid' }]);
  });

  it('are for providers with a token', async () => {
    for (const url of [buildPath(getPortfolioCall), buildPath(listNextCreditsCall)]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const plain = await createUser(t.db, s.org.id, {
        authorities: ['ROLE_USER'],
        companyIds: [s.company.id],
      });
      const res = await t.app.inject({ url, headers: await loginAs(t.app, plain) });
      expect([res.statusCode, res.json().code]).toEqual([403, 'error.http.forbidden']);
    }
  });
});
