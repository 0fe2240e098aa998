import {
  type BodyOf,
  createInvitedPersonCall,
  errorBody,
  getAcceptedTermsCall,
  getAccountCall,
  getDefaultCompanyCall,
  getInviteCall,
  validateInviteEmailCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { createInvite } from '../../../test/invites-factories';
import { invites, persons, teamMembers, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';

const t = await buildTestApp();
const org = await createOrganization(t.db, { locale: 'en', termsVersion: '2026-02' });
const company = await createCompany(t.db, org.id, { name: 'Fornecedora Ltda' });
const invite = (overrides: Partial<typeof invites.$inferInsert> = {}) =>
  createInvite(t.db, { organizationId: org.id, companyId: company.id, ...overrides });

type AcceptBody = BodyOf<typeof createInvitedPersonCall>;
const accept = (token: string, body: AcceptBody) =>
  injectCall(t.app, createInvitedPersonCall, { params: { token }, body });
const form = (email: string, overrides: Partial<AcceptBody> = {}): AcceptBody => ({
  personName: 'Maria  da Silva',
  email,
  password: 'senha-forte-1',
  confirm: 'senha-forte-1',
  phoneNumber: '11987654321',
  whatsAppStatus: 'RECEIVE',
  acceptedTerms: true,
  ...overrides,
});
const usersWithLogin = (login: string) => t.db.select().from(users).where(eq(users.login, login));

describe('POST persons/provider/invite/:token', () => {
  it('creates the user, person and membership, closes the invite, and the user can log in', async () => {
    const { token, invite: row } = await invite({ email: 'maria@example.test' });
    const res = await accept(token, form('Maria@Example.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ inviteStatus: 'CONFIRMED' });

    const [user] = await usersWithLogin('maria@example.test');
    expect(user).toMatchObject({
      organizationId: org.id,
      firstName: 'Maria',
      activated: true,
      authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
      langKey: 'en',
      acceptedTermsVersion: '2026-02',
      acceptedTermsAt: t.clock.now(),
      defaultCompanyId: company.id,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash, 'senha-forte-1')).toBe(true);
    const [person] = await t.db.select().from(persons).where(eq(persons.userId, user!.id));
    expect(person).toMatchObject({
      name: 'Maria  da Silva',
      email: 'maria@example.test',
      phone: '11987654321',
      whatsAppStatus: 'RECEIVE',
    });
    const members = await t.db.select().from(teamMembers).where(eq(teamMembers.personId, person!.id));
    expect(members).toEqual([
      { id: members[0]!.id, personId: person!.id, companyId: company.id, active: true },
    ]);
    const [closed] = await t.db.select().from(invites).where(eq(invites.id, row.id));
    expect(closed).toMatchObject({ status: 'CONFIRMED', usedAt: t.clock.now(), userId: user!.id });

    const auth = await loginAs(t.app, { login: 'maria@example.test', password: 'senha-forte-1' });
    const account = await injectCall(t.app, getAccountCall, { headers: auth });
    expect(account.json()).toEqual({
      login: 'maria@example.test',
      email: 'maria@example.test',
      firstName: 'Maria',
      activated: true,
      authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
      langKey: 'en',
      twoFactorEnabled: false,
      twoFactorRequired: false,
      pinSet: false,
    });
    const terms = await injectCall(t.app, getAcceptedTermsCall, { headers: auth });
    expect(terms.json()).toEqual({ acceptedTerms: true });
    const current = await injectCall(t.app, getDefaultCompanyCall, { headers: auth });
    expect(current.json().id).toBe(company.id);
  });

  it('is single use: a second submission is error.invite.confirmed', async () => {
    const { token } = await invite({ email: 'once@example.test' });
    expect((await accept(token, form('once@example.test'))).statusCode).toBe(200);
    const again = await accept(token, form('once@example.test', { password: 'other-1', confirm: 'other-1' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(errorBody('error.invite.confirmed'));
    const again404 = await injectCall(t.app, getInviteCall, { params: { token } });
    expect(again404.json()).toEqual(errorBody('error.invite.confirmed'));
  });

  it('of 10 parallel submissions exactly one creates the user; the others are error.invite.confirmed', async () => {
    const { token } = await invite({ email: 'race@example.test' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => accept(token, form('race@example.test'))),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.map((a) => a.json())).toEqual([{ inviteStatus: 'CONFIRMED' }]);
    for (const a of answers.filter((a) => a.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json()).toEqual(errorBody('error.invite.confirmed'));
    }
    expect(await usersWithLogin('race@example.test')).toHaveLength(1);
  });

  it('keeps whatsAppStatus NOT_KNOWN by default and accepts no phone, or an empty one, then', async () => {
    for (const phone of [{}, { phoneNumber: '' }]) {
      const { token, invite: row } = await invite();
      const body = { ...form(row.email), ...phone } as Record<string, unknown>;
      delete body.whatsAppStatus;
      if (!('phoneNumber' in phone)) delete body.phoneNumber;
      expect((await accept(token, body as AcceptBody)).statusCode).toBe(200);
      const [user] = await usersWithLogin(row.email);
      const [person] = await t.db.select().from(persons).where(eq(persons.userId, user!.id));
      expect(person).toMatchObject({ phone: null, whatsAppStatus: 'NOT_KNOWN' });
    }
  });

  it('refuses a confirmation that differs, and RECEIVE without a phone, leaving the invite OPEN', async () => {
    const { token, invite: row } = await invite();
    const mismatch = await accept(token, form(row.email, { confirm: 'senha-forte-2' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual(errorBody('error.invite.passwordDoesNotMatch'));
    for (const phone of [{ phoneNumber: '' }, { phoneNumber: undefined }]) {
      const absent = await accept(token, form(row.email, phone));
      expect(absent.statusCode).toBe(400);
      expect(absent.json()).toEqual(errorBody('error.invite.phoneNumberAbsent'));
    }
    const [after] = await t.db.select().from(invites).where(eq(invites.id, row.id));
    expect(after!.status).toBe('OPEN');
    expect(await usersWithLogin(row.email)).toEqual([]);
  });

  it('refuses terms not accepted and a malformed phone with field errors', async () => {
    const { token, invite: row } = await invite();
    const terms = await accept(token, form(row.email, { acceptedTerms: false }));
    expect(terms.statusCode).toBe(400);
    expect(terms.json()).toEqual(
      errorBody('error.validation', [{ field: 'acceptedTerms', message: 'validation.terms.required' }]),
    );
    const phone = await accept(token, form(row.email, { phoneNumber: '(11) 98765-4321' }));
    expect(phone.json()).toEqual(
      errorBody('error.validation', [{ field: 'phoneNumber', message: 'validation.phone.invalid' }]),
    );
  });

  it('refuses an address that is already a user of the organization', async () => {
    const existing = await createUser(t.db, org.id);
    const { token } = await invite({ email: existing.login });
    const res = await accept(token, form(existing.login.toUpperCase()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.email.alreadyInUse'));
  });

  it('accepts another address only after the email check found it free for this invite', async () => {
    const { token, invite: row } = await invite({ email: 'first@example.test' });
    const { token: otherToken } = await invite();
    const check = (email: string, with_ = token) =>
      injectCall(t.app, validateInviteEmailCall, { body: { email, token: with_ } });

    const unchecked = await accept(token, form('changed@example.test'));
    expect(unchecked.statusCode).toBe(400);
    expect(unchecked.json()).toEqual(
      errorBody('error.validation', [{ field: 'email', message: 'validation.email.invalid' }]),
    );
    // A check made with another invite's token does not count for this one.
    expect((await check('changed@example.test', otherToken)).json().exists).toBe(false);
    expect((await accept(token, form('changed@example.test'))).statusCode).toBe(400);
    // An address the check found taken stays refused, without telling more than the check did.
    const member = await createUser(t.db, org.id);
    expect((await check(member.login)).json().exists).toBe(true);
    expect((await accept(token, form(member.login))).json()).toEqual(
      errorBody('error.validation', [{ field: 'email', message: 'validation.email.invalid' }]),
    );

    expect((await check('Changed@Example.test')).json()).toEqual({
      exists: false,
      email: 'changed@example.test',
    });
    const res = await accept(token, form('CHANGED@example.test'));
    expect(res.statusCode).toBe(200);
    const [invited] = await t.db.select().from(invites).where(eq(invites.id, row.id));
    const [user] = await usersWithLogin('changed@example.test');
    expect(invited!.userId).toBe(user!.id);
  });

  it('answers the invite errors first: unknown, expired, closed, awaiting confirmation', async () => {
    const expired = await invite({ expiresAt: t.clock.now() });
    const closed = await invite({ status: 'CLOSED' });
    const waiting = await invite({ status: 'WAITING_CONFIRMATION' });
    for (const [token, status, code] of [
      ['unknown-token', 404, 'error.invite.not.found'],
      [expired.token, 404, 'error.invite.not.found'],
      [closed.token, 400, 'error.invite.closed'],
      [waiting.token, 400, 'error.invite.waitingConfirmation'],
    ] as const) {
      const res = await accept(token, form('x@example.test', { confirm: 'different' }));
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(errorBody(code));
    }
  });
});
