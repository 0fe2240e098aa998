import {
  type Credit,
  estimateProgramProviderCall,
  listCreditsCall,
  type QueryOf,
  requestBatchCall,
} from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { addParticipation } from '../../../test/credits-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';
import { credits, programIofRates, programs } from '../../db/schema';

// TEST_NOW is Tue 2026-03-10 10:00 in São Paulo. Payment dates: daysToPay 1 → Wed 03-11, daysToPay 3 → Fri 03-13.
const t = await buildTestApp();
beforeEach(() => t.clock.set(TEST_NOW));

async function listAll(
  pp: { id: number },
  auth: { authorization: string },
  query: QueryOf<typeof listCreditsCall> = { size: 100 },
) {
  const res = await injectCall(t.app, listCreditsCall, {
    params: { programProviderId: pp.id },
    query,
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  // Orders other than by the total answer before their pricing pass ends; the stored state is read after it.
  await t.app.deps.background.drain();
  return res.json() as { content: Credit[]; totalElements: number };
}

const figures = (c: Credit) => ({
  id: c.id,
  discountedValue: c.discountedValue,
  anticipationValue: c.anticipationValue,
});

describe('list prices: the estimate engine’s worked examples (docs/product pricing)', () => {
  it('10.000,00 at n 30, 1.5 % simple, no fee: 150,00 withheld, 9.850,00 paid', async () => {
    const s = await createSupplier(t.app, t.db);
    const [credit] = await createCredits(t.db, s.pp, [
      { originalValueCents: 1_000_000n, expireDate: '2026-04-10' },
    ]);
    const { content } = await listAll(s.pp, await loginAs(t.app, s.user));
    expect(content.map(figures)).toEqual([{ id: credit!.id, discountedValue: 150, anticipationValue: 9850 }]);
    expect(content[0]).toMatchObject({ originalValue: 10000, expireDate: '2026-04-10' });
  });

  it('10.000,00 at n 45, 1.5 % + 0.5 % platform fee: 225,00 + 50,00 withheld, 9.725,00 paid', async () => {
    const s = await createSupplier(t.app, t.db, { program: { daysToPay: 3, platformFee: '0.005' } });
    await createCredits(t.db, s.pp, [{ originalValueCents: 1_000_000n, expireDate: '2026-04-27' }]);
    const { content } = await listAll(s.pp, await loginAs(t.app, s.user));
    expect(content.map(figures)).toEqual([
      { id: content[0]!.id, discountedValue: 275, anticipationValue: 9725 },
    ]);
  });

  it('25.432,17 at n 73 with IOF and a bank fee: everything withheld is discounted, 24.171,60 paid', async () => {
    const s = await createSupplier(t.app, t.db, {
      program: {
        daysToPay: 3,
        platformFee: '0.0035',
        bankFeeCents: 350n,
        iof: [{ validFrom: '2025-01-01', daily: '0.000082', fixed: '0.0038' }],
      },
    });
    await createCredits(t.db, s.pp, [{ originalValueCents: 2_543_217n, expireDate: '2026-05-25' }]);
    const { content } = await listAll(s.pp, await loginAs(t.app, s.user));
    // 928,27 investor + 89,01 platform + 146,68 daily IOF + 93,11 fixed IOF + 3,50 bank fee = 1.260,57
    expect(content.map(figures)).toEqual([
      { id: content[0]!.id, discountedValue: 1260.57, anticipationValue: 24171.6 },
    ]);
  });

  it('every row equals the estimate call’s figures for the same credits', async () => {
    const s = await createSupplier(t.app, t.db, {
      program: {
        daysToPay: 2,
        platformFee: '0.0035',
        bankFeeCents: 350n,
        iof: [{ validFrom: '2025-01-01', daily: '0.000082', fixed: '0.0038' }],
      },
    });
    const auth = await loginAs(t.app, s.user);
    await createCredits(
      t.db,
      s.pp,
      ['2026-03-13', '2026-04-04', '2026-06-04', '2026-12-25', '2027-07-01'].map((expireDate, i) => ({
        originalValueCents: 1_234_567n * BigInt(i + 1),
        expireDate,
      })),
    );
    const { content } = await listAll(s.pp, auth);
    const res = await injectCall(t.app, estimateProgramProviderCall, {
      params: { id: s.pp.id },
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const estimated = (
      res.json() as { creditEstimates: { id: number; originalValue: number; anticipation: number }[] }
    ).creditEstimates;
    const fromEstimate = estimated.map((c) => ({
      id: c.id,
      discountedValue: Math.round((c.originalValue - c.anticipation) * 100) / 100,
      anticipationValue: c.anticipation,
    }));
    expect(content.map(figures).sort((a, b) => a.id - b.id)).toEqual(
      fromEstimate.sort((a, b) => a.id - b.id),
    );
  });

  it('a due date on a Saturday runs to Monday (n 33), and costs above the value list as 0 paid', async () => {
    const s = await createSupplier(t.app, t.db, { program: { bankFeeCents: 350n } });
    const [saturday, tiny] = await createCredits(t.db, s.pp, [
      { originalValueCents: 1_000_000n, expireDate: '2026-04-11' },
      { originalValueCents: 100n, expireDate: '2026-04-10' },
    ]);
    const { content } = await listAll(s.pp, await loginAs(t.app, s.user), { sort: 'value,desc' });
    expect(content.map(figures)).toEqual([
      { id: saturday!.id, discountedValue: 168.5, anticipationValue: 9831.5 },
      { id: tiny!.id, discountedValue: 1, anticipationValue: 0 },
    ]);
  });
});

describe('list prices stay current', () => {
  it('reprices when the clock moves to the next day, and not when it moves within the day', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    await createCredits(t.db, s.pp, [{ originalValueCents: 1_000_000n, expireDate: '2026-04-10' }]);
    expect((await listAll(s.pp, auth)).content.map(figures)[0]).toMatchObject({ anticipationValue: 9850 });
    const version = async () =>
      (
        await t.db.execute<{ v: string }>(
          sql`select xmin::text as v from credits where program_provider_id = ${s.pp.id}`,
        )
      ).rows[0]!.v;
    const before = await version();

    t.clock.set(new Date('2026-03-10T17:59:00-03:00'));
    expect((await listAll(s.pp, auth)).content[0]).toMatchObject({
      discountedValue: 150,
      anticipationValue: 9850,
    });
    expect(await version()).toBe(before);

    // Wed 03-11 → payment Thu 03-12, n 29: 145,00 and 9.855,00.
    t.clock.set(new Date('2026-03-11T08:00:00-03:00'));
    expect((await listAll(s.pp, auth)).content[0]).toMatchObject({
      discountedValue: 145,
      anticipationValue: 9855,
    });
    const stored = await t.db.select().from(credits).where(eq(credits.programProviderId, s.pp.id));
    expect(stored.map((c) => [c.pricedFor, c.discountedCents, c.anticipationCents])).toEqual([
      ['2026-03-12', 14_500n, 985_500n],
    ]);
  });

  it('reprices after a change of rates made straight in the database, and when an IOF rate comes into force', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    await createCredits(t.db, s.pp, [{ originalValueCents: 1_000_000n, expireDate: '2026-04-10' }]);
    expect((await listAll(s.pp, auth)).content[0]).toMatchObject({ anticipationValue: 9850 });

    await t.db.update(programs).set({ monthlyRate: '0.02' }).where(eq(programs.id, s.program.id));
    expect((await listAll(s.pp, auth)).content[0]).toMatchObject({
      discountedValue: 200,
      anticipationValue: 9800,
    });

    // 0.38 % fixed IOF from tomorrow: nothing today; tomorrow n 29: 193,33 discount + 37,27 IOF.
    await t.db
      .insert(programIofRates)
      .values({ programId: s.program.id, validFrom: '2026-03-11', daily: '0', fixed: '0.0038' });
    expect((await listAll(s.pp, auth)).content[0]).toMatchObject({
      discountedValue: 200,
      anticipationValue: 9800,
    });
    t.clock.set(new Date('2026-03-11T09:00:00-03:00'));
    expect((await listAll(s.pp, auth)).content[0]).toMatchObject({
      discountedValue: 230.6,
      anticipationValue: 9769.4,
    });
  });

  it('follows credits that are claimed, released (with an old price) or newly imported', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    const [a, b] = await createCredits(t.db, s.pp, [
      { originalValueCents: 1_000_000n, expireDate: '2026-04-10' },
      { originalValueCents: 2_000_000n, expireDate: '2026-04-10' },
    ]);
    expect((await listAll(s.pp, auth)).totalElements).toBe(2);

    await t.db.update(credits).set({ status: 'REQUESTED' }).where(eq(credits.id, a!.id));
    const claimed = await listAll(s.pp, auth);
    expect([claimed.totalElements, claimed.content.map((c) => c.id)]).toEqual([1, [b!.id]]);

    // The next day the batch is rejected: the credit is back, priced for the new payment date (n 29).
    t.clock.set(new Date('2026-03-11T09:00:00-03:00'));
    await listAll(s.pp, auth);
    await t.db.update(credits).set({ status: 'AVAILABLE' }).where(eq(credits.id, a!.id));
    const [c] = await createCredits(t.db, s.pp, [
      { originalValueCents: 3_000_000n, expireDate: '2026-04-10' },
    ]);
    const released = await listAll(s.pp, auth, { sort: 'value,asc' });
    expect(released.totalElements).toBe(3);
    expect(released.content.map(figures)).toEqual([
      { id: a!.id, discountedValue: 145, anticipationValue: 9855 },
      { id: b!.id, discountedValue: 290, anticipationValue: 19710 },
      { id: c!.id, discountedValue: 435, anticipationValue: 29565 },
    ]);
    const stored = await t.db
      .select()
      .from(credits)
      .where(inArray(credits.id, [a!.id, b!.id, c!.id]));
    expect(new Set(stored.map((row) => row.pricedFor))).toEqual(new Set(['2026-03-12']));
  });

  it('prices a credit released on the day of a rate change at the new rate, though its date is today', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    const [a, b] = await createCredits(t.db, s.pp, [
      { originalValueCents: 1_000_000n, expireDate: '2026-04-10' },
      { originalValueCents: 2_000_000n, expireDate: '2026-04-10' },
    ]);
    await listAll(s.pp, auth);
    await t.db.update(credits).set({ status: 'REQUESTED' }).where(eq(credits.id, a!.id));
    await t.db.update(programs).set({ monthlyRate: '0.02' }).where(eq(programs.id, s.program.id));
    expect((await listAll(s.pp, auth)).content.map(figures)).toEqual([
      { id: b!.id, discountedValue: 400, anticipationValue: 19600 },
    ]);
    await t.db.update(credits).set({ status: 'AVAILABLE' }).where(eq(credits.id, a!.id));
    expect((await listAll(s.pp, auth)).content.map(figures)).toEqual([
      { id: a!.id, discountedValue: 200, anticipationValue: 9800 },
      { id: b!.id, discountedValue: 400, anticipationValue: 19600 },
    ]);
  });

  it('prices a released or new credit alone, leaving the other stored prices untouched', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    const [a, b] = await createCredits(t.db, s.pp, [
      { originalValueCents: 1_000_000n, expireDate: '2026-04-10', status: 'REQUESTED' },
      { originalValueCents: 2_000_000n, expireDate: '2026-04-10' },
    ]);
    await listAll(s.pp, auth);
    const versionOf = async (id: number) =>
      (await t.db.execute<{ v: string }>(sql`select xmin::text as v from credits where id = ${id}`)).rows[0]!
        .v;
    const before = await versionOf(b!.id);
    await t.db.update(credits).set({ status: 'AVAILABLE' }).where(eq(credits.id, a!.id));
    await listAll(s.pp, auth); // meets the unpriced credit: starts the pass, which listAll waits for
    expect((await listAll(s.pp, auth, { sort: 'creditEstimate.total,asc' })).content.map(figures)).toEqual([
      { id: a!.id, discountedValue: 150, anticipationValue: 9850 },
      { id: b!.id, discountedValue: 300, anticipationValue: 19700 },
    ]);
    expect(await versionOf(b!.id)).toBe(before);
    const [stored] = await t.db.select().from(credits).where(eq(credits.id, a!.id));
    expect([stored!.pricedFor, stored!.anticipationCents]).toEqual(['2026-03-11', 985_000n]);
  });

  it('after a change of rates a page answers at once with the new figures, and is ordered anew by the pass it starts', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    // 1.5 %: A 10.000,00 at n 30 → 9.850,00; B 9.852,00 at n 2 → 9.842,15. At 3 %: A 9.700,00, B 9.832,30.
    const [a, b] = await createCredits(t.db, s.pp, [
      { originalValueCents: 1_000_000n, expireDate: '2026-04-10' },
      { originalValueCents: 985_200n, expireDate: '2026-03-13' },
    ]);
    const byTotal = async () =>
      (
        await injectCall(t.app, listCreditsCall, {
          params: { programProviderId: s.pp.id },
          query: { sort: 'creditEstimate.total,asc' },
          headers: auth,
        })
      ).json().content as Credit[];
    const aAt15 = { id: a!.id, discountedValue: 150, anticipationValue: 9850 };
    const bAt15 = { id: b!.id, discountedValue: 9.85, anticipationValue: 9842.15 };
    // Never priced: the page does not wait for the pass; unpriced credits come in id order, figures current.
    expect((await byTotal()).map(figures)).toEqual([aAt15, bAt15]);
    await t.app.deps.background.drain();
    expect((await byTotal()).map(figures)).toEqual([bAt15, aAt15]);

    await t.db.update(programs).set({ monthlyRate: '0.03' }).where(eq(programs.id, s.program.id));
    const aAt3 = { id: a!.id, discountedValue: 300, anticipationValue: 9700 };
    const bAt3 = { id: b!.id, discountedValue: 19.7, anticipationValue: 9832.3 };
    // Until the pass commits, the order is that of the old prices; what each row says is today's price.
    expect((await byTotal()).map(figures)).toEqual([bAt3, aAt3]);
    await t.app.deps.background.drain();
    expect((await byTotal()).map(figures)).toEqual([aAt3, bAt3]);
  });

  it('a batch request during a pass over the same credits waits for it, and both succeed', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    const created = await createCredits(
      t.db,
      s.pp,
      Array.from({ length: 3000 }, (_, i) => ({
        originalValueCents: 100_000n + BigInt(i),
        expireDate: '2026-04-10',
      })),
    );
    const claimed = [created[10]!.id, created[2500]!.id, created[2999]!.id];
    const [list, batch] = await Promise.all([
      listAll(s.pp, auth, { sort: 'creditEstimate.total,desc', size: 1 }),
      new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        injectCall(t.app, requestBatchCall, { headers: auth, body: claimed }),
      ),
    ]);
    expect(batch.statusCode).toBe(200);
    expect([2997, 3000]).toContain(list.totalElements);
    const after = await listAll(s.pp, auth, { sort: 'creditEstimate.total,desc', size: 1 });
    expect(after.totalElements).toBe(2997);
    expect(after.content.map((c) => c.id)).toEqual([created[2998]!.id]);
  });

  it('concurrent first requests of the day all answer the same current prices', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    await createCredits(
      t.db,
      s.pp,
      Array.from({ length: 200 }, (_, i) => ({
        originalValueCents: 1_000_000n + BigInt(i),
        expireDate: '2026-04-10',
      })),
    );
    const pages = await Promise.all(
      Array.from({ length: 6 }, () => listAll(s.pp, auth, { sort: 'creditEstimate.total,asc', size: 3 })),
    );
    for (const page of pages) {
      expect(page.totalElements).toBe(200);
      expect(page.content.map((c) => c.anticipationValue)).toEqual([9850, 9850.01, 9850.02]);
    }
  });
});

