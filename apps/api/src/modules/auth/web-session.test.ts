import {
  type Call,
  calls,
  changePasswordCall,
  confirmWebSessionCall,
  enableTwoFactorCall,
  endWebSessionCall,
  errorBody,
  finishPasswordResetCall,
  getAccountCall,
  issueTokenCall,
  listSessionsCall,
  requestPasswordResetCall,
  setUpTwoFactorCall,
  startWebSessionCall,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { machineToken } from '../../../test/machine-clients';
import { sha256Hex } from '../../lib/crypto';

/*
 * The web app's cookie session (docs/product/accounts-and-sessions.md#web-session), as the browser and a hostile
 * page see it: the exact cookies, the CSRF refusals on every call that changes something, revocation, and the
 * password grant's switch.
 */
const t = await buildTestApp({}, { keepLogs: true });
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);
const PORTAL = 'http://localhost';
/** What the web app sends with every call (apps/web/src/lib/api/api-client.ts). */
const APP = { origin: PORTAL, 'x-requested-with': 'portal-web' };

let addressCount = 0;
const newAddress = () => `10.61.0.${++addressCount}`;

function signIn(user: { login: string; password: string }, headers: Record<string, string> = APP) {
  return injectCall(t.app, startWebSessionCall, {
    headers: {
      organization: org.slug,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
      ...headers,
    },
    body: { username: user.login, password: user.password },
    remoteAddress: newAddress(),
  });
}

/** The session id of a sign-in's Set-Cookie. */
function sessionIdOf(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat().find((l) => l.startsWith('__Host-portal_session='));
  return line!.split(';')[0]!.split('=')[1]!;
}

async function webSession(user: { login: string; password: string }) {
  const res = await signIn(user);
  expect(res.statusCode, res.body).toBe(200);
  const id = sessionIdOf(res.headers['set-cookie']);
  return { id, cookie: `__Host-portal_session=${id}; __Host-portal_signed_in=1` };
}

const forbidden = errorBody('error.http.forbidden');

