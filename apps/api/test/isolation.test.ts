import { createHash } from 'node:crypto';
import {
  buildPath,
  type Call,
  calls,
  createAutoRuleCall,
  createQuoteCall,
  endOtherSessionsCall,
  endSessionCall,
  errorBody,
  getAccountCall,
  inboxEventTypeSchema,
  listSessionsCall,
  requestBatchCall,
  setPinCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessTokens, inboxItems, persons, programFunders, teamMembers, users } from '../src/db/schema';
import { buildTestApp, injectCall, loginAs } from './app';
import { createBuyer, createCredits, createProgram, createProgramProvider } from './early-payment-factories';
import { createCompany, createOrganization, createUser } from './factories';
import { createFunder } from './funders-factories';
import { createNotification } from './notifications-factories';
import { tinyPdf } from './uploads-factories';

/*
 * The isolation matrix, derived from the contract's list of calls: every call that needs ROLE_PROVIDER (all
 * calls about companies, programs, credits and batches) is made with company A's ids, whether they sit in
 * the path, the query or the body, or are implied (the caller's stored default company), by
 *   - a user of another company B: ids answer exactly like ids that do not exist; no A data ever,
 *   - a user without ROLE_PROVIDER: 403 on every one,
 *   - a former member of A (membership inactive, A still stored as default company) and a user with no
 *     company at all: an error, never A's data.
 * A new call in the contract fails the first test below until it is given a probe here (or is shown to take
 * no id and answer only the caller's own account). The account's own security calls (the PIN, the sessions)
 * have probes of their own (accountProbes): A's session ids answer B like ids that do not exist, and nothing
 * of A changes.
 */
