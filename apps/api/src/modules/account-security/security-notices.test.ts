import {
  type BodyOf,
  changePasswordCall,
  disableTwoFactorCall,
  enableTwoFactorCall,
  finishPasswordResetCall,
  issueTokenCall,
  setPinCall,
  setUpTwoFactorCall,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
// An independent TOTP implementation makes the codes, as in two-factor.test.ts.
import { generate } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import {
  inboxEventTypes,
  notificationPreferences,
  passwordResetKeys,
  securityNotices,
} from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';

/*
 * Security notices (docs/product/account-security.md#security-notices): each change to an account's protection
 * mails its owner, whatever their e-mail preferences, through the same outbox as every other mail.
 */

const t = await buildTestApp();
const org = await createOrganization(t.db, { name: 'Plataforma Teste' });
const company = await createCompany(t.db, org.id);

beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await t.deliverMails();
  t.mailer.sent.length = 0;
});

/** A user who turned every e-mail off: security notices reach them anyway. */
async function quietUser(options: { langKey?: string } = {}) {
  const user = await createUser(t.db, org.id, { companyIds: [company.id], ...options });
  await t.db
    .insert(notificationPreferences)
    .values(inboxEventTypes.map((type) => ({ userId: user.id, type, email: false })));
  const auth = await loginAs(t.app, { ...user, organization: org.slug });
  return { user, auth };
}

/** The mails the outbox sends now, as [to, subject], in their order of writing. */
async function mailsSent() {
  await t.deliverMails();
  const order = (messageId = '') => Number(messageId.match(/\d+/)?.[0]);
  return t.mailer.sent
    .sort((a, b) => order(a.messageId) - order(b.messageId))
    .map((mail) => [mail.to, mail.subject]);
}

/** A grant of the token call, as the web app's login sends it. */
const tokenGrant = (fields: BodyOf<typeof issueTokenCall>) =>
  injectCall(t.app, issueTokenCall, {
    headers: { organization: org.slug },
    body: { scope: 'read write', ...CLIENT, ...fields },
  });

async function enableTwoFactor(user: { password: string }, auth: { authorization: string }) {
  const setup = await injectCall(t.app, setUpTwoFactorCall, {
    headers: auth,
    body: { password: user.password },
  });
  const secret = new URL(setup.json().otpauthUri).searchParams.get('secret') ?? '';
  const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const enable = await injectCall(t.app, enableTwoFactorCall, { headers: auth, body: { code } });
  expect(enable.statusCode).toBe(200);
  return enable.json().recoveryCodes as string[];
}

describe('security notices', () => {
  it('a password change mails its owner, with when and what to do, even with every e-mail turned off', async () => {
    const { user, auth } = await quietUser();
    const res = await injectCall(t.app, changePasswordCall, {
      headers: auth,
      body: {
        currentPassword: user.password,
        newPassword: 'a-new-secret-9',
        newPasswordConfirm: 'a-new-secret-9',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await mailsSent()).toEqual([[user.login, 'Sua senha foi alterada – Plataforma Teste']]);
    const mail = t.mailer.sent[0]!;
    // 10:00 in São Paulo, the organization's zone.
    expect(mail.text).toContain(
      `A senha da sua conta ${user.login} no portal Plataforma Teste foi alterada em 10/03/2026 10:00 GMT-3.`,
    );
    expect(mail.text).toContain('Se não foi você');
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/forgot-password/);
    expect(mail.text).toContain('+55 11 4000-0000');
    for (const secret of [user.password, 'a-new-secret-9']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html).not.toContain(secret);
    }
  });

  it('a refused change tells nobody', async () => {
    const { user, auth } = await quietUser();
    const res = await injectCall(t.app, changePasswordCall, {
      headers: auth,
      body: {
        currentPassword: 'not-the-password',
        newPassword: 'a-new-secret-9',
        newPasswordConfirm: 'a-new-secret-9',
      },
    });
    expect(res.statusCode).toBe(400);
    const pin = await injectCall(t.app, setPinCall, {
      headers: auth,
      body: { password: 'wrong', pin: '123456' },
    });
    expect(pin.statusCode).toBe(400);
    expect(await mailsSent()).toEqual([]);
    expect(await t.db.select().from(securityNotices).where(eq(securityNotices.userId, user.id))).toEqual([]);
  });

  it('a password reset mails the owner too', async () => {
    const { user } = await quietUser({ langKey: 'en' });
    const key = 'reset-key-for-the-notice-test';
    await t.db.insert(passwordResetKeys).values({
      userId: user.id,
      keyHash: sha256Hex(key),
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    const res = await injectCall(t.app, finishPasswordResetCall, {
      body: { key, password: 'brand-new-pw-1', confirm: 'brand-new-pw-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(await mailsSent()).toEqual([[user.login, 'Your password was changed – Plataforma Teste']]);
    expect(t.mailer.sent[0]!.text).not.toContain('brand-new-pw-1');
  });

  it('setting the PIN, then changing it, are two notices in the user’s language', async () => {
    const { user, auth } = await quietUser({ langKey: 'pt-PT' });
    for (const pin of ['123456', '654321'])
      expect(
        (await injectCall(t.app, setPinCall, { headers: auth, body: { password: user.password, pin } }))
          .statusCode,
      ).toBe(200);
    expect(await mailsSent()).toEqual([
      [user.login, 'Foi definido um PIN de transação – Plataforma Teste'],
      [user.login, 'O seu PIN de transação foi alterado – Plataforma Teste'],
    ]);
    for (const mail of t.mailer.sent)
      for (const pin of ['123456', '654321']) expect(mail.text).not.toContain(pin);
  });

  it('a recovery code spent at login, and the second factor turned off, are told', async () => {
    const { user, auth } = await quietUser();
    const codes = await enableTwoFactor(user, auth);
    expect(await mailsSent()).toEqual([]);
    const login = await tokenGrant({ grant_type: 'password', username: user.login, password: user.password });
    const otp = await tokenGrant({
      grant_type: 'mfa_otp',
      mfa_token: login.json().mfa_token,
      otp: codes[0]!,
    });
    expect(otp.statusCode).toBe(200);
    const disable = await injectCall(t.app, disableTwoFactorCall, {
      headers: auth,
      body: { password: user.password, code: codes[1]! },
    });
    expect(disable.statusCode).toBe(200);
    expect(await mailsSent()).toEqual([
      [user.login, 'Um código de recuperação foi usado – Plataforma Teste'],
      [user.login, 'Um código de recuperação foi usado – Plataforma Teste'],
      [user.login, 'A verificação em duas etapas foi desativada – Plataforma Teste'],
    ]);
    for (const mail of t.mailer.sent) for (const code of codes) expect(mail.text).not.toContain(code);
  });

  it('goes out as transactional mail, once, with a stable Message-ID', async () => {
    const { user, auth } = await quietUser();
    await injectCall(t.app, setPinCall, { headers: auth, body: { password: user.password, pin: '123456' } });
    const { rows } = await t.db.execute<{ priority: number; data: { securityNoticeId: number } }>(
      sql`select priority, data from pgboss.job where name = 'event-mail' and state = 'created'`,
    );
    expect(rows).toEqual([{ priority: 10, data: { securityNoticeId: expect.any(Number) } }]);
    await mailsSent();
    const [notice] = await t.db.select().from(securityNotices).where(eq(securityNotices.userId, user.id));
    expect(notice).toMatchObject({ kind: 'PIN_SET', mailedAt: expect.any(Date) });
    expect(t.mailer.sent[0]!.messageId).toBe(`<security-notice-${notice!.id}@localhost>`);
  });
});
