import {
  type BodyOf,
  disableTwoFactorCall,
  enableTwoFactorCall,
  getAcceptedTermsCall,
  getAccountCall,
  issueTokenCall,
  listMyCompaniesCall,
  setUpTwoFactorCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
// An independent TOTP implementation generates the codes the product (otpauth) must accept or refuse.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { recoveryCodes, users } from '../../db/schema';

const t = await buildTestApp({}, { keepLogs: true });
const org = await createOrganization(t.db, { name: 'Plataforma Teste' });
const company = await createCompany(t.db, org.id);
const STEP_MS = 30_000;

const errorOf = (code: string, status: number, fieldErrors: { field: string; message: string }[] = []) => ({
  httpStatus: status,
  message: code,
  code,
  fieldErrors,
  error_description: code,
});

let addressCount = 0;
/** Each test its own client address, so the per-address limit of one test never reaches another. */
const newAddress = () => `10.20.0.${++addressCount}`;

function tokenCall(
  fields: BodyOf<typeof issueTokenCall>,
  address: string,
  headers: Record<string, string> = {},
) {
  return injectCall(t.app, issueTokenCall, {
    headers: { organization: org.slug, ...headers },
    body: { scope: 'read write', ...CLIENT, ...fields },
    remoteAddress: address,
  });
}

const passwordGrant = (user: { login: string; password: string }, address: string) =>
  tokenCall({ grant_type: 'password', username: user.login, password: user.password }, address);
const otpGrant = (mfaToken: string, otp: string, address: string) =>
  tokenCall({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp }, address);

/** The code of the step `steps` away from the test clock's, made by otplib from the URI's secret. */
function codeAt(secret: string, steps = 0) {
  return generate({ secret, epoch: Math.floor((t.clock.now().getTime() + steps * STEP_MS) / 1000) });
}

/** A user with the second factor on: answers the secret and the recovery codes. */
async function enrolledUser(options: { organizationId?: number } = {}) {
  t.clock.set(TEST_NOW);
  const user = await createUser(t.db, options.organizationId ?? org.id, { companyIds: [company.id] });
  const auth = await loginAs(t.app, { ...user, organization: options.organizationId ? undefined : org.slug });
  const setup = await injectCall(t.app, setUpTwoFactorCall, {
    headers: auth,
    body: { password: user.password },
  });
  expect(setup.statusCode).toBe(200);
  const secret = new URL(setup.json().otpauthUri).searchParams.get('secret') ?? '';
  const enable = await injectCall(t.app, enableTwoFactorCall, {
    headers: auth,
    body: {
      code: await codeAt(secret),
    },
  });
  expect(enable.statusCode).toBe(200);
  return { user, auth, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function mfaTokenFor(user: { login: string; password: string }, address: string) {
  const res = await passwordGrant(user, address);
  expect(res.statusCode).toBe(401);
  return res.json().mfa_token as string;
}

describe('enrolling a second factor', () => {
  it('answers an otpauth URI and its QR code, and turns on with a code of the app', async () => {
    t.clock.set(TEST_NOW);
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const auth = await loginAs(t.app, { ...user, organization: org.slug });
    const other = await loginAs(t.app, { ...user, organization: org.slug });

    const wrong = await injectCall(t.app, setUpTwoFactorCall, {
      headers: auth,
      body: {
        password: 'not-it-123',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(
      errorOf('error.invalidpassword', 400, [{ field: 'password', message: 'error.invalidpassword' }]),
    );

    const setup = await injectCall(t.app, setUpTwoFactorCall, {
      headers: auth,
      body: {
        password: user.password,
      },
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const uri = new URL(setup.json().otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Plataforma Teste:${user.login}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/), // 160 bits
      issuer: 'Plataforma Teste',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(setup.json().qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const secret = uri.searchParams.get('secret') ?? '';

    // Pending: the account says off, and the secret is stored sealed, never as itself.
    expect((await injectCall(t.app, getAccountCall, { headers: auth })).json().twoFactorEnabled).toBe(false);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.totpSecretSealed).toMatch(/^v1\./);
    expect(stored?.totpSecretSealed).not.toContain(secret);

    const bad = await injectCall(t.app, enableTwoFactorCall, { headers: auth, body: { code: '000000' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(
      errorOf('error.user.otpInvalid', 400, [{ field: 'code', message: 'error.user.otpInvalid' }]),
    );

    const enable = await injectCall(t.app, enableTwoFactorCall, {
      headers: auth,
      body: {
        code: await codeAt(secret),
      },
    });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);

    const account = (await injectCall(t.app, getAccountCall, { headers: auth })).json();
    expect(account).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false });
    // The other session, opened with the password alone, ended; this one goes on.
    expect((await injectCall(t.app, getAccountCall, { headers: other })).statusCode).toBe(401);
    // Recovery codes are kept as hashes only.
    const kept = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(kept).toHaveLength(10);
    for (const row of kept) expect(codes.some((c) => row.codeHash.includes(c.replace('-', '')))).toBe(false);

    const again = await injectCall(t.app, setUpTwoFactorCall, {
      headers: auth,
      body: {
        password: user.password,
      },
    });
    expect(again.json()).toEqual(errorOf('error.user.twoFactorAlreadyEnabled', 400));
  });

  it('refuses enable without a pending secret', async () => {
    const user = await createUser(t.db, org.id);
    const auth = await loginAs(t.app, { ...user, organization: org.slug });
    const res = await injectCall(t.app, enableTwoFactorCall, { headers: auth, body: { code: '123456' } });
    expect(res.json()).toEqual(errorOf('error.user.twoFactorNotSetUp', 400));
  });
});

describe('logging in with a second factor', () => {
  it('answers mfa_required to the right password, then a token to a code', async () => {
    const { user, secret } = await enrolledUser();
    const address = newAddress();
    const res = await passwordGrant(user, address);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      ...errorOf('error.user.mfaRequired', 401),
      error: 'mfa_required',
      mfa_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    t.clock.advance(STEP_MS);
    const ok = await otpGrant(res.json().mfa_token, await codeAt(secret), address);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 86400,
      scope: 'read write',
    });
  });

  it('accepts the step before and after the current one, never an older one, and a code only once', async () => {
    const { user, secret } = await enrolledUser();
    const address = newAddress();
    t.clock.advance(3 * STEP_MS); // enrolment spent step s; now s+3
    const refusedOld = await otpGrant(await mfaTokenFor(user, address), await codeAt(secret, -2), address);
    expect(refusedOld.statusCode).toBe(400);
    expect(refusedOld.json()).toEqual(errorOf('error.user.otpInvalid', 400));

    const previous = await codeAt(secret, -1);
    expect((await otpGrant(await mfaTokenFor(user, address), previous, address)).statusCode).toBe(200);
    // The same code again, still inside its window: refused.
    const replay = await otpGrant(await mfaTokenFor(user, address), previous, address);
    expect(replay.json()).toEqual(errorOf('error.user.otpInvalid', 400));

    expect(
      (await otpGrant(await mfaTokenFor(user, address), await codeAt(secret, +1), address)).statusCode,
    ).toBe(200);
    // The current step is now older than the last one accepted (s+4): refused too.
    const current = await otpGrant(await mfaTokenFor(user, address), await codeAt(secret), address);
    expect(current.json()).toEqual(errorOf('error.user.otpInvalid', 400));
  });

  it('lets the mfa_token serve once and for 5 minutes', async () => {
    const { user, secret } = await enrolledUser();
    const address = newAddress();
    t.clock.advance(STEP_MS);
    const mfaToken = await mfaTokenFor(user, address);
    expect((await otpGrant(mfaToken, await codeAt(secret), address)).statusCode).toBe(200);
    t.clock.advance(STEP_MS);
    const second = await otpGrant(mfaToken, await codeAt(secret), address);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(errorOf('error.user.mfaTokenInvalid', 400));

    const late = await mfaTokenFor(user, address);
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await otpGrant(late, await codeAt(secret), address);
    expect(expired.json()).toEqual(errorOf('error.user.mfaTokenInvalid', 400));
    expect((await otpGrant('x'.repeat(43), '123456', address)).json()).toEqual(
      errorOf('error.user.mfaTokenInvalid', 400),
    );
  });

  it('takes each recovery code once, in any case and without its dash', async () => {
    const { user, recoveryCodes: codes } = await enrolledUser();
    const address = newAddress();
    const typed = (codes[3] ?? '').replace('-', ' ').toLowerCase();
    const ok = await otpGrant(await mfaTokenFor(user, address), typed, address);
    expect(ok.statusCode).toBe(200);
    const again = await otpGrant(await mfaTokenFor(user, address), codes[3] ?? '', address);
    expect(again.json()).toEqual(errorOf('error.user.otpInvalid', 400));
    expect((await otpGrant(await mfaTokenFor(user, address), codes[4] ?? '', address)).statusCode).toBe(200);
  });

  it('counts wrong codes toward the account limit, which a right password alone does not clear', async () => {
    const { user, secret } = await enrolledUser();
    const address = newAddress();
    t.clock.advance(STEP_MS);
    for (let i = 0; i < 5; i++) {
      expect((await passwordGrant({ ...user, password: 'wrong-pass-1' }, address)).statusCode).toBe(401);
    }
    const mfaToken = await mfaTokenFor(user, address); // right password: the count stays
    for (let i = 0; i < 5; i++) {
      expect((await otpGrant(mfaToken, '000000', address)).statusCode).toBe(400);
    }
    const locked = await otpGrant(mfaToken, await codeAt(secret), address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(errorOf('error.user.tooManyAttempts', 429));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await passwordGrant(user, address)).statusCode).toBe(429);
    // After the window, a complete login works and clears the count.
    t.clock.advance(15 * 60_000);
    const fresh = await mfaTokenFor(user, address);
    expect((await otpGrant(fresh, await codeAt(secret), address)).statusCode).toBe(200);
  });

  it('asks the grant its own fields', async () => {
    const res = await tokenCall({ grant_type: 'mfa_otp' }, newAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorOf('error.validation', 400, [
        { field: 'mfa_token', message: 'validation.required' },
        { field: 'otp', message: 'validation.otp.required' },
      ]),
    );
  });
});

describe('disabling the second factor', () => {
  it('needs the password and a code, then logs in with the password alone', async () => {
    const { user, auth, secret, recoveryCodes: codes } = await enrolledUser();
    t.clock.advance(STEP_MS);
    const noCode = await injectCall(t.app, disableTwoFactorCall, {
      headers: auth,
      body: { password: user.password, code: '000000' },
    });
    expect(noCode.json()).toEqual(
      errorOf('error.user.otpInvalid', 400, [{ field: 'code', message: 'error.user.otpInvalid' }]),
    );
    const noPassword = await injectCall(t.app, disableTwoFactorCall, {
      headers: auth,
      body: {
        password: 'wrong-pass-1',
        code: await codeAt(secret),
      },
    });
    expect(noPassword.json()).toEqual(
      errorOf('error.invalidpassword', 400, [{ field: 'password', message: 'error.invalidpassword' }]),
    );
    expect(
      (
        await injectCall(t.app, disableTwoFactorCall, {
          headers: auth,
          body: { password: user.password, code: codes[0] ?? '' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await injectCall(t.app, getAccountCall, { headers: auth })).json().twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect((await passwordGrant(user, newAddress())).statusCode).toBe(200);
    expect(
      (
        await injectCall(t.app, disableTwoFactorCall, {
          headers: auth,
          body: { password: user.password, code: '123456' },
        })
      ).json(),
    ).toEqual(errorOf('error.user.twoFactorNotEnabled', 400));
  });
});

describe('an organization that requires a second factor', () => {
  it('lets a user without one reach only the account, the terms’ state and enrolment until enrolled', async () => {
    const strict = await createOrganization(t.db, { requireTwoFactor: true });
    const strictCompany = await createCompany(t.db, strict.id);
    const user = await createUser(t.db, strict.id, { companyIds: [strictCompany.id] });
    t.clock.set(TEST_NOW);
    const auth = await loginAs(t.app, { ...user, organization: strict.slug });
    const account = await injectCall(t.app, getAccountCall, { headers: auth });
    expect(account.json()).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    const companies = await injectCall(t.app, listMyCompaniesCall, { headers: auth });
    expect(companies.statusCode).toBe(403);
    expect(companies.json()).toEqual(errorOf('error.user.twoFactorRequired', 403));
    // Read beside the account on every page load: answered during enrolment too.
    expect((await injectCall(t.app, getAcceptedTermsCall, { headers: auth })).statusCode).toBe(200);

    const setup = await injectCall(t.app, setUpTwoFactorCall, {
      headers: auth,
      body: {
        password: user.password,
      },
    });
    const secret = new URL(setup.json().otpauthUri).searchParams.get('secret') ?? '';
    const enable = await injectCall(t.app, enableTwoFactorCall, {
      headers: auth,
      body: {
        code: await codeAt(secret),
      },
    });
    expect(enable.statusCode).toBe(200);
    expect((await injectCall(t.app, listMyCompaniesCall, { headers: auth })).statusCode).toBe(200);

    t.clock.advance(STEP_MS);
    const disable = await injectCall(t.app, disableTwoFactorCall, {
      headers: auth,
      body: {
        password: user.password,
        code: await codeAt(secret),
      },
    });
    expect(disable.statusCode).toBe(403);
    expect(disable.json()).toEqual(errorOf('error.user.twoFactorRequired', 403));
  });
});

describe('secrets in the log', () => {
  it('never writes the secret, the URI, a code, a recovery code or the mfa_token', async () => {
    const { user, secret, recoveryCodes: codes } = await enrolledUser();
    const address = newAddress();
    const mfaToken = await mfaTokenFor(user, address);
    await otpGrant(mfaToken, codes[1] ?? '', address);
    const log = t.logLines.join('');
    expect(log).toContain('login.succeeded');
    for (const secretText of [
      secret,
      'otpauth://',
      mfaToken,
      ...codes,
      ...codes.map((c) => c.replace('-', '')),
    ]) {
      expect(log).not.toContain(secretText);
    }
  });
});