describe('the pricing pass', () => {
  it('prices a participation of several chunks in full, then only the credits that arrive after', async () => {
    const s = await createSupplier(t.app, t.db);
    const auth = await loginAs(t.app, s.user);
    const many = Array.from({ length: 4_500 }, (_, i) => ({
      originalValueCents: 1_000_000n + BigInt(i),
      expireDate: '2026-04-10',
    }));
    const created = await createCredits(t.db, s.pp, many);
    await listAll(s.pp, auth, { size: 1 });
    const priced = sql`select count(*)::int as n from credits
      where program_provider_id = ${s.pp.id} and priced_for = '2026-03-11' and anticipation_cents is not null`;
    expect((await t.db.execute<{ n: number }>(priced)).rows[0]!.n).toBe(4_500);
    const top = await listAll(s.pp, auth, { sort: 'creditEstimate.total,desc', size: 2 });
    expect(top.content.map((c) => c.id)).toEqual([created[4_499]!.id, created[4_498]!.id]);

    // Three more arrive: the next pass writes those three and leaves the 4,500 rows as they are.
    const rowVersions = async () =>
      (
        await t.db.execute<{ id: number; version: string }>(sql`select id, xmin::text as version from credits
          where program_provider_id = ${s.pp.id} order by id`)
      ).rows;
    const before = await rowVersions();
    const arrived = await createCredits(t.db, s.pp, [
      { originalValueCents: 9_000_000n, expireDate: '2026-04-10' },
      { originalValueCents: 8_000_000n, expireDate: '2026-04-10' },
      { originalValueCents: 7_000_000n, expireDate: '2026-04-10' },
    ]);
    expect((await listAll(s.pp, auth, { size: 1 })).totalElements).toBe(4_503);
    const after = await rowVersions();
    expect(after.slice(0, 4_500)).toEqual(before);
    expect((await t.db.execute<{ n: number }>(priced)).rows[0]!.n).toBe(4_503);
    const newTop = await listAll(s.pp, auth, { sort: 'creditEstimate.total,desc', size: 3 });
    expect(newTop.content.map((c) => c.id)).toEqual(arrived.map((c) => c.id));
  });
});

