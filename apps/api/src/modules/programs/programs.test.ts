import {
  buildPath,
  errorBody,
  getProgramProviderConfigurationCall,
  getSimulationExampleCall,
  listMyProgramsCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import {
  createBuyer,
  createCredits,
  createProgram,
  createProgramProvider,
} from '../../../test/early-payment-factories';
import { createCompany, createOrganization, createUser } from '../../../test/factories';

const t = await buildTestApp();
const org = await createOrganization(t.db);
const alfa = await createCompany(t.db, org.id, { name: 'Alfa Ltda' });
const beta = await createCompany(t.db, org.id, { name: 'Beta ME', identification: '11222333000181' });
const buyer = await createBuyer(t.db, org.id, { name: 'Compradora S.A.', identification: '11444777000161' });
const person = await createBuyer(t.db, org.id, {
  name: 'João Comprador',
  type: 'INDIVIDUAL',
  identification: '52998224725',
});

const program = (name: string, overrides: Parameters<typeof createProgram>[3] = {}) =>
  createProgram(t.db, org.id, buyer.id, { name, ...overrides });
const join = (programId: number, companyId: number, overrides: object = {}) =>
  createProgramProvider(t.db, { organizationId: org.id, programId, companyId, ...overrides });
const due = '2026-05-04';

// Alfa takes part in: Zeta (ACTIVATED, 1.000,50 + 250,25 available, a requested and a paid credit not
// counted; it requires the transaction PIN), Gama (INACTIVATED: 5.000,00 of credits, none that can be advanced
// now), Alfa (ACTIVATED, nothing), Beta
// (ACTIVATED, nothing: ties by name), Removido (REMOVED, 9.999,99, hidden). Beta ME takes part in Outro only.
const zeta = await program('Zeta', { color: '#ff0000', requirePin: true });
const gama = await createProgram(t.db, org.id, person.id, { name: 'Gama', color: '#00ff00' });
const progAlfa = await program('Alfa');
const progBeta = await program('Beta');
const removed = await program('Removido');
const other = await program('Outro');
const zetaPp = await join(zeta.id, alfa.id, { providerCanNotAnticipateHtml: '<p>Fale com o comprador</p>' });
const gamaPp = await join(gama.id, alfa.id, { status: 'INACTIVATED' });
const alfaPp = await join(progAlfa.id, alfa.id);
const betaPp = await join(progBeta.id, alfa.id);
const removedPp = await join(removed.id, alfa.id, { status: 'REMOVED' });
const otherPp = await join(other.id, beta.id);
await createCredits(t.db, zetaPp, [
  { originalValueCents: 100050n, expireDate: due },
  { originalValueCents: 25025n, expireDate: due },
  { originalValueCents: 70000n, expireDate: due, status: 'REQUESTED' },
  { originalValueCents: 80000n, expireDate: due, status: 'PAID' },
]);
await createCredits(t.db, gamaPp, [{ originalValueCents: 500000n, expireDate: due }]);
await createCredits(t.db, removedPp, [{ originalValueCents: 999999n, expireDate: due }]);

const user = await createUser(t.db, org.id, { companyIds: [alfa.id, beta.id] });
const auth = await loginAs(t.app, user);
const get = (url: string, headers: Record<string, string> = auth) => t.app.inject({ url, headers });

const listed = {
  gama: {
    id: gama.id,
    name: 'Gama',
    color: '#00ff00',
    providerId: gamaPp.id,
    providerStatus: 'INACTIVATED',
    buyerType: 'INDIVIDUAL',
    buyerIdentification: '52998224725',
    buyerName: 'João Comprador',
    value: 0,
    requirePin: false,
    quoteMinimum: null,
  },
  zeta: {
    id: zeta.id,
    name: 'Zeta',
    color: '#ff0000',
    providerId: zetaPp.id,
    providerStatus: 'ACTIVATED',
    buyerType: 'CORPORATION',
    buyerIdentification: '11444777000161',
    buyerName: 'Compradora S.A.',
    value: 1250.75,
    requirePin: true,
    quoteMinimum: null,
  },
  alfa: { id: progAlfa.id, name: 'Alfa', providerId: alfaPp.id, value: 0 },
  beta: { id: progBeta.id, name: 'Beta', providerId: betaPp.id, value: 0 },
};
const zeroValued = (p: { id: number; name: string; providerId: number }) => ({
  ...p,
  color: '#1e88e5',
  providerStatus: 'ACTIVATED',
  buyerType: 'CORPORATION',
  buyerIdentification: '11444777000161',
  buyerName: 'Compradora S.A.',
  value: 0,
  requirePin: false,
  quoteMinimum: null,
});

describe('GET programs/me/default', () => {
  it('lists the default company’s programs, largest available value first, ties by name, REMOVED hidden', async () => {
    const res = await injectCall(t.app, listMyProgramsCall, { headers: auth });
    expect(res.statusCode).toBe(200);
    // Gama is inactive: nothing to advance, so it ranks among the empty ones by name.
    expect(res.json()).toEqual([listed.zeta, zeroValued(listed.alfa), zeroValued(listed.beta), listed.gama]);
  });

  it('takes a limit (the dashboard asks for 3)', async () => {
    const res = await injectCall(t.app, listMyProgramsCall, { headers: auth, query: { limit: 3 } });
    expect(res.json()).toEqual([listed.zeta, zeroValued(listed.alfa), zeroValued(listed.beta)]);
    for (const limit of ['0', '1001', 'abc', '1.5']) {
      const bad = await injectCall(t.app, listMyProgramsCall, { headers: auth, query: { limit } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(
        errorBody('error.validation', [{ field: 'limit', message: 'validation.limit.invalid' }]),
      );
    }
  });

  it('lists a company that may not anticipate with nothing to advance in any program', async () => {
    const barred = await createCompany(t.db, org.id, { name: 'Impedida Ltda', canAnticipate: false });
    const barredPp = await join(zeta.id, barred.id);
    await createCredits(t.db, barredPp, [{ originalValueCents: 160_196_216n, expireDate: due }]);
    const member = await createUser(t.db, org.id, { companyIds: [barred.id] });
    const res = await injectCall(t.app, listMyProgramsCall, { headers: await loginAs(t.app, member) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ ...listed.zeta, providerId: barredPp.id, value: 0 }]);
  });

  it('follows the default company', async () => {
    const betaFirst = await createUser(t.db, org.id, { companyIds: [beta.id, alfa.id] });
    const res = await injectCall(t.app, listMyProgramsCall, { headers: await loginAs(t.app, betaFirst) });
    expect(res.json()).toEqual([zeroValued({ id: other.id, name: 'Outro', providerId: otherPp.id })]);
  });
});

describe('GET programs/:id/configuration/provider', () => {
  it('answers the participation’s message, or null', async () => {
    const res = await injectCall(t.app, getProgramProviderConfigurationCall, {
      params: { id: zeta.id },
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providerCanNotAnticipate: '<p>Fale com o comprador</p>' });
    expect(
      (
        await injectCall(t.app, getProgramProviderConfigurationCall, {
          params: { id: gama.id },
          headers: auth,
        })
      ).json(),
    ).toEqual({
      providerCanNotAnticipate: null,
    });
  });
});

describe('GET programs/:id/simulation/example', () => {
  it('works R$ 10.000,00 due in 30 days with the program’s rates', async () => {
    const fees = await program('Taxas', { monthlyRate: '0.015', platformFee: '0.005' });
    await join(fees.id, alfa.id);
    const res = await injectCall(t.app, getSimulationExampleCall, { params: { id: fees.id }, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      investorRemuneration: 1.5,
      platformRemuneration: 0.5,
      originalValue: 10000,
      investorDiscount: 150,
      platformDiscount: 50,
      dailyIof: 0,
      fixedIof: 0,
      bankFee: 0,
      anticipationValue: 9800,
    });
  });

  it('uses the IOF rates in force today, not a future one, and the bank fee', async () => {
    const taxed = await program('IOF', {
      monthlyRate: '0.0199',
      platformFee: '0.0035',
      bankFeeCents: 350n,
      iof: [
        { validFrom: '2025-01-01', daily: '0', fixed: '0.0038' },
        { validFrom: '2026-03-11', daily: '0.000082', fixed: '0.0038' },
      ],
    });
    await join(taxed.id, alfa.id);
    const res = await injectCall(t.app, getSimulationExampleCall, {
      params: { id: taxed.id },
      headers: auth,
    });
    // In reais: fixed IOF = R((10.000 − 199) × 0,38 %) = 37,24; no daily IOF yet (the new rate starts
    // tomorrow); 10.000 − 199 − 35 − 37,24 − 3,50 = 9.725,26.
    expect(res.json()).toEqual({
      investorRemuneration: 1.99,
      platformRemuneration: 0.35,
      originalValue: 10000,
      investorDiscount: 199,
      platformDiscount: 35,
      dailyIof: 0,
      fixedIof: 37.24,
      bankFee: 3.5,
      anticipationValue: 9725.26,
    });
  });

  it('names every part of the difference, so the lines add up to what the supplier receives', async () => {
    // The demo's Horizonte Fornecedores, whose dialog showed 10.000,00 − 150,00 − 35,00 and then 9.749,84.
    const horizonte = await program('Horizonte', {
      monthlyRate: '0.015',
      platformFee: '0.0035',
      bankFeeCents: 350n,
      iof: [{ validFrom: '2025-07-16', daily: '0.000082', fixed: '0.0038' }],
    });
    await join(horizonte.id, alfa.id);
    const res = await injectCall(t.app, getSimulationExampleCall, {
      params: { id: horizonte.id },
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    // In reais, on the IOF base 10.000 − 150 = 9.850: daily IOF R(9.850 × 0,0082 % × 30) = 24,23, fixed IOF
    // R(9.850 × 0,38 %) = 37,43; 10.000 − 150 − 35 − 24,23 − 37,43 − 3,50 = 9.749,84.
    expect(res.json()).toEqual({
      investorRemuneration: 1.5,
      platformRemuneration: 0.35,
      originalValue: 10000,
      investorDiscount: 150,
      platformDiscount: 35,
      dailyIof: 24.23,
      fixedIof: 37.43,
      bankFee: 3.5,
      anticipationValue: 9749.84,
    });
  });
});

describe('program calls: who may see what', () => {
  const paths = (id: number) => [
    buildPath(getProgramProviderConfigurationCall, { id }),
    buildPath(getSimulationExampleCall, { id }),
  ];

  it('answer 404 for a program the default company does not take part in, a REMOVED one, or none', async () => {
    for (const id of [other.id, removed.id, 999999]) {
      for (const url of paths(id)) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(errorBody('error.program.notFound'));
      }
    }
  });

  it('answer 404 to a user of another company, 403 without ROLE_PROVIDER, 401 without a token', async () => {
    const outsider = await createUser(t.db, org.id, { companyIds: [beta.id] });
    const outsiderAuth = await loginAs(t.app, outsider);
    for (const url of paths(zeta.id)) {
      const res = await get(url, outsiderAuth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody('error.program.notFound'));
    }
    const consult = await createUser(t.db, org.id, { authorities: ['ROLE_USER'], companyIds: [alfa.id] });
    const consultAuth = await loginAs(t.app, consult);
    for (const url of [buildPath(listMyProgramsCall), ...paths(zeta.id)]) {
      const forbidden = await get(url, consultAuth);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual(errorBody('error.http.forbidden'));
      const anonymous = await get(url, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(errorBody('error.http.unauthorized'));
    }
  });

  it('tell a user without a company so', async () => {
    const lonely = await createUser(t.db, org.id);
    const res = await injectCall(t.app, listMyProgramsCall, { headers: await loginAs(t.app, lonely) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.user.noCompany'));
  });
});
