import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { errorBody, startWebSessionCall } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/lib/crypto';
import { buildTestApp, injectCall } from './app';
import { createCompany, createOrganization, createUser } from './factories';

/*
 * The pages the web build's server entry draws (docs/decisions/server-drawn-pages.md): the API loads
 * dist/server/entry-server.mjs from WEB_DIST as it serves the build's files, asks it for the pages it lists,
 * and puts the drawing into index.html. Here a stand-in entry draws `/` in the language its cookie names, and
 * the login posted before the app took `/` over with the answer it was given (as JSON, to read it exactly).
 */

const index =
  '<!doctype html>\n<html lang="pt-BR">\n<head><title>Portal</title></head>\n<body>\n' +
  '<div id="root">\n<div class="boot" role="status"><svg></svg></div>\n</div>\n</body>\n</html>\n';

const entry = `
export const drawnPaths = ['/', '/accept-invite/:token'];
export async function drawPage(url, cookie) {
  if (url.includes('skip')) return null;
  if (url.startsWith('/accept-invite/')) {
    const company = new URL(url, 'http://portal').searchParams.get('companyName');
    return { lang: 'pt-BR', title: 'Convite · Portal', html: '<main><h1>Você recebeu um convite</h1><p>' + company + '</p></main>' };
  }
  const lang = /portal_locale=en/.test(cookie ?? '') ? 'en' : 'pt-BR';
  const words = lang === 'en' ? 'Log in' : 'Acesse sua conta';
  return { lang, title: words + ' · Portal', html: '<main><h1>' + words + '</h1>' + 'x'.repeat(3000) + '</main>' };
}
export const loginPath = '/';
export async function drawLoginAnswer(url, cookie, answer) {
  const json = JSON.stringify(answer);
  return { lang: 'pt-BR', title: 'Acesse sua conta · Portal', html: '<main>' + json + '</main>', state: json };
}
`;

async function webDist() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-drawn-'));
  await fs.mkdir(path.join(dir, 'server'));
  await fs.writeFile(path.join(dir, 'index.html'), index);
  await fs.writeFile(path.join(dir, 'server', 'entry-server.mjs'), entry);
  return dir;
}

const t = await buildTestApp({ WEB_DIST: await webDist() }, { keepLogs: true });
const page = { accept: 'text/html' };
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);

