import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database';
import { countRows, demoDocument } from '../../../test/import-documents';
import {
  batchCredits,
  batches,
  companies,
  credits,
  invites,
  persons,
  programIofRates,
  programProviders,
  programs,
  teamMembers,
  users,
} from '../../db/schema';
import { frozenClock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { verifyPassword } from '../../lib/passwords';
import { seedDemoIfEmpty } from '../../ops/seed-demo';
import { importDocument } from './import-document';

const clock = frozenClock(new Date('2026-11-22T10:00:00-03:00'));
const { db } = await freshDatabase();

describe('importing the demo file', () => {
  let firstCounts: Awaited<ReturnType<typeof countRows>>;

  beforeAll(async () => {
    const seeded = await seedDemoIfEmpty(db, clock);
    console.info(`demo import: ${seeded?.summary}`);
    firstCounts = await countRows(db);
  });

  it('seeds only an empty database', async () => {
    expect(await seedDemoIfEmpty(db, clock)).toBeUndefined();
    expect(await countRows(db)).toEqual(firstCounts);
  });

  it('loads every kind of the file', async () => {
    const doc = demoDocument();
    expect(firstCounts).toMatchObject({
      organizations: 1,
      buyers: doc.buyers!.length,
      companies: doc.companies.length,
      users: doc.users.length,
      persons: doc.users.length,
      programs: doc.programs!.length,
      program_providers: doc.programProviders!.length,
      credits: doc.credits.length,
      notifications: doc.notifications!.length,
      invites: doc.invites!.length,
      batches: doc.batches!.length,
    });
    // No arrival notices (the seed imports without them); the past requests' events, for each of their
    // company's users, as history.
    const history = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from batch_events e join batches b on b.id = e.batch_id
        join team_members m on m.company_id = b.company_id and m.active
        join persons p on p.id = m.person_id join users u on u.id = p.user_id and u.activated`);
    expect(firstCounts.inbox_items).toBe(history.rows[0]!.n);
    expect(doc.credits.length).toBeGreaterThanOrEqual(1500);
  });

  it('stores passwords as argon2id hashes of the given password, never as given', async () => {
    const rows = await db.select({ login: users.login, hash: users.passwordHash }).from(users);
    for (const row of rows) {
      expect(row.hash.startsWith('$argon2id$')).toBe(true);
      expect(row.hash).not.toContain('demo1234');
    }
    expect(await verifyPassword(rows[0]!.hash, 'demo1234')).toBe(true);
  });

  it('stores invite tokens hashed', async () => {
    const [open] = await db
      .select()
      .from(invites)
      .where(eq(invites.tokenHash, sha256Hex('demo-invite-open-1')));
    expect(open).toMatchObject({ email: 'convite1@demo.test', status: 'OPEN' });
    const stored = await db.select({ tokenHash: invites.tokenHash }).from(invites);
    expect(stored.every((i) => /^[0-9a-f]{64}$/.test(i.tokenHash))).toBe(true);
  });

  it('turns a user’s companies into active memberships, its default company and accepted terms', async () => {
    const [ana] = await db.select().from(users).where(eq(users.login, 'ana@demo.test'));
    const [alfa] = await db.select().from(companies).where(eq(companies.ref, 'alfa'));
    expect(ana).toMatchObject({
      acceptedTermsVersion: '2026-01',
      defaultCompanyId: alfa!.id,
      activated: true,
    });
    const memberships = await db
      .select({ active: teamMembers.active })
      .from(teamMembers)
      .innerJoin(persons, eq(persons.id, teamMembers.personId))
      .where(eq(persons.userId, ana!.id));
    expect(memberships).toEqual([{ active: true }, { active: true }]);
    const [bruna] = await db.select().from(users).where(eq(users.login, 'bruna@demo.test'));
    expect(bruna!.acceptedTermsVersion).toBeNull();
  });

  it('keeps money exact and copies the buyer name onto credits', async () => {
    const doc = demoDocument();
    const first = doc.credits[0]!;
    const [row] = await db.select().from(credits).where(eq(credits.ref, first.ref));
    const [reais, cents] = first.originalValue.split('.');
    expect(row!.originalValueCents).toBe(BigInt(reais!) * 100n + BigInt(cents!));
    expect(row!.buyerName).toBe('Horizonte Alimentos S.A.');
    const [withIof] = await db
      .select({ daily: programIofRates.daily, fixed: programIofRates.fixed, bankFee: programs.bankFeeCents })
      .from(programIofRates)
      .innerJoin(programs, eq(programs.id, programIofRates.programId))
      .where(eq(programs.ref, 'horizonte-fornecedores'));
    expect(withIof).toEqual({ daily: '0.0000820000', fixed: '0.0038000000', bankFee: 350n });
  });

  it('is an upsert: importing again changes no counts but updates changed fields', async () => {
    const doc = demoDocument();
    doc.credits[0]!.originalValue = '25432.17';
    doc.companies[0]!.name = 'Alfa Componentes Industriais Ltda';
    const [before] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.login, 'ana@demo.test'));
    const result = await importDocument(db, doc, { clock });
    expect(await countRows(db)).toEqual(firstCounts);
    expect(result.counts.credits).toEqual({ created: 0, updated: doc.credits.length });
    // Past requests are history: already imported, they are left as they are.
    expect(result.counts.batches).toEqual({ created: 0, updated: doc.batches!.length });
    const [changed] = await db.select().from(credits).where(eq(credits.ref, doc.credits[0]!.ref));
    expect(changed!.originalValueCents).toBe(2543217n);
    const [alfa] = await db.select().from(companies).where(eq(companies.ref, 'alfa'));
    expect(alfa!.name).toBe('Alfa Componentes Industriais Ltda');
    // The same password verifies against the stored hash, so it is kept: no needless password change.
    const [after] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.login, 'ana@demo.test'));
    expect(after!.hash).toBe(before!.hash);
  });

  it('keeps an existing user’s password when the entry leaves it out, and still sets roles the operator gives', async () => {
    const doc = demoDocument();
    const ana = doc.users.find((u) => u.email === 'ana@demo.test')!;
    const roles = ana.authorities ?? [];
    const [before] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.login, 'ana@demo.test'));
    const { password: _left, ...withoutPassword } = ana;
    const result = await importDocument(
      db,
      { users: [{ ...withoutPassword, authorities: [...roles, 'ROLE_ADMIN'] }] },
      { clock },
    );
    expect(result.counts.users).toEqual({ created: 0, updated: 1 });
    const [after] = await db
      .select({ hash: users.passwordHash, authorities: users.authorities })
      .from(users)
      .where(eq(users.login, 'ana@demo.test'));
    expect(after).toEqual({ hash: before!.hash, authorities: [...roles, 'ROLE_ADMIN'] });
    await importDocument(db, { users: [ana] }, { clock }); // as the demo has her again
  });

  it('never changes the status of a credit held by a live batch', async () => {
    const doc = demoDocument();
    const held = doc.credits.find((c) => c.status === 'AVAILABLE')!;
    const [row] = await db.select().from(credits).where(eq(credits.ref, held.ref));
    const [user] = await db.select().from(users).where(eq(users.login, 'ana@demo.test'));
    await db.update(credits).set({ status: 'REQUESTED' }).where(eq(credits.id, row!.id));
    const [batch] = await db
      .insert(batches)
      .values({
        organizationId: row!.organizationId,
        programProviderId: row!.programProviderId,
        companyId: user!.defaultCompanyId!,
        userId: user!.id,
        status: 'REQUESTED',
        requestHash: 'x',
        originalValueCents: row!.originalValueCents,
        netValueCents: row!.originalValueCents,
        paymentDate: '2026-11-23',
        daysToPay: 1,
        estimate: {},
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    await db.insert(batchCredits).values({
      batchId: batch!.id,
      creditId: row!.id,
      originalValueCents: row!.originalValueCents,
      anticipationCents: row!.originalValueCents,
    });
    await importDocument(db, doc, { clock });
    const [after] = await db
      .select({ status: credits.status })
      .from(credits)
      .where(and(eq(credits.id, row!.id)));
    expect(after!.status).toBe('REQUESTED');
  });

  it('marks what it wrote for repricing: cached credit prices and provider fingerprints are dropped', async () => {
    await db.update(credits).set({ pricedFor: '2026-11-23', discountedCents: 1n, anticipationCents: 1n });
    await db.update(programProviders).set({ pricingFingerprint: 'priced' });
    await importDocument(db, demoDocument(), { clock });
    const priced = await db.select({ id: credits.id }).from(credits).where(isNotNull(credits.pricedFor));
    expect(priced).toEqual([]);
    const fingerprints = await db
      .selectDistinct({ f: programProviders.pricingFingerprint })
      .from(programProviders);
    expect(fingerprints).toEqual([{ f: null }]);
  });
});
