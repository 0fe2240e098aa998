import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { addParticipation } from '../../../test/credits-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';
import { credits, programProviders } from '../../db/schema';

// program_providers.available_credits, available_value_cents and unpriced_credits are kept by statement
// triggers on credits (migrations 0002, 0003 and 0015); the list's totalElements, the programs' value and the
// pricing's staleness read them, so every kind of write must keep them equal to a real count and sum.
const t = await buildTestApp();

async function expectCountsRight(ids: number[]) {
  const kept = await t.db
    .select({
      id: programProviders.id,
      n: programProviders.availableCredits,
      v: programProviders.availableValueCents,
      u: programProviders.unpricedCredits,
    })
    .from(programProviders)
    .where(inArray(programProviders.id, ids));
  const counted = await t.db.execute<{ id: number; n: number; v: string; u: number }>(sql`
    select pp.id,
      (select count(*)::int from credits c where c.program_provider_id = pp.id and c.status = 'AVAILABLE'
        and c.priced_for is null) as u,
      (select count(*)::int from credits c where c.program_provider_id = pp.id and c.status = 'AVAILABLE') as n,
      (select coalesce(sum(c.original_value_cents), 0)::text from credits c
        where c.program_provider_id = pp.id and c.status = 'AVAILABLE') as v
    from program_providers pp where pp.id in ${ids}`);
  const byId = (rows: { id: number; n: number }[]) => Object.fromEntries(rows.map((r) => [r.id, r.n]));
  const sums = (rows: { id: number; v: bigint | string }[]) =>
    Object.fromEntries(rows.map((r) => [r.id, String(r.v)]));
  expect(byId(kept)).toEqual(byId(counted.rows));
  expect(sums(kept)).toEqual(sums(counted.rows));
  const unpriced = (rows: { id: number; u: number }[]) => Object.fromEntries(rows.map((r) => [r.id, r.u]));
  expect(unpriced(kept)).toEqual(unpriced(counted.rows));
  return byId(kept);
}

describe('available_credits, available_value_cents and unpriced_credits', () => {
  it('follows inserts, status changes, moves, upserts and deletes, several providers per statement', async () => {
    const s = await createSupplier(t.app, t.db);
    const other = await addParticipation(t.db, {
      organizationId: s.org.id,
      companyId: s.company.id,
      buyerId: s.buyer.id,
    });
    const ids = [s.pp.id, other.pp.id];
    const due = { originalValueCents: 1000n, expireDate: '2026-04-10' };
    const [a, b, c] = await createCredits(t.db, s.pp, [due, due, due, { ...due, status: 'PAID' }]);
    const [d] = await createCredits(t.db, other.pp, [due, { ...due, status: 'REQUESTED' }]);
    expect(await expectCountsRight(ids)).toEqual({ [s.pp.id]: 3, [other.pp.id]: 1 });

    // A claim across both providers and a release in one statement each.
    await t.db
      .update(credits)
      .set({ status: 'REQUESTED' })
      .where(inArray(credits.id, [a!.id, d!.id]));
    expect(await expectCountsRight(ids)).toEqual({ [s.pp.id]: 2, [other.pp.id]: 0 });
    await t.db.update(credits).set({ status: 'AVAILABLE' }).where(eq(credits.id, a!.id));
    expect(await expectCountsRight(ids)).toEqual({ [s.pp.id]: 3, [other.pp.id]: 0 });

    // A repricing-like update that changes no status changes no count; a move between providers does.
    await t.db
      .update(credits)
      .set({ pricedFor: '2026-03-11' })
      .where(inArray(credits.programProviderId, ids));
    await t.db.update(credits).set({ programProviderId: other.pp.id }).where(eq(credits.id, b!.id));
    expect(await expectCountsRight(ids)).toEqual({ [s.pp.id]: 2, [other.pp.id]: 1 });

    // An import-style upsert: one new row, one existing row whose status changes.
    await t.db.execute(sql`
      insert into credits (organization_id, ref, program_provider_id, nf_number, nf_serial, installment_number,
        buyer_name, issue_date, expire_date, original_value_cents, kind, status)
      select organization_id, ref, program_provider_id, nf_number, nf_serial, installment_number, buyer_name,
        issue_date, expire_date, original_value_cents, kind, 'UNAVAILABLE' from credits where id = ${c!.id}
      union all
      select organization_id, ref || '-new', program_provider_id, nf_number, nf_serial, installment_number,
        buyer_name, issue_date, expire_date, original_value_cents, kind, 'AVAILABLE' from credits where id = ${c!.id}
      on conflict (organization_id, ref) do update set status = excluded.status`);
    expect(await expectCountsRight(ids)).toEqual({ [s.pp.id]: 2, [other.pp.id]: 1 });

    // A re-import that changes the value of an AVAILABLE credit moves the sum, not the count.
    await t.db.update(credits).set({ originalValueCents: 2500n }).where(eq(credits.id, a!.id));
    expect(await expectCountsRight(ids)).toEqual({ [s.pp.id]: 2, [other.pp.id]: 1 });

    await t.db.delete(credits).where(eq(credits.id, a!.id));
    expect(await expectCountsRight(ids)).toEqual({ [s.pp.id]: 1, [other.pp.id]: 1 });
  });

  it('takes the stored price of a credit that comes back to the list, whoever writes it', async () => {
    const s = await createSupplier(t.app, t.db);
    const due = { originalValueCents: 1000n, expireDate: '2026-04-10' };
    const [a, b] = await createCredits(t.db, s.pp, [due, due]);
    const priced = { pricedFor: '2026-03-11', discountedCents: 15n, anticipationCents: 985n };
    await t.db
      .update(credits)
      .set(priced)
      .where(inArray(credits.id, [a!.id, b!.id]));
    expect(await unpricedOf(s.pp.id)).toBe(0);

    // Claimed, then released (a rejected request): its price may be of another payment date by then.
    await t.db.update(credits).set({ status: 'REQUESTED' }).where(eq(credits.id, a!.id));
    expect(await priceOf(a!.id)).toEqual(priced);
    await t.db.update(credits).set({ status: 'AVAILABLE' }).where(eq(credits.id, a!.id));
    expect(await priceOf(a!.id)).toEqual({ pricedFor: null, discountedCents: null, anticipationCents: null });
    expect(await priceOf(b!.id)).toEqual(priced);
    expect(await unpricedOf(s.pp.id)).toBe(1);
    await expectCountsRight([s.pp.id]);

    // A pass pricing it (a status that does not change keeps what is written).
    await t.db.update(credits).set(priced).where(eq(credits.id, a!.id));
    expect(await unpricedOf(s.pp.id)).toBe(0);
    await expectCountsRight([s.pp.id]);
  });
});

async function priceOf(id: number) {
  const [row] = await t.db
    .select({
      pricedFor: credits.pricedFor,
      discountedCents: credits.discountedCents,
      anticipationCents: credits.anticipationCents,
    })
    .from(credits)
    .where(eq(credits.id, id));
  return row;
}

async function unpricedOf(id: number) {
  const [row] = await t.db
    .select({ u: programProviders.unpricedCredits })
    .from(programProviders)
    .where(eq(programProviders.id, id));
  return row?.u;
}
