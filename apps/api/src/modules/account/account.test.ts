import {
  acceptTermsCall,
  type BodyOf,
  buildPath,
  changePasswordCall,
  finishPasswordResetCall,
  getAcceptedTermsCall,
  getAccountCall,
  getMyPersonCall,
  getOrganizationInfoCall,
  getResetKeyUserCall,
  getTermsOfUseCall,
  listMyCompaniesCall,
  requestPasswordResetCall,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { organizations } from '../../db/schema';

const t = await buildTestApp();
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);

describe('account, person and terms', () => {
  it('GET account answers the account of the token', async () => {
    const user = await createUser(t.db, org.id, {
      firstName: 'Beatriz',
      langKey: 'en',
      companyIds: [company.id],
    });
    const res = await injectCall(t.app, getAccountCall, { headers: await loginAs(t.app, user) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      login: user.login,
      email: user.login,
      firstName: 'Beatriz',
      activated: true,
      authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
      langKey: 'en',
      twoFactorEnabled: false,
      twoFactorRequired: false,
      pinSet: false,
    });
  });

  it('GET persons/me answers name and email', async () => {
    const user = await createUser(t.db, org.id);
    const res = await injectCall(t.app, getMyPersonCall, { headers: await loginAs(t.app, user) });
    expect(res.json()).toEqual({ name: 'Ana Souza', email: user.login });
  });

  it('account, terms and persons/me are open to a user without ROLE_PROVIDER; other calls are not', async () => {
    const user = await createUser(t.db, org.id, { authorities: ['ROLE_USER'] });
    const auth = await loginAs(t.app, user);
    for (const call of [getAccountCall, getAcceptedTermsCall, getMyPersonCall]) {
      expect((await injectCall(t.app, call, { headers: auth })).statusCode).toBe(200);
    }
    const res = await injectCall(t.app, listMyCompaniesCall, { headers: auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('error.http.forbidden');
  });

  it('terms: not accepted, then accepted, then asked again when the organization publishes a new version', async () => {
    const user = await createUser(t.db, org.id);
    const auth = await loginAs(t.app, user);
    expect((await injectCall(t.app, getAcceptedTermsCall, { headers: auth })).json()).toEqual({
      acceptedTerms: false,
    });
    const put = await injectCall(t.app, acceptTermsCall, { headers: auth });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ acceptedTerms: true });
    expect((await injectCall(t.app, getAcceptedTermsCall, { headers: auth })).json()).toEqual({
      acceptedTerms: true,
    });
    await t.db.update(organizations).set({ termsVersion: '2026-09' }).where(eq(organizations.id, org.id));
    expect((await injectCall(t.app, getAcceptedTermsCall, { headers: auth })).json()).toEqual({
      acceptedTerms: false,
    });
    await t.db.update(organizations).set({ termsVersion: '2026-01' }).where(eq(organizations.id, org.id));
  });

  it('every authenticated call answers 401 without a token', async () => {
    for (const call of [
      getAccountCall,
      getMyPersonCall,
      getAcceptedTermsCall,
      acceptTermsCall,
      changePasswordCall,
    ]) {
      const url = buildPath(call);
      // No token and no body: the 401 comes first.
      const res = await t.app.inject({ method: call.method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('error.http.unauthorized');
    }
  });
});

it('GET terms-of-use answers the current version, summary and full text address', async () => {
  const user = await createUser(t.db, org.id);
  const res = await injectCall(t.app, getTermsOfUseCall, { headers: await loginAs(t.app, user) });
  expect(res.json()).toEqual({
    version: '2026-01',
    summaryHtml: '<p>Terms</p>',
    fullUrl: 'https://example.test/terms',
  });
});

it('GET organizations/current answers the public brand facts of the only organization', async () => {
  const res = await injectCall(t.app, getOrganizationInfoCall, {});
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    slug: org.slug,
    name: 'Test Platform',
    supportPhone: '+55 11 4000-0000',
    locale: 'pt-BR',
    termsFullUrl: 'https://example.test/terms',
  });
});

