import { createHash } from 'node:crypto';
import {
  buildPath,
  endOtherSessionsCall,
  endSessionCall,
  errorBody,
  getAccountCall,
  issueTokenCall,
  listSessionsCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT, injectCall, TEST_NOW } from '../../../test/app';
import { createCompany, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { accessTokens } from '../../db/schema';
import { deviceOf } from './sessions';

const t = await buildTestApp({}, { keepLogs: true });
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

type Session = { token: string; id: number; headers: { authorization: string } };

/** A login as the web app makes it, from a browser and an address: the session and its token's row id. */
async function login(user: TestUser, userAgent: string, remoteAddress = '127.0.0.1'): Promise<Session> {
  const res = await injectCall(t.app, issueTokenCall, {
    headers: { organization: org.slug, 'user-agent': userAgent },
    body: { grant_type: 'password', username: user.login, password: user.password, ...CLIENT },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().access_token as string;
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [row] = await t.db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, tokenHash));
  return { token, id: row!.id, headers: { authorization: `Bearer ${token}` } };
}

const list = (session: Session) => injectCall(t.app, listSessionsCall, { headers: session.headers });
const end = (session: Session, id: number | string) =>
  injectCall(t.app, endSessionCall, { params: { id }, headers: session.headers });
const endOthers = (session: Session) => injectCall(t.app, endOtherSessionsCall, { headers: session.headers });
const account = (session: Session) => injectCall(t.app, getAccountCall, { headers: session.headers });
const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * MINUTE).toISOString();

async function newUser() {
  t.clock.set(TEST_NOW);
  return createUser(t.db, org.id, { companyIds: [company.id] });
}

describe('GET account/sessions', () => {
  it('lists the live sessions, most recently used first, with device, address and this one marked', async () => {
    const user = await newUser();
    const laptop = await login(user, CHROME_LINUX, '10.40.0.1');
    t.clock.advance(5 * MINUTE);
    const desktop = await login(user, FIREFOX_WINDOWS, '10.40.0.2');
    // Ended, expired and another user's sessions are not listed.
    const ended = await login(user, SAFARI_IPHONE);
    expect((await end(ended, ended.id)).statusCode).toBe(200);
    const expired = await login(user, SAFARI_IPHONE);
    await t.db.update(accessTokens).set({ expiresAt: TEST_NOW }).where(eq(accessTokens.id, expired.id));
    await login(await newUser(), CHROME_LINUX);
    t.clock.set(new Date(at(10)));

    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: laptop.id,
        device: 'Chrome 131 · Linux',
        address: '10.40.0.1',
        startedAt: at(0),
        // This call used it: its "last used" is now.
        lastUsedAt: at(10),
        current: true,
      },
      {
        id: desktop.id,
        device: 'Firefox 133 · Windows',
        address: '10.40.0.2',
        startedAt: at(5),
        lastUsedAt: at(5),
        current: false,
      },
    ]);

    t.clock.advance(2 * MINUTE);
    const fromDesktop = (await list(desktop)).json() as {
      id: number;
      current: boolean;
      lastUsedAt: string;
    }[];
    expect(fromDesktop.map((s) => [s.id, s.current, s.lastUsedAt])).toEqual([
      [desktop.id, true, at(12)],
      [laptop.id, false, at(10)],
    ]);
  });

  it('reads the device from the user agent: browser and major version, then the system; null when unknown', () => {
    expect(deviceOf(CHROME_LINUX)).toBe('Chrome 131 · Linux');
    expect(deviceOf(FIREFOX_WINDOWS)).toBe('Firefox 133 · Windows');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Mobile Safari 17 · iOS');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Linux');
    expect(deviceOf('curl/8.5.0')).toBeNull();
    expect(deviceOf('')).toBeNull();
    expect(deviceOf(null)).toBeNull();
  });
});