const t = await buildTestApp();
const org = await createOrganization(t.db, { businessDaysOnly: false, calendarOpen: '00:00' });
const buyer = await createBuyer(t.db, org.id);
const alfa = await createCompany(t.db, org.id, { name: 'Alfa Segredo Ltda' });
const beta = await createCompany(t.db, org.id, { name: 'Beta ME', identification: '11222333000181' });
// A low quote minimum, so A's few credits may be put to the funders.
const program = await createProgram(t.db, org.id, buyer.id, {
  anticipationMaxTime: '23:59',
  quoteMinimumCents: 100n,
});
// A funder the program admits, so a quote has someone to ask.
await t.db.insert(programFunders).values({
  programId: program.id,
  funderId: await createFunder(t.db, org.id, 'f-segredo', 'Banco Segredo'),
});
const alfaPp = await createProgramProvider(t.db, {
  organizationId: org.id,
  programId: program.id,
  companyId: alfa.id,
  providerCanNotAnticipateHtml: '<p>Mensagem Segredo da Alfa</p>',
});
await createNotification(t.db, {
  organizationId: org.id,
  programId: program.id,
  activeFrom: new Date('2026-01-01T00:00:00Z'),
  title: 'Aviso Segredo',
  message: 'Só para a Alfa',
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
// A credit the buyer withdrew: what the not-available list shows, with a number no one else may see.
await createCredits(t.db, alfaPp, [
  {
    originalValueCents: 777_701n,
    expireDate: '2026-05-04',
    nfNumber: '987651',
    installmentNumber: 2,
    status: 'UNAVAILABLE',
  },
]);
const alfaUser = await createUser(t.db, org.id, { companyIds: [alfa.id] });
const betaUser = await createUser(t.db, org.id, { companyIds: [beta.id] });
const consultOnly = await createUser(t.db, org.id, { authorities: ['ROLE_USER'], companyIds: [alfa.id] });
const formerMember = await createUser(t.db, org.id, { companyIds: [alfa.id] });
const [formerPerson] = await t.db.select().from(persons).where(eq(persons.userId, formerMember.id));
await t.db.update(teamMembers).set({ active: false }).where(eq(teamMembers.personId, formerPerson!.id));
const noCompany = await createUser(t.db, org.id, { defaultCompanyId: alfa.id });

const ids = alfaCredits.map((c) => c.id);
const batch = await injectCall(t.app, requestBatchCall, {
  headers: await loginAs(t.app, alfaUser),
  body: [ids[2]!],
});
expect(batch.statusCode).toBe(200);
const batchId = batch.json().id as number;
// The request put an item in A's user's notification centre.
const [alfaInboxItem] = await t.db
  .select({ id: inboxItems.id })
  .from(inboxItems)
  .where(eq(inboxItems.userId, alfaUser.id));

// An automatic rule of A.
const rule = await injectCall(t.app, createAutoRuleCall, {
  headers: await loginAs(t.app, alfaUser),
  body: { programProviderId: alfaPp.id, time: '10:00' },
});
expect(rule.statusCode).toBe(200);
const ruleId = rule.json().id as number;

// A's quote to the funders.
const quote = await injectCall(t.app, createQuoteCall, {
  headers: await loginAs(t.app, alfaUser),
  body: { creditIds: [ids[0]!, ids[1]!] },
});
expect(quote.statusCode, quote.body).toBe(201);
const quoteId = quote.json().id as number;

type CallName = keyof typeof calls;
type ProviderCallName = {
  [K in CallName]: (typeof calls)[K]['auth'] extends 'provider' ? K : never;
}[CallName];

/** Where a call takes A's ids, and the same call with ids that do not exist. */
type Ids = {
  params?: Record<string, number>;
  query?: Record<string, number>;
  /** Credit ids, or a body that names no id (the caller's own settings). */
  body?: number[] | Record<string, unknown>;
};
type Probe = { alfa: Ids; missing?: Ids };

const NO_SUCH = 987_654;
const probes: Record<ProviderCallName, Probe> = {
  listMyCompanies: { alfa: {} },
  getDefaultCompany: { alfa: {} },
  setDefaultCompany: { alfa: { params: { id: alfa.id } }, missing: { params: { id: NO_SUCH } } },
  listMyPrograms: { alfa: {} },
  getProgramProviderConfiguration: {
    alfa: { params: { id: program.id } },
    missing: { params: { id: NO_SUCH } },
  },
  getSimulationExample: { alfa: { params: { id: program.id } }, missing: { params: { id: NO_SUCH } } },
  listActiveNotifications: { alfa: { params: { id: program.id } }, missing: { params: { id: NO_SUCH } } },
  listCredits: {
    alfa: { params: { programProviderId: alfaPp.id } },
    missing: { params: { programProviderId: NO_SUCH } },
  },
  listUnavailableCredits: {
    alfa: { params: { programProviderId: alfaPp.id } },
    missing: { params: { programProviderId: NO_SUCH } },
  },
  listNextCredits: { alfa: {} },
  getPortfolio: { alfa: {} },
  estimateCredits: { alfa: { body: [ids[0]!, ids[1]!] } },
  estimateProgramProvider: { alfa: { params: { id: alfaPp.id } }, missing: { params: { id: NO_SUCH } } },
  requestBatch: { alfa: { body: [ids[0]!, ids[1]!] } },
  createQuote: { alfa: { body: { creditIds: [ids[0]!, ids[1]!] } } },
  getQuote: { alfa: { params: { id: quoteId } }, missing: { params: { id: NO_SUCH } } },
  acceptQuote: {
    alfa: { params: { id: quoteId }, body: { bidId: 1 } },
    missing: { params: { id: NO_SUCH }, body: { bidId: 1 } },
  },
  listBatches: {
    alfa: { query: { programProviderId: alfaPp.id } },
    missing: { query: { programProviderId: NO_SUCH } },
  },
  uploadCreditInvoice: {
    alfa: { params: { creditId: ids[0]! } },
    missing: { params: { creditId: NO_SUCH } },
  },
  getBatch: { alfa: { params: { id: batchId } }, missing: { params: { id: NO_SUCH } } },
  getBatchStatement: { alfa: { params: { id: batchId } }, missing: { params: { id: NO_SUCH } } },
  cancelBatch: {
    alfa: { params: { id: batchId }, body: {} },
    missing: { params: { id: NO_SUCH }, body: {} },
  },
  listInbox: { alfa: {} },
  markInboxItemRead: {
    alfa: { params: { id: alfaInboxItem!.id } },
    missing: { params: { id: NO_SUCH } },
  },
  markInboxRead: { alfa: {} },
  getNotificationPreferences: { alfa: {} },
  setNotificationPreferences: {
    alfa: {
      body: {
        email: Object.fromEntries(inboxEventTypeSchema.options.map((type) => [type, type !== 'BATCH_PAID'])),
      },
    },
  },
  listAutoRules: {
    alfa: { query: { programProviderId: alfaPp.id } },
    missing: { query: { programProviderId: NO_SUCH } },
  },
  createAutoRule: {
    alfa: { body: { programProviderId: alfaPp.id, time: '10:00' } },
    missing: { body: { programProviderId: NO_SUCH, time: '10:00' } },
  },
  updateAutoRule: {
    alfa: { params: { id: ruleId }, body: { time: '11:00' } },
    missing: { params: { id: NO_SUCH }, body: { time: '11:00' } },
  },
  deleteAutoRule: { alfa: { params: { id: ruleId } }, missing: { params: { id: NO_SUCH } } },
  previewNewAutoRule: {
    alfa: { body: { programProviderId: alfaPp.id, time: '10:00' } },
    missing: { body: { programProviderId: NO_SUCH, time: '10:00' } },
  },
  previewAutoRule: {
    alfa: { params: { id: ruleId }, body: {} },
    missing: { params: { id: NO_SUCH }, body: {} },
  },
  listAutoRuleRuns: { alfa: { params: { id: ruleId } }, missing: { params: { id: NO_SUCH } } },
  createPlan: {
    alfa: { body: { programProviderId: alfaPp.id, amount: 1000, date: '2026-12-31' } },
    missing: { body: { programProviderId: NO_SUCH, amount: 1000, date: '2026-12-31' } },
  },
};

/*
 * The account's own security calls, made by B where A's ids could go: B's answers are B's, A's session ids are
 * the same 404 as ids that do not exist, and A's PIN and sessions stay as they were.
 */
const alfaSession = await loginAs(t.app, alfaUser);
const alfaSessionId = await sessionIdOf(alfaSession);
// Written as `pin: '…'` so that the suite's log scan (scripts/check-logs.mjs) looks for it.
const betaPin = { pin: '246813' };

async function sessionIdOf(headers: { authorization: string }) {
  const hash = createHash('sha256')
    .update(headers.authorization.replace(/^Bearer /, ''))
    .digest('hex');
  const [row] = await t.db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, hash));
  return row!.id;
}

