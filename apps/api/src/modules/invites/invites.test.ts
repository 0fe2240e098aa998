import { type BodyOf, buildPath, errorBody, getInviteCall, validateInviteEmailCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { createInvite } from '../../../test/invites-factories';
import { invites } from '../../db/schema';

const t = await buildTestApp();
const org = await createOrganization(t.db, { name: 'Plataforma Giro' });
const company = await createCompany(t.db, org.id, {
  name: 'Fornecedora Ltda',
  identification: '11444777000161',
});
const invite = (overrides: Partial<typeof invites.$inferInsert> = {}) =>
  createInvite(t.db, { organizationId: org.id, companyId: company.id, ...overrides });

const getInvite = (token: string) => injectCall(t.app, getInviteCall, { params: { token } });
const validate = (body: BodyOf<typeof validateInviteEmailCall>, remoteAddress = '10.0.0.1') =>
  injectCall(t.app, validateInviteEmailCall, { body, remoteAddress });

describe('GET invites/:token', () => {
  it('answers an OPEN invite with its company and organization', async () => {
    const { token } = await invite({ email: 'Maria.Silva@Example.test' });
    const res = await getInvite(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'Maria.Silva@Example.test',
      status: 'OPEN',
      companyName: 'Fornecedora Ltda',
      identification: '11444777000161',
      organizationName: 'Plataforma Giro',
    });
  });

  it('answers 404 for an unknown token and for an expired invite, even one a second past expiry', async () => {
    const { token } = await invite({ expiresAt: t.clock.now() });
    for (const unknown of ['not-a-token', token]) {
      const res = await getInvite(unknown);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody('error.invite.not.found'));
    }
  });

  it('answers each status other than OPEN with its own 400', async () => {
    for (const [status, code] of [
      ['CLOSED', 'error.invite.closed'],
      ['CONFIRMED', 'error.invite.confirmed'],
      ['WAITING_CONFIRMATION', 'error.invite.waitingConfirmation'],
    ] as const) {
      const { token } = await invite({ status });
      const res = await getInvite(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody(code));
    }
  });

  it('finds the invite by the hash of its token: the stored hash itself is no token', async () => {
    const { invite: row } = await invite();
    const res = await getInvite(row.tokenHash);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST users/email/validate', () => {
  it('tells whether the address is a user of the invite’s organization, lower-cased', async () => {
    const { token } = await invite();
    const member = await createUser(t.db, org.id);
    const otherOrg = await createOrganization(t.db);
    const outsider = await createUser(t.db, otherOrg.id);

    const taken = await validate({ email: member.login.toUpperCase(), token });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ exists: true, email: member.login });
    // A user of another organization does not take the address in this one.
    expect((await validate({ email: outsider.login, token })).json()).toEqual({
      exists: false,
      email: outsider.login,
    });
    expect((await validate({ email: '  New.Person@Example.test ', token })).json()).toEqual({
      exists: false,
      email: 'new.person@example.test',
    });
  });

  it('answers only with a valid OPEN invite token', async () => {
    const unknown = await validate({ email: 'a@example.test', token: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('error.invite.not.found'));
    const { token } = await invite({ status: 'CONFIRMED' });
    const confirmed = await validate({ email: 'a@example.test', token });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toEqual(errorBody('error.invite.confirmed'));
  });

  it('rejects a malformed address and unknown fields', async () => {
    const { token } = await invite();
    const res = await t.app.inject({
      method: validateInviteEmailCall.method,
      url: buildPath(validateInviteEmailCall),
      payload: { email: 'not-an-email', token, extra: 1 },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorBody('error.validation', [
        { field: 'email', message: 'validation.email.invalid' },
        { field: 'extra', message: 'validation.unknownField' },
      ]),
    );
  });

  it('allows 20 checks per invite in 10 minutes, then 429 with Retry-After until the window passes', async () => {
    const { token } = await invite();
    for (let i = 0; i < 20; i++) {
      expect((await validate({ email: `p${i}@example.test`, token }, '10.0.1.1')).statusCode).toBe(200);
    }
    t.clock.advance(60_000);
    // Another client address changes nothing: the limit is the invite's.
    const limited = await validate({ email: 'p21@example.test', token }, '10.0.1.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('540');
    expect(limited.json()).toEqual(errorBody('error.rateLimited'));
    t.clock.advance(540_000);
    expect((await validate({ email: 'p21@example.test', token }, '10.0.1.2')).statusCode).toBe(200);
  });

  it('allows 60 checks per client address in 10 minutes, counting those with a bad token', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 3; i++) {
      const { token } = await invite();
      for (let j = 0; j < 19; j++) {
        expect((await validate({ email: `q${j}@example.test`, token }, ip)).statusCode).toBe(200);
      }
    }
    for (let i = 0; i < 3; i++)
      expect((await validate({ email: 'x@example.test', token: 'bad' }, ip)).statusCode).toBe(404);
    const { token } = await invite();
    const limited = await validate({ email: 'x@example.test', token }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('600');
    expect((await validate({ email: 'x@example.test', token }, '10.0.2.2')).statusCode).toBe(200);
  });

  it('leaves the invite as it was', async () => {
    const { token, invite: row } = await invite();
    await validate({ email: 'someone@example.test', token });
    const [after] = await t.db.select().from(invites).where(eq(invites.id, row.id));
    expect(after).toEqual(row);
  });
});