describe('DELETE account/sessions/:id', () => {
  it('ends one session: its token answers 401 at once, the others go on', async () => {
    const user = await newUser();
    const mine = await login(user, CHROME_LINUX);
    const other = await login(user, FIREFOX_WINDOWS);
    expect((await account(other)).statusCode).toBe(200);

    const res = await end(mine, other.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const refused = await account(other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(errorBody('error.http.unauthorized'));
    expect((await list(mine)).json().map((s: { id: number }) => s.id)).toEqual([mine.id]);

    // Ended already: the same 404 as an unknown id.
    const again = await end(mine, other.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(errorBody('error.session.notFound'));

    // The current one too: that is a logout.
    expect((await end(mine, mine.id)).statusCode).toBe(200);
    expect((await account(mine)).statusCode).toBe(401);
  });

  it('another user’s session, an unknown or an expired one: the same 404, and nothing ends', async () => {
    const user = await newUser();
    const mine = await login(user, CHROME_LINUX);
    const theirs = await login(await newUser(), FIREFOX_WINDOWS);
    const expired = await login(user, SAFARI_IPHONE);
    await t.db.update(accessTokens).set({ expiresAt: TEST_NOW }).where(eq(accessTokens.id, expired.id));

    const foreign = await end(mine, theirs.id);
    const unknown = await end(mine, 987_654);
    const gone = await end(mine, expired.id);
    for (const res of [foreign, unknown, gone]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody('error.session.notFound'));
    }
    expect(foreign.body).toBe(unknown.body);
    expect((await account(theirs)).statusCode).toBe(200);
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, expired.id));
    expect(row!.revokedAt).toBeNull();
  });

  it('validates the id', async () => {
    const mine = await login(await newUser(), CHROME_LINUX);
    for (const id of ['abc', '0', '1.5']) {
      const res = await end(mine, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual(
        errorBody('error.validation', [{ field: 'id', message: 'validation.id.invalid' }]),
      );
    }
  });
});

describe('DELETE account/sessions', () => {
  it('ends every other live session of the caller and answers how many', async () => {
    const user = await newUser();
    const mine = await login(user, CHROME_LINUX);
    const others = [await login(user, FIREFOX_WINDOWS), await login(user, SAFARI_IPHONE)];
    const expired = await login(user, SAFARI_IPHONE);
    await t.db.update(accessTokens).set({ expiresAt: TEST_NOW }).where(eq(accessTokens.id, expired.id));
    const someoneElse = await login(await newUser(), CHROME_LINUX);

    const res = await endOthers(mine);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const session of others) expect((await account(session)).statusCode).toBe(401);
    expect((await account(mine)).statusCode).toBe(200);
    expect((await account(someoneElse)).statusCode).toBe(200);
    expect((await list(mine)).json().map((s: { id: number }) => s.id)).toEqual([mine.id]);
    expect((await endOthers(mine)).json()).toEqual({ ended: 0 });
  });
});

it('the session calls answer 401 without a session', async () => {
  for (const { method, url } of [
    { method: listSessionsCall.method, url: buildPath(listSessionsCall) },
    { method: endOtherSessionsCall.method, url: buildPath(endOtherSessionsCall) },
    { method: endSessionCall.method, url: buildPath(endSessionCall, { id: 1 }) },
  ]) {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode, url).toBe(401);
    expect(res.json()).toEqual(errorBody('error.http.unauthorized'));
  }
});

it('audit lines say which session was ended, never a token', async () => {
  const user = await newUser();
  const mine = await login(user, CHROME_LINUX);
  const other = await login(user, FIREFOX_WINDOWS);
  await login(user, SAFARI_IPHONE);
  await end(mine, other.id);
  await endOthers(mine);
  const lines = t.logLines
    .map((line) => JSON.parse(line))
    .filter((line) => line.event === 'session.ended' && line.userId === user.id);
  expect(
    lines.map(({ sessionId, current, allOthers, ended, companyId }) => ({
      sessionId,
      current,
      allOthers,
      ended,
      companyId,
    })),
  ).toEqual([
    { sessionId: other.id, current: false, allOthers: undefined, ended: undefined, companyId: company.id },
    { sessionId: undefined, current: undefined, allOthers: true, ended: 1, companyId: company.id },
  ]);
  for (const token of [mine.token, other.token]) {
    const hash = createHash('sha256').update(token).digest('hex');
    expect(t.logLines.filter((line) => line.includes(token) || line.includes(hash))).toEqual([]);
  }
});