async function expectAlfaUntouched() {
  const res = await injectCall(t.app, getAccountCall, { headers: alfaSession });
  expect(res.statusCode).toBe(200);
  expect(res.json().pinSet).toBe(false);
}

const accountProbes: Partial<Record<CallName, () => Promise<void>>> = {
  setPin: async () => {
    const res = await injectCall(t.app, setPinCall, {
      headers: await loginAs(t.app, betaUser),
      body: { password: betaUser.password, ...betaPin },
    });
    expect(res.statusCode).toBe(200);
    const [alfa] = await t.db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, alfaUser.id));
    expect(alfa!.pinHash).toBeNull();
  },
  listSessions: async () => {
    const beta = await loginAs(t.app, betaUser);
    const res = await injectCall(t.app, listSessionsCall, { headers: beta });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number }[]).map((s) => s.id);
    expect(ids).toContain(await sessionIdOf(beta));
    expect(ids).not.toContain(alfaSessionId);
  },
  endSession: async () => {
    const beta = await loginAs(t.app, betaUser);
    const other = await injectCall(t.app, endSessionCall, { params: { id: alfaSessionId }, headers: beta });
    const missing = await injectCall(t.app, endSessionCall, { params: { id: NO_SUCH }, headers: beta });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(errorBody('error.session.notFound'));
    expect(other.body).toBe(missing.body);
  },
  endOtherSessions: async () => {
    const res = await injectCall(t.app, endOtherSessionsCall, { headers: await loginAs(t.app, betaUser) });
    expect(res.statusCode).toBe(200);
  },
};

/** Public calls: no company data; their path secrets (reset keys, invite tokens) are tested where they live. */
const publicCalls = Object.entries(calls)
  .filter(([, call]) => call.auth === 'public')
  .map(([name]) => name);

/** Nothing of company A may appear in an answer to someone else. */
function expectNoLeak(body: string, what: string) {
  for (const secret of [
    'Alfa Segredo',
    'Segredo da Alfa',
    'Aviso Segredo',
    '987651',
    '987652',
    '7777.01',
    '7777.02',
    '11444777000161',
  ]) {
    expect(body, what).not.toContain(secret);
  }
}