describe('pages the server draws', () => {
  it('answers / with index.html holding the drawn page: its language, title and markup, never cached', async () => {
    const res = await t.app.inject({ url: '/', headers: page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.body).toContain('<title>Acesse sua conta · Portal</title>');
    expect(res.body).toContain('<div id="root" data-drawn-locale="pt-BR"><main><h1>Acesse sua conta</h1>');
    expect(res.body).not.toContain('class="boot"');
    expect(res.body).toMatch(/<\/main><\/div>\n<\/body>/);
  });

  it('leaves / to the app when the browser has a session: its auto-login screen, not a login form to replace', async () => {
    const res = await t.app.inject({
      url: '/',
      headers: { ...page, cookie: `__Host-portal_session=${'a'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(index);
    // A cookie that is no session id is nobody's: the login is drawn.
    const stranger = await t.app.inject({
      url: '/',
      headers: { ...page, cookie: '__Host-portal_session=x' },
    });
    expect(stranger.body).toContain('data-drawn-locale="pt-BR"');
  });

  it('draws in the language of the cookie, and compresses the page for a browser that accepts it', async () => {
    const res = await t.app.inject({
      url: '/',
      headers: { ...page, cookie: 'other=1; portal_locale=en', 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<div id="root" data-drawn-locale="en"><main><h1>Log in</h1>');
  });

  it('sends index.html as it is where the entry draws nothing, and for the pages it does not list', async () => {
    for (const url of ['/?skip', '/dashboard']) {
      const res = await t.app.inject({ url, headers: page });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(index);
    }
  });

  it('draws a page that reads its query for each request, with what the query says', async () => {
    for (const company of ['Alfa', 'Beta']) {
      const res = await t.app.inject({ url: `/accept-invite/tok-1?companyName=${company}`, headers: page });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        `<div id="root" data-drawn-locale="pt-BR"><main><h1>Você recebeu um convite</h1><p>${company}</p></main></div>`,
      );
    }
    // A form posted to it before the app took it over is no page's business: the API's 404.
    const posted = await t.app.inject({ method: 'POST', url: '/accept-invite/tok-1', headers: page });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toEqual(errorBody('error.notFound'));
  });

  it('keeps the JSON 404 for a client asking only for JSON', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody('error.notFound'));
  });

  it('never hands out the drawing code', async () => {
    const res = await t.app.inject({ url: '/server/entry-server.mjs', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody('error.notFound'));
  });
});

/*
 * The login typed before the app took `/` over is the browser's own form post (docs/decisions/server-drawn-pages.md#login-posted-before-take-over):
 * the server signs in with it as POST /api/session does, or draws the login again with the app's message.
 */
describe('POST / (the login posted before the app took the page over)', () => {
  let addressCount = 0;
  const post = (
    fields: Record<string, string>,
    headers: Record<string, string> = { origin: 'http://localhost' },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/',
      headers: { ...page, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: `10.62.0.${++addressCount}`,
    });
  type Line = Record<string, unknown> & { reqId?: string; event?: string };
  const linesOf = (res: { headers: Record<string, unknown> }): Line[] =>
    t.logLines.map((l) => JSON.parse(l) as Line).filter((l) => l.reqId === res.headers['x-request-id']);
  const eventsOf = (res: { headers: Record<string, unknown> }) =>
    linesOf(res).flatMap((l) => (l.event ? [l.event] : []));
  /** The answer the stand-in entry drew the login with. */
  const drawnAnswer = (body: string) => JSON.parse(/<main>(.*?)<\/main>/.exec(body)![1]!) as unknown;
  const tokenRows = async () =>
    (await t.db.execute(sql`select count(*)::int as n from access_tokens`)).rows[0]!.n;

  it('signs in as POST /api/session does: both cookies, then on to / where the app goes with a session', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id], password: 'drawn-pw-ok-1' });
    const res = await post({ email: user.login.toUpperCase(), password: 'drawn-pw-ok-1' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
    const cookies = [res.headers['set-cookie']].flat() as string[];
    const id = cookies[0]!.split(';')[0]!.split('=')[1]!;
    expect(cookies).toEqual([
      `__Host-portal_session=${id}; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Strict`,
      '__Host-portal_signed_in=1; Max-Age=86400; Path=/; Secure; SameSite=Strict',
    ]);
    const stored = await t.db.execute(sql`select token_hash from access_tokens`);
    expect(stored.rows.map((r) => r.token_hash)).toContain(sha256Hex(id));
    expect(linesOf(res).find((l) => l.event === 'login.succeeded')).toMatchObject({
      userId: user.id,
      companyId: company.id,
      login: user.login,
    });
    // Without an Origin, the browser's Sec-Fetch-Site says the form is the portal's own.
    const fetchSite = await post(
      { email: user.login, password: 'drawn-pw-ok-1' },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(fetchSite.statusCode).toBe(303);
    expect([fetchSite.headers['set-cookie']].flat()).toHaveLength(2);
  });

  it('refuses a form posted from another site: 403, no cookie, no attempt counted, no audit line', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id], password: 'drawn-pw-csrf-1' });
    const before = await tokenRows();
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of refused) {
      const res = await post({ email: user.login, password: 'drawn-pw-csrf-1' }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(errorBody('error.http.forbidden'));
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(eventsOf(res)).not.toContain('login.succeeded');
      expect(eventsOf(res)).not.toContain('login.failed');
    }
    expect(await tokenRows()).toBe(before);
  });

  it('a wrong password: the login drawn again with the refusal and the email, the audit line of the API, never the password', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id], password: 'drawn-pw-right-1' });
    const res = await post({ email: user.login, password: 'drawn-guess-wrong-1' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(drawnAnswer(res.body)).toEqual({ email: user.login, refusal: 'error.invalidpassword' });
    expect(res.body).toContain(
      `<div id="root" data-drawn-locale="pt-BR"><main>{"email":"${user.login}","refusal":"error.invalidpassword"}</main></div>\n` +
        `<script type="application/json" id="page-state">{"email":"${user.login}","refusal":"error.invalidpassword"}</script>`,
    );
    expect(res.body).not.toContain('drawn-guess-wrong-1');
    const viaPage = linesOf(res).find((l) => l.event === 'login.failed');
    expect(viaPage).toMatchObject({
      userId: user.id,
      companyId: company.id,
      login: user.login,
      reason: 'invalid',
    });
    // The same line as the API's own sign-in writes for the same refusal.
    const viaApi = await injectCall(t.app, startWebSessionCall, {
      headers: { origin: 'http://localhost', 'x-requested-with': 'portal-web' },
      body: { username: user.login, password: 'drawn-guess-wrong-2' },
    });
    expect(viaApi.statusCode).toBe(401);
    const apiLine = linesOf(viaApi).find((l) => l.event === 'login.failed')!;
    const fields = (line: Line) => {
      const { reqId: _r, time: _t, ip: _i, ...rest } = line;
      return rest;
    };
    expect(fields(viaPage!)).toEqual(fields(apiLine));
    expect(t.logLines.join('\n')).not.toMatch(/drawn-guess-wrong/);
  });

  it("an account not activated, and one locked after ten wrong passwords: drawn with the API's refusals", async () => {
    const inactive = await createUser(t.db, org.id, { activated: false, password: 'drawn-pw-inactive-1' });
    const notActivated = await post({ email: inactive.login, password: 'drawn-pw-inactive-1' });
    expect(notActivated.statusCode).toBe(401);
    expect(drawnAnswer(notActivated.body)).toEqual({
      email: inactive.login,
      refusal: 'error.user.notActivated',
    });

    const user = await createUser(t.db, org.id, { companyIds: [company.id], password: 'drawn-pw-locked-1' });
    for (let i = 0; i < 10; i++)
      expect((await post({ email: user.login, password: `drawn-wrong-${i}` })).statusCode).toBe(401);
    const locked = await post({ email: user.login, password: 'drawn-pw-locked-1' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers['set-cookie']).toBeUndefined();
    expect(drawnAnswer(locked.body)).toEqual({ email: user.login, refusal: 'error.user.tooManyAttempts' });
    expect(linesOf(locked).find((l) => l.event === 'login.failed')).toMatchObject({
      reason: 'locked:account',
    });
  });

  it("a second factor on: the login drawn with the step's one-use token for the app, no cookie yet", async () => {
    const user = await createUser(t.db, org.id, {
      companyIds: [company.id],
      password: 'drawn-pw-mfa-1',
      totpEnabledAt: new Date(),
    });
    const res = await post({ email: user.login, password: 'drawn-pw-mfa-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const answer = drawnAnswer(res.body) as { email: string; mfaToken: string };
    expect(answer).toEqual({ email: user.login, mfaToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const challenge = await t.db.execute(
      sql`select count(*)::int as n from mfa_challenges where token_hash = ${sha256Hex(answer.mfaToken)}`,
    );
    expect(challenge.rows[0]!.n).toBe(1);
  });

  it('a form its own rules refuse (no password): drawn again with its field errors shown, nothing tried', async () => {
    const res = await post({ email: 'ana@demo.test', password: '' });
    expect(res.statusCode).toBe(400);
    expect(drawnAnswer(res.body)).toEqual({ email: 'ana@demo.test', invalid: true });
    expect(eventsOf(res)).toEqual([]);
  });
});
