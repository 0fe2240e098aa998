import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { persons, teamMembers } from '../src/db/schema';
import { buildTestApp, loginAs } from './app';
import { createBuyer, createCredits, createProgram, createProgramProvider } from './early-payment-factories';
import { createCompany, createOrganization, createUser } from './factories';

/*
 * The isolation matrix: every call that takes an id (path, query or body), called with company A's ids by
 * a user of company B, by a user without ROLE_PROVIDER, and by a user with no active membership. None may see
 * A's data; B's answers must look exactly like those for ids that do not exist.
 */
const t = await buildTestApp({ APP_NOW: '2026-03-10T10:00:00-03:00' });
const org = await createOrganization(t.db, { businessDaysOnly: false, calendarOpen: '00:00' });
const buyer = await createBuyer(t.db, org.id);
const alfa = await createCompany(t.db, org.id, { name: 'Alfa Segredo Ltda' });
const beta = await createCompany(t.db, org.id, { name: 'Beta ME', identification: '11222333000181' });
const program = await createProgram(t.db, org.id, buyer.id, { anticipationMaxTime: '23:59' });
const alfaPp = await createProgramProvider(t.db, {
  organizationId: org.id,
  programId: program.id,
  companyId: alfa.id,
});
const alfaCredits = await createCredits(
  t.db,
  alfaPp,
  [1, 2, 3].map((i) => ({
    originalValueCents: 777_700n + BigInt(i),
    expireDate: '2026-05-04',
    nfNumber: `98765${i}`,
  })),
);
const alfaUser = await createUser(t.db, org.id, { companyIds: [alfa.id] });
const betaUser = await createUser(t.db, org.id, { companyIds: [beta.id] });
const consultOnly = await createUser(t.db, org.id, { authorities: ['ROLE_USER'], companyIds: [alfa.id] });
const formerMember = await createUser(t.db, org.id, { companyIds: [alfa.id] });
const [formerPerson] = await t.db.select().from(persons).where(eq(persons.userId, formerMember.id));
await t.db.update(teamMembers).set({ active: false }).where(eq(teamMembers.personId, formerPerson!.id));

const ids = alfaCredits.map((c) => c.id);
const batch = await t.app.inject({
  method: 'POST',
  url: '/api/webapp/batches/request',
  headers: await loginAs(t.app, alfaUser),
  payload: [ids[2]],
});
expect(batch.statusCode).toBe(200);

type Probe = {
  name: string;
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  payload?: unknown;
  missing: string;
};
const NO_SUCH = 987_654;
const probes: Probe[] = [
  {
    name: 'choose default company',
    method: 'PUT',
    url: `/api/webapp/companies/${alfa.id}/default`,
    missing: `/api/webapp/companies/${NO_SUCH}/default`,
  },
  {
    name: 'program configuration',
    method: 'GET',
    url: `/api/webapp/programs/${program.id}/configuration/provider`,
    missing: `/api/webapp/programs/${NO_SUCH}/configuration/provider`,
  },
  {
    name: 'simulation example',
    method: 'GET',
    url: `/api/webapp/programs/${program.id}/simulation/example`,
    missing: `/api/webapp/programs/${NO_SUCH}/simulation/example`,
  },
  {
    name: 'notifications',
    method: 'GET',
    url: `/api/webapp/notifications/programs/${program.id}/active`,
    missing: `/api/webapp/notifications/programs/${NO_SUCH}/active`,
  },
  {
    name: 'credits list',
    method: 'GET',
    url: `/api/webapp/credits/programProvider/${alfaPp.id}`,
    missing: `/api/webapp/credits/programProvider/${NO_SUCH}`,
  },
  {
    name: 'program provider estimate',
    method: 'PUT',
    url: `/api/webapp/estimates/programProvider/${alfaPp.id}/request`,
    missing: `/api/webapp/estimates/programProvider/${NO_SUCH}/request`,
  },
  {
    name: 'batch history',
    method: 'GET',
    url: `/api/webapp/batches?programProviderId=${alfaPp.id}`,
    missing: `/api/webapp/batches?programProviderId=${NO_SUCH}`,
  },
  {
    name: 'invoice upload',
    method: 'POST',
    url: `/api/credits/${ids[0]}/upload`,
    missing: `/api/credits/${NO_SUCH}/upload`,
  },
];

/** Nothing of company A may appear in an answer to someone else. */
function expectNoLeak(body: string) {
  for (const secret of ['Alfa Segredo', '987651', '987652', '7777.01', '11444777000161'])
    expect(body).not.toContain(secret);
}

const send = async (
  probe: Pick<Probe, 'method' | 'payload'> & { url: string },
  user: { login: string; password: string },
) => {
  const headers = await loginAs(t.app, user);
  if (probe.url.endsWith('/upload')) {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n']), 'nf.pdf');
    const request = new Request('http://x', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: probe.url,
      headers: { ...headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }
  return t.app.inject({
    method: probe.method,
    url: probe.url,
    headers,
    ...(probe.payload !== undefined && { payload: probe.payload as object }),
  });
};

describe.each(probes)('$name', (probe) => {
  it('answers a user of another company exactly as for an id that does not exist', async () => {
    const other = await send(probe, betaUser);
    const missing = await send({ ...probe, url: probe.missing }, betaUser);
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
    expectNoLeak(other.body);
  });

  it('answers 403 to a user without ROLE_PROVIDER', async () => {
    const res = await send(probe, consultOnly);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('error.http.forbidden');
  });

  it('never shows company A to a former member', async () => {
    const res = await send(probe, formerMember);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expectNoLeak(res.body);
  });
});

describe('credit ids in a body', () => {
  for (const url of ['/api/webapp/estimates/request', '/api/webapp/batches/request']) {
    it(`${url}: another company's credits are refused without their data`, async () => {
      const res = await send(
        { method: url.includes('batches') ? 'POST' : 'PUT', url, payload: [ids[0], ids[1]] },
        betaUser,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('error.request.wrongProvider');
      expectNoLeak(res.body);
    });
  }

  it('the owner still sees and can use them', async () => {
    const res = await send(
      { method: 'PUT', url: '/api/webapp/estimates/request', payload: [ids[0]] },
      alfaUser,
    );
    expect(res.statusCode).toBe(200);
  });
});