async function send(name: ProviderCallName, where: Ids, user: { login: string; password: string }) {
  const call: Call = calls[name];
  const headers = await loginAs(t.app, user);
  // buildPath's own types want a literal call; here the call is any of them.
  const path = where.params ? (buildPath as (c: Call, p: object) => string)(call, where.params) : call.path;
  const query = where.query
    ? `?${new URLSearchParams(Object.fromEntries(Object.entries(where.query).map(([k, v]) => [k, String(v)])))}`
    : '';
  const url = `${path}${query}`;
  if (call.consumes?.includes('multipart/form-data')) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(tinyPdf())]), 'nf.pdf');
    const request = new Request('http://x', { method: 'POST', body: form });
    return t.app.inject({
      method: call.method,
      url,
      headers: { ...headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }
  return t.app.inject({
    method: call.method,
    url,
    headers,
    ...(where.body && { payload: where.body }),
  });
}

it('covers every call of the contract: a probe for each ROLE_PROVIDER call, the rest shown to be id-free', () => {
  const providerCalls = Object.entries(calls)
    .filter(([, call]) => call.auth === 'provider')
    .map(([name]) => name);
  expect(Object.keys(probes).sort()).toEqual(providerCalls.sort());
  const userCalls = Object.entries(calls)
    .filter(([, call]) => call.auth === 'user')
    .map(([name]) => name);
  // Calls without ROLE_PROVIDER (their list is pinned in packages/contract/src/calls/calls.test.ts) take no
  // id in their path: they answer only the caller's own account. The exceptions (a session's id) have an
  // account probe (accountProbes).
  for (const name of userCalls) {
    if (/:\w+/.test(calls[name as CallName].path)) expect(Object.keys(accountProbes), name).toContain(name);
  }
  for (const name of Object.keys(accountProbes)) expect(userCalls, name).toContain(name);
  // The platform API's calls (auth 'machine') have a matrix of their own: test/platform-isolation.test.ts.
  const machineCalls = Object.values(calls).filter((call: Call) => call.auth === 'machine');
  expect(providerCalls.length + userCalls.length + publicCalls.length + machineCalls.length).toBe(
    Object.keys(calls).length,
  );
});

describe.each(Object.keys(probes) as ProviderCallName[])('%s', (name) => {
  const probe = probes[name];

  it('a user of another company: the same answer as for ids that do not exist, and none of A', async () => {
    const other = await send(name, probe.alfa, betaUser);
    expectNoLeak(other.body, name);
    expect(other.statusCode).toBeLessThan(500);
    if (probe.missing) {
      const missing = await send(name, probe.missing, betaUser);
      expect(other.statusCode).toBe(404);
      expect(other.body).toBe(missing.body);
    } else if (Array.isArray(probe.alfa.body) || Array.isArray(probe.alfa.body?.creditIds)) {
      // Credit ids in a body: docs/product/requests.md#credit-set names the refusal; it says "not yours",
      // never what the credits are.
      expect(other.statusCode).toBe(400);
      expect(other.json().code).toBe('error.request.wrongProvider');
    } else {
      // No id: B's own data.
      expect(other.statusCode).toBe(200);
    }
  });

  it('a user without ROLE_PROVIDER: 403', async () => {
    const res = await send(name, probe.alfa, consultOnly);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('error.http.forbidden');
    expectNoLeak(res.body, name);
  });

  it('a former member of A and a user with no company: an error, never A', async () => {
    for (const user of [formerMember, noCompany]) {
      const res = await send(name, probe.alfa, user);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expectNoLeak(res.body, name);
    }
  });
});

it('the owner still sees A with the same probes (the probes do reach A)', async () => {
  for (const name of [
    'listCredits',
    'listUnavailableCredits',
    'getProgramProviderConfiguration',
    'listActiveNotifications',
    'estimateCredits',
    'getBatch',
    'getBatchStatement',
    'getQuote',
    'listInbox',
    'listAutoRules',
    'previewAutoRule',
    'listAutoRuleRuns',
  ] as const) {
    const res = await send(name, probes[name].alfa, alfaUser);
    expect(res.statusCode, name).toBe(200);
  }
  const credits = await send('listCredits', probes.listCredits.alfa, alfaUser);
  expect(credits.body).toContain('987651');
  const unavailable = await send('listUnavailableCredits', probes.listUnavailableCredits.alfa, alfaUser);
  expect(unavailable.json().content).toMatchObject([
    { nfNumber: '987651', reason: 'credit.reason.withdrawn' },
  ]);
  const inbox = await send('listInbox', {}, alfaUser);
  expect(inbox.json().content.map((item: { batchId: number }) => item.batchId)).toEqual([batchId]);
});

describe.each(Object.keys(accountProbes) as CallName[])('%s (the account’s own)', (name) => {
  it('a user of another company: their own answer, A’s ids unknown, A untouched', async () => {
    await accountProbes[name]!();
    await expectAlfaUntouched();
  });
});

it('the owner reaches its own session with the same id (the probe does reach A)', async () => {
  const mine = await injectCall(t.app, listSessionsCall, { headers: alfaSession });
  expect((mine.json() as { id: number; current: boolean }[]).find((s) => s.current)?.id).toBe(alfaSessionId);
});