describe('POST /api/session (the web sign-in)', () => {
  it('sets the HttpOnly session cookie and a readable hint, and answers nothing secret', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const res = await signIn(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ expiresIn: 86400 });
    const id = sessionIdOf(res.headers['set-cookie']);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(res.headers['set-cookie']).toEqual([
      `__Host-portal_session=${id}; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Strict`,
      '__Host-portal_signed_in=1; Max-Age=86400; Path=/; Secure; SameSite=Strict',
    ]);
    expect(res.body).not.toContain(id);
    // Only its hash is stored.
    const rows = await t.db.execute(sql`select token_hash from access_tokens`);
    expect(JSON.stringify(rows.rows)).not.toContain(id);
    expect(rows.rows.map((r) => r.token_hash)).toContain(sha256Hex(id));
  });

  it('the cookie authenticates; the sessions list shows it with its device, as this one', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const { cookie } = await webSession(user);
    const account = await injectCall(t.app, getAccountCall, { headers: { cookie } });
    expect(account.statusCode).toBe(200);
    expect(account.json().login).toBe(user.login);
    const sessions = await injectCall(t.app, listSessionsCall, { headers: { cookie } });
    expect(sessions.json()).toEqual([
      expect.objectContaining({ device: 'Chrome 131 · Linux', current: true }),
    ]);
    expect(sessions.body).not.toContain(cookie.split(';')[0]!.split('=')[1]);
  });

  it('over plain HTTP to another host says HTTPS is needed, and counts no attempt', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const lan = {
      host: '192.168.1.20:8080',
      origin: 'http://192.168.1.20:8080',
      'x-requested-with': 'portal-web',
    };
    const res = await signIn(user, lan);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.session.httpsRequired'));
    expect(res.headers['set-cookie']).toBeUndefined();
    // Behind a trusted proxy that says the client used TLS, the same host is fine (next app, its own settings).
  });

  it('with SESSION_COOKIE_OVER_HTTP=true, plain HTTP to another host gets the unprefixed cookie, not Secure', async () => {
    const lanApp = await buildTestApp({
      SESSION_COOKIE_OVER_HTTP: 'true',
      PUBLIC_URL: 'http://192.168.1.20:8080',
    });
    const lanOrg = await createOrganization(lanApp.db);
    const user = await createUser(lanApp.db, lanOrg.id);
    const res = await injectCall(lanApp.app, startWebSessionCall, {
      headers: {
        host: '192.168.1.20:8080',
        origin: 'http://192.168.1.20:8080',
        'x-requested-with': 'portal-web',
      },
      body: { username: user.login, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const [session, hint] = res.headers['set-cookie'] as string[];
    expect(session).toMatch(/^portal_session=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(hint).toBe('portal_signed_in=1; Max-Age=86400; Path=/; SameSite=Strict');
    const cookie = session!.split(';')[0]!;
    const account = await injectCall(lanApp.app, getAccountCall, {
      headers: { host: '192.168.1.20:8080', cookie },
    });
    expect(account.statusCode).toBe(200);
  });

  it('refuses a sign-in that does not come from the portal’s page (login CSRF)', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const refusals: Record<string, string>[] = [
      {},
      { origin: PORTAL },
      { 'x-requested-with': 'portal-web', origin: 'https://evil.example' },
      { 'x-requested-with': 'portal-web', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refusals) {
      const res = await signIn(user, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // Without an Origin, Sec-Fetch-Site: same-origin shows the page is the portal's.
    const sameOrigin = await signIn(user, {
      'x-requested-with': 'portal-web',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('has the password grant’s checks: one answer for a wrong password or an unknown user, then the lock-out', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const wrong = await signIn({ ...user, password: 'not-the-password' });
    const unknown = await signIn({ login: 'nobody@test.example', password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(errorBody('error.invalidpassword'));
    expect(unknown.body).toBe(wrong.body);
    for (let i = 0; i < 9; i++) await signIn({ ...user, password: 'not-the-password' });
    const locked = await signIn(user);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('error.user.tooManyAttempts');
    const inactive = await createUser(t.db, org.id, { activated: false });
    expect((await signIn(inactive)).json()).toEqual(errorBody('error.user.notActivated'));
  });

  it('with a second factor: mfa_required, then the code sets the cookie', async () => {
    t.clock.set(TEST_NOW);
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const auth = await loginAs(t.app, { ...user, organization: org.slug });
    const setup = await injectCall(t.app, setUpTwoFactorCall, {
      headers: auth,
      body: { password: user.password },
    });
    const secret = new URL(setup.json().otpauthUri).searchParams.get('secret') ?? '';
    const code = (steps = 0) =>
      generate({ secret, epoch: Math.floor((t.clock.now().getTime() + steps * 30_000) / 1000) });
    expect(
      (await injectCall(t.app, enableTwoFactorCall, { headers: auth, body: { code: await code() } }))
        .statusCode,
    ).toBe(200);

    const first = await signIn(user);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ code: 'error.user.mfaRequired', error: 'mfa_required' });
    expect(first.headers['set-cookie']).toBeUndefined();
    const mfaToken = first.json().mfa_token as string;
    const second = (otp: string, headers: Record<string, string> = APP) =>
      injectCall(t.app, confirmWebSessionCall, {
        headers: { organization: org.slug, ...headers },
        body: { mfaToken, otp },
        remoteAddress: newAddress(),
      });
    expect((await second(await code(1), {})).json()).toEqual(forbidden);
    const wrong = await second('000000');
    expect(wrong.json()).toEqual(errorBody('error.user.otpInvalid'));
    const right = await second(await code(1));
    expect(right.statusCode).toBe(200);
    const cookie = `__Host-portal_session=${sessionIdOf(right.headers['set-cookie'])}`;
    expect((await injectCall(t.app, getAccountCall, { headers: { cookie } })).json().twoFactorEnabled).toBe(
      true,
    );
  });
});

describe('CSRF on cookie-authenticated calls', () => {
  /** Every call of the contract a person makes that may change something (the isolation matrix's list). */
  const changing = Object.values(calls as Record<string, Call>).filter(
    (call) => (call.auth === 'user' || call.auth === 'provider') && call.method !== 'GET',
  );

  /** A digest of every row of every table: equal before and after means nothing changed. */
  async function digest() {
    const tables = await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const parts: string[] = [];
    for (const { table_name } of tables.rows) {
      const [row] = (
        await t.db.execute(
          sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.identifier(String(table_name))} x`,
        )
      ).rows;
      parts.push(`${table_name}:${row!.d}`);
    }
    return parts.join('\n');
  }

  it('lists the changing calls (a new one is checked here without a change)', () => {
    expect(changing.length).toBeGreaterThan(20);
  });

  it('refuses each one without the app’s header, from another origin, or cross-site: 403, nothing changed', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const { cookie } = await webSession(user);
    const before = await digest();
    const refusals: Record<string, string>[] = [
      { cookie, origin: PORTAL },
      { cookie, 'x-requested-with': 'portal-web', origin: 'https://evil.example' },
      { cookie, 'x-requested-with': 'portal-web', origin: 'null' },
      { cookie, 'x-requested-with': 'portal-web', 'sec-fetch-site': 'cross-site' },
      { cookie, 'x-requested-with': 'portal-web' },
    ];
    for (const call of changing) {
      const url = call.path.replace(/:\w+/g, '1');
      for (const headers of refusals) {
        const res = await t.app.inject({
          method: call.method,
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(res.statusCode, `${call.method} ${call.path} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toEqual(forbidden);
      }
    }
    expect(await digest()).toBe(before);
  });

  it('lets the page’s own call through; GETs and bearer-token calls need neither', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const { cookie } = await webSession(user);
    const change = (headers: Record<string, string>) =>
      injectCall(t.app, changePasswordCall, {
        headers,
        body: {
          currentPassword: user.password,
          newPassword: 'new-secret-2',
          newPasswordConfirm: 'new-secret-2',
        },
      });
    expect((await change({ cookie, ...APP })).statusCode).toBe(200);
    expect((await injectCall(t.app, getAccountCall, { headers: { cookie } })).statusCode).toBe(200);
    const bearer = await loginAs(t.app, { login: user.login, password: 'new-secret-2' });
    const back = await injectCall(t.app, changePasswordCall, {
      headers: bearer,
      body: {
        currentPassword: 'new-secret-2',
        newPassword: user.password,
        newPasswordConfirm: user.password,
      },
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('ending web sessions', () => {
  it('DELETE /api/session ends the row and clears both cookies; the cookie then gets 401', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const { cookie } = await webSession(user);
    const crossSite = await injectCall(t.app, endWebSessionCall, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.json()).toEqual(forbidden);
    expect((await injectCall(t.app, getAccountCall, { headers: { cookie } })).statusCode).toBe(200);

    const out = await injectCall(t.app, endWebSessionCall, { headers: { cookie, ...APP } });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toEqual([
      '__Host-portal_session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict',
      '__Host-portal_signed_in=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=Strict',
    ]);
    const after = await injectCall(t.app, getAccountCall, { headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(errorBody('error.http.unauthorized'));
    // Without a session it still answers 200 and clears the cookies.
    expect((await injectCall(t.app, endWebSessionCall, { headers: APP })).statusCode).toBe(200);
  });

  it('a password change ends the other sessions, cookie or token, and keeps this one', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const here = await webSession(user);
    const otherBrowser = await webSession(user);
    const apiClient = await loginAs(t.app, user);
    const res = await injectCall(t.app, changePasswordCall, {
      headers: { cookie: here.cookie, ...APP },
      body: {
        currentPassword: user.password,
        newPassword: 'changed-pw-3',
        newPasswordConfirm: 'changed-pw-3',
      },
    });
    expect(res.statusCode).toBe(200);
    const status = async (headers: Record<string, string>) =>
      (await injectCall(t.app, getAccountCall, { headers })).statusCode;
    expect(await status({ cookie: otherBrowser.cookie })).toBe(401);
    expect(await status(apiClient)).toBe(401);
    expect(await status({ cookie: here.cookie })).toBe(200);
  });

  it('a password reset ends every web session', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const sessions = [await webSession(user), await webSession(user)];
    await injectCall(t.app, requestPasswordResetCall, { body: user.login, remoteAddress: newAddress() });
    await t.deliverMails();
    const mail = t.mailer.sent.filter((m) => m.to === user.login).at(-1)!;
    const key = mail.text.match(/\/password-reset\/([A-Za-z0-9_-]+)/)![1]!;
    const finish = await injectCall(t.app, finishPasswordResetCall, {
      body: { key, password: 'after-reset-4', confirm: 'after-reset-4' },
    });
    expect(finish.statusCode).toBe(200);
    for (const { cookie } of sessions)
      expect((await injectCall(t.app, getAccountCall, { headers: { cookie } })).statusCode).toBe(401);
  });

  it('the session id is in no log line', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const { id, cookie } = await webSession(user);
    await injectCall(t.app, getAccountCall, { headers: { cookie } });
    await injectCall(t.app, changePasswordCall, {
      headers: { cookie },
      body: { currentPassword: 'x-1234', newPassword: 'y-123456', newPasswordConfirm: 'y-123456' },
    });
    await injectCall(t.app, endWebSessionCall, { headers: { cookie, ...APP } });
    expect(t.logLines.length).toBeGreaterThan(0);
    expect(t.logLines.filter((line) => line.includes(id))).toEqual([]);
  });
});

describe('the password grant', () => {
  it('stays on by default for API clients', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const auth = await loginAs(t.app, user);
    expect((await injectCall(t.app, getAccountCall, { headers: auth })).statusCode).toBe(200);
  });

  it('PASSWORD_GRANT=off answers 400 unsupported_grant_type; the web session and machine clients go on', async () => {
    const off = await buildTestApp({ PASSWORD_GRANT: 'off' });
    const offOrg = await createOrganization(off.db);
    const user = await createUser(off.db, offOrg.id);
    const grant = await injectCall(off.app, issueTokenCall, {
      body: { grant_type: 'password', username: user.login, password: user.password, ...CLIENT },
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toEqual(errorBody('unsupported_grant_type'));
    const otp = await injectCall(off.app, issueTokenCall, {
      body: { grant_type: 'mfa_otp', mfa_token: 'x'.repeat(43), otp: '123456', ...CLIENT },
    });
    expect(otp.json()).toEqual(errorBody('unsupported_grant_type'));
    const web = await injectCall(off.app, startWebSessionCall, {
      headers: APP,
      body: { username: user.login, password: user.password },
    });
    expect(web.statusCode).toBe(200);
    const machine = await machineToken(off, offOrg.id, ['credits:write']);
    expect(machine.authorization).toMatch(/^Bearer /);
  });
});
