import {
  buildPath,
  getInviteCall,
  getResetKeyUserCall,
  issueTokenCall,
  listCreditsCall,
  listMyCompaniesCall,
  requestBatchCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT, injectCall, loginAs } from '../app';
import { createBuyer, createCredits, createProgram, createProgramProvider } from '../early-payment-factories';
import { createCompany, createOrganization, createUser } from '../factories';

/*
 * docs/product/operations.md#logs and the README promise an audit trail in the logs: every login, failed
 * login, authorization failure and batch is one JSON line with the user, the company and the request id, the
 * same id the answer carries in x-request-id, so support can go from a user's complaint to the line.
 */
const t = await buildTestApp({}, { keepLogs: true });
const org = await createOrganization(t.db, { businessDaysOnly: false, calendarOpen: '00:00' });
const buyer = await createBuyer(t.db, org.id);
const alfa = await createCompany(t.db, org.id);
const beta = await createCompany(t.db, org.id, { identification: '11222333000181' });
const program = await createProgram(t.db, org.id, buyer.id, { anticipationMaxTime: '23:59' });
const alfaPp = await createProgramProvider(t.db, {
  organizationId: org.id,
  programId: program.id,
  companyId: alfa.id,
});
const [credit] = await createCredits(t.db, alfaPp, [
  { originalValueCents: 100_000n, expireDate: '2026-05-04' },
]);
const alfaUser = await createUser(t.db, org.id, { companyIds: [alfa.id], password: 'audit-pw-alfa' });
const betaUser = await createUser(t.db, org.id, { companyIds: [beta.id] });
const noRole = await createUser(t.db, org.id, { companyIds: [alfa.id], authorities: ['ROLE_USER'] });

type Line = Record<string, unknown> & { reqId?: string; event?: string; msg?: string };
const linesOf = (res: { headers: Record<string, unknown> }): Line[] =>
  t.logLines.map((l) => JSON.parse(l) as Line).filter((l) => l.reqId === res.headers['x-request-id']);
const eventOf = (res: { headers: Record<string, unknown> }, event: string) => {
  const found = linesOf(res).filter((l) => l.event === event);
  expect(found, `${event} lines of this request`).toHaveLength(1);
  return found[0]!;
};

const tokenCall = (username: string, password: string) =>
  injectCall(t.app, issueTokenCall, { body: { username, password, grant_type: 'password', ...CLIENT } });

describe('audit lines', () => {
  it('a login: user, default company, request id; and never the password or the token', async () => {
    const res = await tokenCall(alfaUser.login, alfaUser.password);
    expect(res.statusCode).toBe(200);
    const line = eventOf(res, 'login.succeeded');
    expect(line).toMatchObject({ userId: alfaUser.id, companyId: alfa.id, login: alfaUser.login });
    expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const text = linesOf(res)
      .map((l) => JSON.stringify(l))
      .join('\n');
    expect(text).not.toContain(alfaUser.password);
    expect(text).not.toContain(res.json().access_token);
  });

  it('a failed login: the typed login, the account when it exists, the reason; never the password tried', async () => {
    const wrong = await tokenCall(alfaUser.login, 'guess-number-one');
    expect(eventOf(wrong, 'login.failed')).toMatchObject({
      userId: alfaUser.id,
      companyId: alfa.id,
      login: alfaUser.login,
      reason: 'invalid',
    });
    const unknown = await tokenCall('nobody@test.example', 'guess-number-two');
    expect(eventOf(unknown, 'login.failed')).toMatchObject({
      userId: null,
      companyId: null,
      login: 'nobody@test.example',
      reason: 'invalid',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(JSON.stringify(linesOf(res))).not.toMatch(/guess-number/);
    }
  });

  it('a missing or bad token (401): the request id, no user', async () => {
    const res = await injectCall(t.app, listMyCompaniesCall, {
      headers: { authorization: 'Bearer x'.padEnd(50, 'y') },
    });
    expect(res.statusCode).toBe(401);
    expect(eventOf(res, 'access.denied')).toMatchObject({
      userId: null,
      companyId: null,
      status: 401,
      route: '/api/webapp/companies/me',
    });
  });

  it('a caller without ROLE_PROVIDER (403): who asked, for which company', async () => {
    const res = await injectCall(t.app, listMyCompaniesCall, { headers: await loginAs(t.app, noRole) });
    expect(res.statusCode).toBe(403);
    expect(eventOf(res, 'access.denied')).toMatchObject({
      userId: noRole.id,
      companyId: alfa.id,
      status: 403,
    });
  });

  it("another company's id (404 to the caller): who asked, for which company, which route", async () => {
    const res = await injectCall(t.app, listCreditsCall, {
      params: { programProviderId: alfaPp.id },
      headers: await loginAs(t.app, betaUser),
    });
    expect(res.statusCode).toBe(404);
    expect(eventOf(res, 'access.denied')).toMatchObject({
      userId: betaUser.id,
      companyId: beta.id,
      status: 404,
      method: 'GET',
      route: '/api/webapp/credits/programProvider/:programProviderId',
    });
  });

  it('a batch: user, the batch’s company, its id; a refused one: user, company, the code', async () => {
    const headers = await loginAs(t.app, alfaUser);
    const requestBatch = () => injectCall(t.app, requestBatchCall, { headers, body: [credit!.id] });
    const res = await requestBatch();
    expect(res.statusCode).toBe(200);
    expect(eventOf(res, 'batch.requested')).toMatchObject({
      userId: alfaUser.id,
      companyId: alfa.id,
      batchId: res.json().id,
      programProviderId: alfaPp.id,
      credits: 1,
    });
    const again = await requestBatch();
    expect(again.statusCode).toBe(400);
    expect(eventOf(again, 'batch.refused')).toMatchObject({
      userId: alfaUser.id,
      companyId: alfa.id,
      code: 'error.credit.notfound',
    });
  });
});

describe('secrets in URLs', () => {
  it('reset keys and invite tokens in API paths and in the pages mails link to are logged masked', async () => {
    const secret = 'Zk3_unguessable-secret-in-a-path';
    const urls = [
      buildPath(getResetKeyUserCall, { key: secret }),
      buildPath(getInviteCall, { token: secret }),
      `/password-reset/${secret}`,
      `/accept-invite/${secret}?companyName=Acme`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      const text = JSON.stringify(linesOf(res));
      expect(text).toContain('[redacted]');
      expect(text).not.toContain(secret);
    }
  });

  it('a token, key or password a client puts in the querystring is logged masked, the other parameters kept', async () => {
    const token = (await loginAs(t.app, alfaUser)).authorization.slice('Bearer '.length);
    const guess = 'short-guess-1';
    const res = await t.app.inject({
      url: `${buildPath(listMyCompaniesCall)}?access_token=${token}&page=2&Password=${guess}&api%5Fkey=${guess}`,
    });
    expect(res.statusCode).toBe(401);
    const urls = linesOf(res).flatMap((line) => {
      const req = line.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toContain(
      `${buildPath(listMyCompaniesCall)}?access_token=[redacted]&page=2&Password=[redacted]&api%5Fkey=[redacted]`,
    );
    const text = JSON.stringify(linesOf(res));
    expect(text).not.toContain(token);
    expect(text).not.toContain(guess);
  });
});