describe('PUT account/change_password', () => {
  const change = (auth: Record<string, string>, body: BodyOf<typeof changePasswordCall>) =>
    injectCall(t.app, changePasswordCall, { headers: auth, body });

  it('refuses a wrong current password with 400 and a different confirmation with 400', async () => {
    const user = await createUser(t.db, org.id);
    const auth = await loginAs(t.app, user);
    const wrong = await change(auth, {
      currentPassword: 'nope',
      newPassword: 'new-pass-1',
      newPasswordConfirm: 'new-pass-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('error.invalidpassword');
    const mismatch = await change(auth, {
      currentPassword: user.password,
      newPassword: 'new-pass-1',
      newPasswordConfirm: 'new-pass-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('error.user.passwordMismatch');
    const short = await change(auth, {
      currentPassword: user.password,
      newPassword: 'abc',
      newPasswordConfirm: 'abc',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toContainEqual({
      field: 'newPassword',
      message: 'validation.password.min',
    });
  });

  it('changes the password and revokes the other sessions, keeping this one', async () => {
    const user = await createUser(t.db, org.id);
    const other = await loginAs(t.app, user);
    const auth = await loginAs(t.app, user);
    const res = await change(auth, {
      currentPassword: user.password,
      newPassword: 'brand-new-1',
      newPasswordConfirm: 'brand-new-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await injectCall(t.app, getAccountCall, { headers: other })).statusCode).toBe(401);
    expect((await injectCall(t.app, getAccountCall, { headers: auth })).statusCode).toBe(200);
    await expect(loginAs(t.app, user)).rejects.toThrow(/401/);
    await expect(loginAs(t.app, { ...user, password: 'brand-new-1' })).resolves.toBeDefined();
  });
});

describe('password reset', () => {
  // The raw body and its content type, both forms of the call being what is tested.
  const init = (payload: string, contentType = 'text/plain') =>
    t.app.inject({
      method: requestPasswordResetCall.method,
      url: buildPath(requestPasswordResetCall),
      headers: { 'content-type': contentType },
      payload,
    });
  const settle = () => t.deliverMails();
  // A mail an earlier test asked for may still be queued: each test counts mails once it is out.
  beforeEach(async () => {
    await settle();
  });
  const keyFrom = (text: string) => text.match(/\/password-reset\/([A-Za-z0-9_-]+)/)![1]!;

  it('answers 200 alike for known, unknown and not-activated emails, and mails only the known one', async () => {
    const known = await createUser(t.db, org.id, { langKey: 'en' });
    const inactive = await createUser(t.db, org.id, { activated: false });
    const before = t.mailer.sent.length;
    const answers = [await init(known.login), await init('nobody@test.example'), await init(inactive.login)];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]!.body);
    }
    await settle();
    const mails = t.mailer.sent.slice(before);
    expect(mails.map((m) => m.to)).toEqual([known.login]);
    expect(mails[0]!.text).toContain('http://localhost:8080/password-reset/');
    expect(mails[0]!.subject).toMatch(/password/i); // the user's language: en
  });

  it('the mail is a job written before the answer (a crash after it loses nothing), holding no key', async () => {
    const user = await createUser(t.db, org.id);
    const before = t.mailer.sent.length;
    expect((await init(user.login)).statusCode).toBe(200);
    // Nothing is sent beside the answer: the mail waits in the job queue, committed with it, for whichever
    // process's worker takes it (here the test's, as after a restart).
    await t.app.deps.background.drain();
    expect(t.mailer.sent.length).toBe(before);
    expect(await settle()).toBe(1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(user.login);
    const key = keyFrom(mail.text);
    expect((await injectCall(t.app, getResetKeyUserCall, { params: { key } })).json()).toEqual({
      login: user.login,
    });
    // The key is made as the mail goes: the jobs' data hold who, whence and when, never the secret.
    const jobs = await t.db.execute(sql`select data from pgboss.job where name = 'event-mail'`);
    expect(JSON.stringify(jobs.rows)).toContain('passwordReset');
    expect(JSON.stringify(jobs.rows)).not.toContain(key);
  });

  it('accepts the JSON form too, and rejects a malformed email', async () => {
    const user = await createUser(t.db, org.id);
    expect((await init(JSON.stringify({ email: user.login }), 'application/json')).statusCode).toBe(200);
    const bad = await init('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('error.validation');
  });

  it('sends at most one mail per address per minute', async () => {
    const user = await createUser(t.db, org.id);
    const before = t.mailer.sent.length;
    await init(user.login);
    await settle();
    await init(user.login);
    await settle();
    expect(t.mailer.sent.length - before).toBe(1);
    t.clock.advance(61_000);
    await init(user.login);
    await settle();
    expect(t.mailer.sent.length - before).toBe(2);
  });

  it('a key finds its login, resets once, revokes every token, and a newer key supersedes an older one', async () => {
    const user = await createUser(t.db, org.id);
    const session = await loginAs(t.app, user);
    await init(user.login);
    await settle();
    const oldKey = keyFrom(t.mailer.sent.at(-1)!.text);
    t.clock.advance(61_000);
    await init(user.login);
    await settle();
    const key = keyFrom(t.mailer.sent.at(-1)!.text);
    expect(key).not.toBe(oldKey);
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);

    const superseded = await injectCall(t.app, getResetKeyUserCall, { params: { key: oldKey } });
    expect(superseded.statusCode).toBe(400);
    expect(superseded.json().code).toBe('error.user.resetKeyDoesNotExists');
    expect((await injectCall(t.app, getResetKeyUserCall, { params: { key } })).json()).toEqual({
      login: user.login,
    });

    const finish = (body: BodyOf<typeof finishPasswordResetCall>) =>
      injectCall(t.app, finishPasswordResetCall, { body });
    const mismatch = await finish({ key, password: 'reset-pass-1', confirm: 'reset-pass-2' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toContainEqual({
      field: 'confirm',
      message: 'validation.confirm.mismatch',
    });
    expect((await finish({ key, password: 'reset-pass-1', confirm: 'reset-pass-1' })).statusCode).toBe(200);
    expect((await injectCall(t.app, getAccountCall, { headers: session })).statusCode).toBe(401);
    await expect(loginAs(t.app, { ...user, password: 'reset-pass-1' })).resolves.toBeDefined();
    const again = await finish({ key, password: 'reset-pass-3', confirm: 'reset-pass-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('error.user.resetKeyDoesNotExists');
  });

  it('a key expires after 24 hours', async () => {
    const user = await createUser(t.db, org.id);
    await init(user.login);
    await settle();
    const key = keyFrom(t.mailer.sent.at(-1)!.text);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const res = await injectCall(t.app, getResetKeyUserCall, { params: { key } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('error.user.resetKeyDoesNotExists');
  });
});
