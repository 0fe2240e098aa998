import { getDefaultCompanyCall, listMyCompaniesCall, setDefaultCompanyCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { buyers, credits, persons, programProviders, programs, teamMembers } from '../../db/schema';

const t = await buildTestApp();
const org = await createOrganization(t.db);
const alfa = await createCompany(t.db, org.id, { name: 'Alfa Ltda' });
const beta = await createCompany(t.db, org.id, {
  name: 'Beta ME',
  canAnticipate: false,
  identification: '11222333000181',
});
const semConta = await createCompany(t.db, org.id, { name: 'Sem Conta Ltda', bankAccount: null });
const stranger = await createCompany(t.db, org.id, { name: 'Outra S.A.' });

/**
 * Alfa: 1.000,50 + 250,25 available in an ACTIVATED program; 999,99 in an INACTIVATED one; 10,00 requested.
 * Beta ME, which may not anticipate: 5.000,00 available in an ACTIVATED program.
 */
async function seedCredits() {
  const [buyer] = await t.db
    .insert(buyers)
    .values({
      organizationId: org.id,
      ref: 'b1',
      name: 'Compradora S.A.',
      type: 'CORPORATION',
      identification: '11222333000181',
    })
    .returning();
  const program = async (ref: string) =>
    (
      await t.db
        .insert(programs)
        .values({
          organizationId: org.id,
          ref,
          buyerId: buyer!.id,
          name: ref,
          color: '#1e88e5',
          monthlyRate: '0.015',
          platformFee: '0',
          daysToPay: 1,
        })
        .returning()
    )[0]!;
  const pp = async (ref: string, status: 'ACTIVATED' | 'INACTIVATED', companyId = alfa.id) =>
    (
      await t.db
        .insert(programProviders)
        .values({
          organizationId: org.id,
          ref,
          programId: (await program(`p-${ref}`)).id,
          companyId,
          status,
        })
        .returning()
    )[0]!;
  const active = await pp('pp1', 'ACTIVATED');
  const inactive = await pp('pp2', 'INACTIVATED');
  const barred = await pp('pp3', 'ACTIVATED', beta.id);
  const credit = (
    ref: string,
    programProviderId: number,
    cents: bigint,
    status: 'AVAILABLE' | 'REQUESTED' = 'AVAILABLE',
  ) => ({
    organizationId: org.id,
    ref,
    programProviderId,
    nfNumber: ref,
    nfSerial: '1',
    installmentNumber: 1,
    buyerName: 'Compradora S.A.',
    issueDate: '2026-02-01',
    expireDate: '2026-04-01',
    originalValueCents: cents,
    kind: 'GOODS' as const,
    status,
  });
  await t.db
    .insert(credits)
    .values([
      credit('k1', active.id, 100050n),
      credit('k2', active.id, 25025n),
      credit('k3', inactive.id, 99999n),
      credit('k4', active.id, 1000n, 'REQUESTED'),
      credit('k5', barred.id, 500000n),
    ]);
}
await seedCredits();

describe('companies', () => {
  it('lists the active memberships with their available value, in reais, and whether they can be paid', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [alfa.id, beta.id, semConta.id] });
    const res = await injectCall(t.app, listMyCompaniesCall, { headers: await loginAs(t.app, user) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: alfa.id,
        name: 'Alfa Ltda',
        type: 'CORPORATION',
        identification: '11444777000161',
        value: 1250.75,
        canAnticipate: true,
        hasBankAccount: true,
      },
      {
        // Its 5.000,00 of credits cannot be advanced: it may not anticipate.
        id: beta.id,
        name: 'Beta ME',
        type: 'CORPORATION',
        identification: '11222333000181',
        value: 0,
        canAnticipate: false,
        hasBankAccount: true,
      },
      {
        id: semConta.id,
        name: 'Sem Conta Ltda',
        type: 'CORPORATION',
        identification: '11444777000161',
        value: 0,
        canAnticipate: true,
        hasBankAccount: false,
      },
    ]);
  });

  it('answers the default company, and switches it only to a company of the user', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [alfa.id, beta.id] });
    const auth = await loginAs(t.app, user);
    expect((await injectCall(t.app, getDefaultCompanyCall, { headers: auth })).json().id).toBe(alfa.id);
    const put = await injectCall(t.app, setDefaultCompanyCall, { params: { id: beta.id }, headers: auth });
    expect(put.statusCode).toBe(200);
    expect(put.json().id).toBe(beta.id);
    expect((await injectCall(t.app, getDefaultCompanyCall, { headers: auth })).json().id).toBe(beta.id);
    for (const id of [stranger.id, 999999]) {
      const res = await injectCall(t.app, setDefaultCompanyCall, { params: { id }, headers: auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('error.company.notFound');
    }
    const bad = await injectCall(t.app, setDefaultCompanyCall, { params: { id: 'abc' }, headers: auth });
    expect(bad.statusCode).toBe(400);
  });

  it('tells a user with no company, and one whose memberships are inactive, which it is', async () => {
    const lonely = await createUser(t.db, org.id);
    const none = await injectCall(t.app, listMyCompaniesCall, { headers: await loginAs(t.app, lonely) });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('error.user.noCompany');

    const former = await createUser(t.db, org.id, { companyIds: [alfa.id] });
    const [person] = await t.db.select().from(persons).where(eq(persons.userId, former.id));
    await t.db.update(teamMembers).set({ active: false }).where(eq(teamMembers.personId, person!.id));
    const res = await injectCall(t.app, getDefaultCompanyCall, { headers: await loginAs(t.app, former) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('error.person.notTeamMember');
  });

  it('are for providers only', async () => {
    const user = await createUser(t.db, org.id, { authorities: ['ROLE_USER'], companyIds: [alfa.id] });
    const res = await injectCall(t.app, listMyCompaniesCall, { headers: await loginAs(t.app, user) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('error.http.forbidden');
  });
});