describe('list items', () => {
  it('send orderDetail "null" as null and tell which SERVICE credits still need their invoice', async () => {
    const s = await createSupplier(t.app, t.db, { program: { requireServiceInvoice: true } });
    const owner = { organizationId: s.org.id, companyId: s.company.id, buyerId: s.buyer.id };
    const lenient = await addParticipation(t.db, owner, { requireServiceInvoice: false });
    const auth = await loginAs(t.app, s.user);
    const base = { originalValueCents: 1_000_000n, expireDate: '2026-04-10' };
    await createCredits(t.db, s.pp, [
      { ...base, kind: 'SERVICE', orderDetail: 'null' },
      { ...base, kind: 'SERVICE', invoiceUploaded: true, orderDetail: 'Pedido 42' },
      { ...base, kind: 'GOODS' },
    ]);
    await createCredits(t.db, lenient.pp, [{ ...base, kind: 'SERVICE' }]);
    const pick = (c: Credit) => [c.kind, c.orderDetail, c.requiresInvoice, c.invoiceUploaded];
    expect((await listAll(s.pp, auth)).content.map(pick)).toEqual([
      ['SERVICE', null, true, false],
      ['SERVICE', 'Pedido 42', false, true],
      ['GOODS', null, false, false],
    ]);
    expect((await listAll(lenient.pp, auth)).content.map(pick)).toEqual([['SERVICE', null, false, false]]);
  });
});
