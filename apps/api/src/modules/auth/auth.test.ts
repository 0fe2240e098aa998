import { createHash } from 'node:crypto';
import { type BodyOf, buildPath, getAccountCall, issueTokenCall, logoutCall } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { ResourceOwnerPassword } from 'simple-oauth2';
import { describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT, injectCall, loginAs } from '../../../test/app';
import { createCompany, createOrganization, createUser } from '../../../test/factories';

const t = await buildTestApp();
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);

function token(fields: Partial<BodyOf<typeof issueTokenCall>>, headers: Record<string, string> = {}) {
  return injectCall(t.app, issueTokenCall, {
    headers,
    body: { grant_type: 'password', scope: 'read write', ...CLIENT, ...fields },
    remoteAddress: headers['x-test-ip'] ?? '127.0.0.1',
  });
}

const errorOf = (code: string, status: number) => ({
  httpStatus: status,
  message: code,
  code,
  fieldErrors: [],
  error_description: code,
  // The OAuth refusals name themselves in `error` too (RFC 6749 5.2).
  ...(['invalid_client', 'unsupported_grant_type', 'invalid_scope'].includes(code) && { error: code }),
});

describe('POST /api/oauth/token', () => {
  it('logs in with the lower-cased email and answers an opaque bearer token that is not cached', async () => {
    const user = await createUser(t.db, org.id, { companyIds: [company.id] });
    const res = await token({ username: `  ${user.login.toUpperCase()} `, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 86400,
      scope: 'read write',
    });
    expect(body.access_token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const account = await injectCall(t.app, getAccountCall, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(account.statusCode).toBe(200);
  });

  it('answers unknown user and wrong password with the same body', async () => {
    const user = await createUser(t.db, org.id);
    const wrong = await token({ username: user.login, password: 'not-the-password' });
    const unknown = await token({ username: 'nobody@test.example', password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(errorOf('error.invalidpassword', 401));
    expect(unknown.body).toBe(wrong.body);
  });

  it('spends similar time on an unknown user and a wrong password', async () => {
    // Two known users, so 12 rounds stay under each account's lock-out (10 failures).
    const users = [await createUser(t.db, org.id), await createUser(t.db, org.id)];
    const time = async (username: string) => {
      const start = process.hrtime.bigint();
      await token({ username, password: 'not-the-password' }, { 'x-test-ip': '10.9.9.9' });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await time('warm-up@test.example');
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, in alternating order, so a slow moment of a busy machine hits both alike.
    for (let i = 0; i < 12; i++) {
      if (i % 2 === 0) known.push(await time(users[i % 2]!.login));
      unknown.push(await time(`ghost-${i}@test.example`));
      if (i % 2 === 1) known.push(await time(users[i % 2]!.login));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    const samples = `known ${known.map((x) => x.toFixed(0))}, unknown ${unknown.map((x) => x.toFixed(0))} ms`;
    // Without the dummy verification an unknown user answers in ~1 ms against ~40 ms: a ratio near 0.03.
    // The wide band only absorbs the noise of a loaded 2-core machine (seen: single samples 15 to 280 ms).
    expect(ratio, samples).toBeGreaterThan(0.2);
    expect(ratio, samples).toBeLessThan(5);
  });

  it('tells a not-activated user so, but only after the right password', async () => {
    const user = await createUser(t.db, org.id, { activated: false });
    expect((await token({ username: user.login, password: 'wrong-one' })).json().code).toBe(
      'error.invalidpassword',
    );
    const res = await token({ username: user.login, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(errorOf('error.user.notActivated', 401));
  });

  it('refuses a wrong client with 401 invalid_client and another grant with 400 unsupported_grant_type', async () => {
    const user = await createUser(t.db, org.id);
    const badClient = await token({ username: user.login, password: user.password, client_secret: 'nope' });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json()).toEqual(errorOf('invalid_client', 401));
    const badGrant = await token({
      username: user.login,
      password: user.password,
      grant_type: 'authorization_code',
    });
    expect(badGrant.statusCode).toBe(400);
    expect(badGrant.json()).toEqual(errorOf('unsupported_grant_type', 400));
  });

  it('rejects a missing password and unknown fields as validation errors', async () => {
    const missing = await token({ username: 'a@test.example' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('error.validation');
    expect(missing.json().fieldErrors).toContainEqual({
      field: 'password',
      message: 'validation.password.required',
    });
    // A field the contract does not have: the form sent as it is.
    const extra = await t.app.inject({
      method: issueTokenCall.method,
      url: buildPath(issueTokenCall),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        scope: 'read write',
        ...CLIENT,
        username: 'a@test.example',
        password: 'abcd',
        admin: 'true',
      }).toString(),
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fieldErrors).toContainEqual({ field: 'admin', message: 'validation.unknownField' });
  });

  it('picks the organization from the Organization header, and refuses an unknown one', async () => {
    const other = await createOrganization(t.db);
    const user = await createUser(t.db, other.id);
    const ok = await token({ username: user.login, password: user.password }, { organization: other.slug });
    expect(ok.statusCode).toBe(200);
    const unknown = await token(
      { username: user.login, password: user.password },
      { organization: 'no-such-org' },
    );
    expect(unknown.statusCode).toBe(403);
    // With two organizations in the database the header can no longer be left out.
    expect((await token({ username: user.login, password: user.password })).statusCode).toBe(403);
    const wrongOrg = await token(
      { username: user.login, password: user.password },
      { organization: org.slug },
    );
    expect(wrongOrg.json().code).toBe('error.invalidpassword');
  });
});

describe('brute-force limit', () => {
  it('locks an account for 15 minutes after 10 failures, and a success resets the count', async () => {
    const user = await createUser(t.db, org.id);
    const h = { organization: org.slug, 'x-test-ip': '10.1.0.1' };
    for (let i = 0; i < 9; i++)
      expect((await token({ username: user.login, password: 'bad' }, h)).statusCode).toBe(401);
    expect((await token({ username: user.login, password: user.password }, h)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await token({ username: user.login, password: 'bad' }, h)).statusCode).toBe(401);
    const locked = await token({ username: user.login, password: user.password }, h);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(errorOf('error.user.tooManyAttempts', 429));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await token({ username: user.login, password: user.password }, h)).statusCode).toBe(200);
  });

  it('locks an unknown account exactly like a real one, so the lock-out tells nothing either', async () => {
    const user = await createUser(t.db, org.id);
    const ghost = `ghost-${user.login}`;
    const locked: string[] = [];
    for (const username of [user.login, ghost]) {
      const h = { organization: org.slug, 'x-test-ip': `10.3.0.${locked.length + 1}` };
      for (let i = 0; i < 10; i++) {
        expect((await token({ username, password: 'bad' }, h)).statusCode).toBe(401);
      }
      const res = await token({ username, password: 'bad' }, h);
      expect(res.statusCode).toBe(429);
      locked.push(`${res.body} ${res.headers['retry-after']}`);
    }
    expect(locked[1]).toBe(locked[0]);
  });

  it('limits one address to 50 failures across accounts, and does not trust X-Forwarded-For', async () => {
    const h = { organization: org.slug, 'x-test-ip': '10.2.0.2' };
    for (let i = 0; i < 50; i++) {
      const res = await token({ username: `spray-${i}@test.example`, password: 'bad' }, h);
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t.db, org.id);
    const blocked = await token(
      { username: user.login, password: user.password },
      { ...h, 'x-forwarded-for': '1.2.3.4' },
    );
    expect(blocked.statusCode).toBe(429);
    const otherAddress = await token(
      { username: user.login, password: user.password },
      { ...h, 'x-test-ip': '10.2.0.3' },
    );
    expect(otherAddress.statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('expire after expires_in seconds of the server clock', async () => {
    const user = await createUser(t.db, org.id);
    const auth = await loginAs(t.app, user);
    t.clock.advance(86_400 * 1000 - 1000);
    expect((await injectCall(t.app, getAccountCall, { headers: auth })).statusCode).toBe(200);
    t.clock.advance(2000);
    const expired = await injectCall(t.app, getAccountCall, { headers: auth });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(errorOf('error.http.unauthorized', 401));
  });

  it('are revoked by logout, which always answers 200', async () => {
    const user = await createUser(t.db, org.id);
    const auth = await loginAs(t.app, user);
    expect((await injectCall(t.app, logoutCall, { headers: auth })).statusCode).toBe(200);
    expect((await injectCall(t.app, getAccountCall, { headers: auth })).statusCode).toBe(401);
    expect((await injectCall(t.app, logoutCall, { headers: auth })).statusCode).toBe(200);
    expect((await injectCall(t.app, logoutCall, {})).statusCode).toBe(200);
  });

  it('are kept only as SHA-256 hashes, so a copy of the database opens no session', async () => {
    const user = await createUser(t.db, org.id);
    const { authorization } = await loginAs(t.app, user);
    const token = authorization.slice('Bearer '.length);
    const rows = await t.db.execute(sql`select * from access_tokens`);
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.rows.some((r) => r.token_hash === hash)).toBe(true);
    const asToken = await injectCall(t.app, getAccountCall, { headers: { authorization: `Bearer ${hash}` } });
    expect(asToken.statusCode).toBe(401);
  });

  it('that are missing, malformed or tampered with get 401', async () => {
    const user = await createUser(t.db, org.id);
    const { authorization } = await loginAs(t.app, user);
    for (const header of [
      undefined,
      'Bearer',
      'Basic abc',
      `${authorization}x`,
      authorization.replace(/.$/, '_'),
    ]) {
      const res = await injectCall(t.app, getAccountCall, {
        headers: header ? { authorization: header } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('client authentication', () => {
  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
  const challenge = 'Basic realm="portal", charset="UTF-8"';

  /** A token request whose client is only where the test puts it: header, form, both or nowhere. */
  function tokenWithClient(fields: Partial<BodyOf<typeof issueTokenCall>>, authorization?: string) {
    return injectCall(t.app, issueTokenCall, {
      headers: { organization: org.slug, ...(authorization && { authorization }) },
      body: { grant_type: 'password', ...fields },
    });
  }

  async function expectWorkingToken(res: Awaited<ReturnType<typeof tokenWithClient>>) {
    expect(res.statusCode, res.body).toBe(200);
    const account = await injectCall(t.app, getAccountCall, {
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(account.statusCode).toBe(200);
  }

  it('accepts the client in an HTTP Basic header alone', async () => {
    const user = await createUser(t.db, org.id);
    const login = { username: user.login, password: user.password };
    await expectWorkingToken(await tokenWithClient(login, basic(CLIENT.client_id, CLIENT.client_secret)));
    // Schemes are case-insensitive; the form may still carry a scope and a device.
    const lower = basic(CLIENT.client_id, CLIENT.client_secret).replace('Basic', 'basic');
    await expectWorkingToken(await tokenWithClient({ ...login, scope: 'read write', device: 'cli' }, lower));
  });

  it('accepts the client in the form alone, as the web app sends it, even beside a stale Bearer token', async () => {
    const user = await createUser(t.db, org.id);
    const fields = { username: user.login, password: user.password, ...CLIENT };
    await expectWorkingToken(await tokenWithClient(fields));
    await expectWorkingToken(await tokenWithClient(fields, `Bearer ${'x'.repeat(43)}`));
  });

  it('accepts the client both ways when they agree, in full or in part', async () => {
    const user = await createUser(t.db, org.id);
    const login = { username: user.login, password: user.password };
    const header = basic(CLIENT.client_id, CLIENT.client_secret);
    await expectWorkingToken(await tokenWithClient({ ...login, ...CLIENT }, header));
    await expectWorkingToken(await tokenWithClient({ ...login, client_id: CLIENT.client_id }, header));
  });

  it('refuses a header and a form that disagree with 401 invalid_client, even if one of them is right', async () => {
    const user = await createUser(t.db, org.id);
    const login = { username: user.login, password: user.password };
    const cases = [
      [{ ...CLIENT, client_secret: 'other-secret' }, basic(CLIENT.client_id, CLIENT.client_secret)],
      [{ ...CLIENT, client_id: 'other-client' }, basic(CLIENT.client_id, CLIENT.client_secret)],
      [CLIENT, basic(CLIENT.client_id, 'wrong-secret')],
    ] as const;
    for (const [form, header] of cases) {
      const res = await tokenWithClient({ ...login, ...form }, header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(errorOf('invalid_client', 401));
      expect(res.headers['www-authenticate']).toBe(challenge);
    }
  });

  it('refuses a malformed Basic header with 401 invalid_client, whatever the form says', async () => {
    const user = await createUser(t.db, org.id);
    const login = { username: user.login, password: user.password };
    const headers = [
      'Basic',
      'Basic not*base64!',
      `Basic ${b64('portal-web portal-web-secret')}`, // no colon
      `Basic ${b64(`${CLIENT.client_id}:${CLIENT.client_secret}`)} extra`,
      `Basic ${b64(Buffer.from([0xff, 0xfe, 0x3a, 0x41]))}`, // not UTF-8
      `Basic ${b64('portal-web:%zz')}`, // not form-urlencoded
    ];
    for (const header of headers) {
      for (const form of [{}, CLIENT]) {
        const res = await tokenWithClient({ ...login, ...form }, header);
        expect(res.statusCode, header).toBe(401);
        expect(res.json()).toEqual(errorOf('invalid_client', 401));
        expect(res.headers['www-authenticate']).toBe(challenge);
      }
    }
  });

  it('refuses a wrong client in a Basic header with 401 and a WWW-Authenticate: Basic challenge', async () => {
    const user = await createUser(t.db, org.id);
    const login = { username: user.login, password: user.password };
    for (const header of [
      basic(CLIENT.client_id, 'wrong-secret'),
      basic('other-client', CLIENT.client_secret),
    ]) {
      const res = await tokenWithClient(login, header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(errorOf('invalid_client', 401));
      expect(res.headers['www-authenticate']).toBe(challenge);
    }
  });

  it('refuses a request naming no client with 401 invalid_client and the challenge; a wrong form client gets no challenge', async () => {
    const user = await createUser(t.db, org.id);
    const login = { username: user.login, password: user.password };
    const none = await tokenWithClient(login);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(errorOf('invalid_client', 401));
    expect(none.headers['www-authenticate']).toBe(challenge);
    // The web app's way: a browser that met a Basic challenge on its fetch could open its own login dialog.
    for (const form of [{ ...CLIENT, client_secret: 'wrong-secret' }, { client_id: CLIENT.client_id }]) {
      const res = await tokenWithClient({ ...login, ...form });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(errorOf('invalid_client', 401));
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
  });

  it('gives a token to simple-oauth2 with its defaults (Basic header), over a real socket', async () => {
    const user = await createUser(t.db, org.id);
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const config = {
      client: { id: CLIENT.client_id, secret: CLIENT.client_secret },
      auth: { tokenHost: base, tokenPath: buildPath(issueTokenCall) },
    };
    const client = new ResourceOwnerPassword(config);
    const http = { headers: { organization: org.slug } };
    const accessToken = await client.getToken(
      { username: user.login, password: user.password, scope: ['read', 'write'] },
      http,
    );
    expect(accessToken.token).toMatchObject({ token_type: 'bearer', expires_in: 86400, scope: 'read write' });
    const account = await fetch(`${base}${buildPath(getAccountCall)}`, {
      headers: { authorization: `Bearer ${accessToken.token.access_token}` },
    });
    expect(account.status).toBe(200);
    expect(((await account.json()) as { login: string }).login).toBe(user.login);

    const wrong = new ResourceOwnerPassword({
      ...config,
      client: { ...config.client, secret: 'wrong-secret' },
    });
    // simple-oauth2 rejects with a Boom error that keeps the status and the answer's body.
    const refusal: { output?: { statusCode: number }; data?: { payload?: unknown } } = await wrong
      .getToken({ username: user.login, password: user.password }, http)
      .then(
        () => ({}),
        (error) => error,
      );
    expect(refusal.output?.statusCode).toBe(401);
    expect(refusal.data?.payload).toEqual(errorOf('invalid_client', 401));
  });
});
