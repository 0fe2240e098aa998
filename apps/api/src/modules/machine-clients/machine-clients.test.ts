import {
  type BodyOf,
  buildPath,
  errorBody,
  getAccountCall,
  issueTokenCall,
  listPlatformEventsCall,
  logoutCall,
  platformImportCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { ClientCredentials } from 'simple-oauth2';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { createOrganization, createUser } from '../../../test/factories';
import { loadConfig } from '../../config';
import { funders, machineClients, machineTokens } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { runClient } from '../../ops/commands/client';
import { createMachineClient } from './machine-clients';

/*
 * Machine clients and the client credentials grant (docs/product/platform-api.md#clients, #tokens): made by the
 * operator CLI, a token from a standard OAuth client library with its defaults, scopes, rotation, revocation and
 * the brute-force limit.
 */

const t = await buildTestApp();
const org = await createOrganization(t.db, { slug: 'acme', name: 'Acme Pay' });
await createOrganization(t.db, { slug: 'other', name: 'Other' });
const env = {
  DATABASE_URL: t.url,
  DATA_DIR: '/tmp/portal-test-data',
  APP_NOW: TEST_NOW.toISOString(),
  LOG_LEVEL: 'silent',
};

async function ops(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runClient(args, { out: (m) => out.push(m), err: (m) => err.push(m) }, loadConfig(env));
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

type Created = { client_id: string; client_secret: string; scopes: string[] };
async function createClient(scopes = 'imports:write,batches:read', organization = 'acme'): Promise<Created> {
  const result = await ops(
    'create',
    '--organization',
    organization,
    '--name',
    'ERP',
    '--scopes',
    scopes,
    '--json',
  );
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Created;
}

function tokenRequest(form: BodyOf<typeof issueTokenCall>, headers: Record<string, string> = {}) {
  return injectCall(t.app, issueTokenCall, { body: form, headers });
}
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

describe('npm run ops -- client', () => {
  it('creates a client whose secret is printed once and stored only as its SHA-256', async () => {
    const client = await createClient();
    expect(client.client_id).toMatch(/^mc_[\w-]{16}$/);
    expect(client.client_secret).toMatch(/^mcs_[\w-]{43}$/);
    expect(client.scopes).toEqual(['imports:write', 'batches:read']);
    const [row] = await t.db
      .select()
      .from(machineClients)
      .where(eq(machineClients.clientId, client.client_id));
    expect(row).toMatchObject({
      organizationId: org.id,
      name: 'ERP',
      secretHash: sha256Hex(client.client_secret),
    });
    expect(JSON.stringify(row)).not.toContain(client.client_secret);
    const listed = await ops('list', '--json');
    expect(listed.stdout).not.toContain('mcs_');
    expect(JSON.parse(listed.stdout)).toContainEqual({
      client_id: client.client_id,
      name: 'ERP',
      organization: 'acme',
      funder: null,
      scopes: ['imports:write', 'batches:read'],
      created_at: TEST_NOW.toISOString(),
      revoked_at: null,
    });
  });

  it('refuses unknown scopes, organizations and clients, and bad usage', async () => {
    expect(
      await ops('create', '--organization', 'acme', '--name', 'x', '--scopes', 'imports:write,root'),
    ).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--scopes takes a comma-separated list of imports:write'),
    });
    expect(
      await ops('create', '--organization', 'nobody', '--name', 'x', '--scopes', 'events:read'),
    ).toMatchObject({
      code: 1,
      stderr: 'client: no organization with slug "nobody"',
    });
    expect(await ops('revoke', 'mc_nobody')).toMatchObject({
      code: 1,
      stderr: 'client: no active client mc_nobody',
    });
    expect((await ops('create', '--organization', 'acme')).code).toBe(2);
  });

  it('creates a funder’s client with the funders’ scopes only; offers:write is for funders alone', async () => {
    await t.db
      .insert(funders)
      .values([
        { organizationId: org.id, ref: 'f-sul', name: 'Banco Sul', identification: '60701190000104' },
      ]);
    const created = await ops(
      'create',
      '--organization',
      'acme',
      '--funder',
      'f-sul',
      '--name',
      'Banco Sul',
      '--scopes',
      'offers:write,batches:read,batches:write,events:read,webhooks:write',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    const client = JSON.parse(created.stdout);
    expect(client).toMatchObject({
      funder: 'f-sul',
      scopes: ['offers:write', 'batches:read', 'batches:write', 'events:read', 'webhooks:write'],
    });
    const listed = JSON.parse((await ops('list', '--json')).stdout);
    expect(listed).toContainEqual(expect.objectContaining({ client_id: client.client_id, funder: 'f-sul' }));

    const create = (...extra: string[]) => ops('create', '--organization', 'acme', '--name', 'x', ...extra);
    expect(await create('--funder', 'f-sul', '--scopes', 'offers:write,imports:write')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'client: a funder’s client takes only offers:write, batches:read, batches:write, events:read, webhooks:write (not imports:write)',
    });
    expect(await create('--scopes', 'offers:write')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'client: offers:write is for a funder’s client (--funder <ref>)',
    });
    expect(await create('--funder', 'f-leste', '--scopes', 'offers:write')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'client: no funder with ref "f-leste" in organization "acme"',
    });
  });
});

describe('the client credentials grant', () => {
  it('gives a standard OAuth client library (simple-oauth2, its defaults: Basic header) a token with the client’s scopes', async () => {
    const client = await createClient();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    afterAll(() => t.app.close());
    const oauth = new ClientCredentials({
      client: { id: client.client_id, secret: client.client_secret },
      auth: { tokenHost: base, tokenPath: buildPath(issueTokenCall) },
    });
    const { token } = await oauth.getToken({});
    expect(token).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'imports:write batches:read',
    });
    expect(token.refresh_token).toBeUndefined();
    const [row] = await t.db
      .select()
      .from(machineTokens)
      .where(eq(machineTokens.tokenHash, sha256Hex(token.access_token as string)));
    expect(row?.expiresAt).toEqual(new Date(TEST_NOW.getTime() + 3600_000));
  });

  it('takes the client in HTTP Basic or in the form, and narrows the scopes to those asked for', async () => {
    const client = await createClient('imports:write,credits:write,events:read');
    const viaBasic = await tokenRequest(
      { grant_type: 'client_credentials', scope: 'events:read' },
      basic(client.client_id, client.client_secret),
    );
    expect(viaBasic.statusCode, viaBasic.body).toBe(200);
    expect(viaBasic.json()).toMatchObject({ scope: 'events:read', token_type: 'bearer' });
    expect(viaBasic.headers['cache-control']).toBe('no-store');
    const viaForm = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
    expect(viaForm.json().scope).toBe('imports:write credits:write events:read');
  });

  it('refuses a scope the client was not given, or no platform scope at all, with 400 invalid_scope', async () => {
    const client = await createClient('events:read');
    for (const scope of ['batches:write', 'events:read admin', 'read write']) {
      const res = await tokenRequest(
        { grant_type: 'client_credentials', scope },
        basic(client.client_id, client.client_secret),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody('invalid_scope'));
    }
  });

  it('never gives a funder’s client a scope outside the funders’, even one its row holds', async () => {
    // The CLI refuses such a client; one written another way must not do more than a funder's client may.
    const [funder] = await t.db
      .insert(funders)
      .values({
        organizationId: org.id,
        ref: 'f-grant',
        name: 'Banco Grant',
        identification: '60701190000104',
      })
      .returning({ id: funders.id });
    const wide = await createMachineClient(t.db, {
      organizationId: org.id,
      funderId: funder!.id,
      name: 'widened',
      scopes: ['imports:write', 'batches:read', 'credits:write'],
      now: t.clock.now(),
    });
    const credentials = basic(wide.clientId, wide.clientSecret);
    const whole = await tokenRequest({ grant_type: 'client_credentials' }, credentials);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().scope).toBe('batches:read');
    for (const scope of ['imports:write', 'batches:read credits:write']) {
      const res = await tokenRequest({ grant_type: 'client_credentials', scope }, credentials);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody('invalid_scope'));
    }
    const imported = await t.app.inject({
      method: 'POST',
      url: buildPath(platformImportCall),
      payload: { credits: [] },
      headers: { authorization: `Bearer ${whole.json().access_token}` },
    });
    expect(imported.statusCode).toBe(403);
    expect(imported.json()).toEqual({ ...errorBody('error.http.forbidden'), scope: 'imports:write' });
    // Nothing of the funders' left: no token at all.
    const none = await createMachineClient(t.db, {
      organizationId: org.id,
      funderId: funder!.id,
      name: 'importer',
      scopes: ['imports:write'],
      now: t.clock.now(),
    });
    const refused = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(none.clientId, none.clientSecret),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(errorBody('invalid_scope'));
  });

  it('refuses a wrong secret, an unknown client and the web app’s own client with the same 401 invalid_client', async () => {
    const client = await createClient();
    const expected = errorBody('invalid_client');
    for (const [id, secret] of [
      [client.client_id, `${client.client_secret}x`],
      ['mc_unknown', client.client_secret],
      ['portal-web', 'portal-web-secret'],
    ] as const) {
      const res = await tokenRequest({ grant_type: 'client_credentials' }, basic(id, secret));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expected);
      expect(res.headers['www-authenticate']).toBe('Basic realm="portal", charset="UTF-8"');
    }
  });

  it('answers a client with the right credentials and another grant 400 unsupported_grant_type (RFC 6749 5.2), a wrong secret still 401', async () => {
    const client = await createClient();
    for (const form of [
      { grant_type: 'password', username: 'erp@acme.test', password: 'whatever' },
      { grant_type: 'authorization_code' },
      { grant_type: 'refresh_token' },
    ]) {
      for (const [body, headers] of [
        [form, basic(client.client_id, client.client_secret)],
        [{ ...form, client_id: client.client_id, client_secret: client.client_secret }, {}],
      ] as const) {
        const res = await tokenRequest(body, headers);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          error: 'unsupported_grant_type',
          httpStatus: 400,
          message: 'unsupported_grant_type',
          code: 'unsupported_grant_type',
          fieldErrors: [],
          error_description: 'unsupported_grant_type',
        });
      }
    }
    const wrong = await tokenRequest(
      { grant_type: 'password', username: 'erp@acme.test', password: 'whatever' },
      basic(client.client_id, `${client.client_secret}x`),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(errorBody('invalid_client'));
  });

  it('ends a machine token on POST /api/oauth/logout: the platform answers it 401 from then on', async () => {
    const client = await createClient('events:read');
    const grant = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(client.client_id, client.client_secret),
    );
    const headers = { authorization: `Bearer ${grant.json().access_token as string}` };
    const feed = () => injectCall(t.app, listPlatformEventsCall, { query: {}, headers });
    expect((await feed()).statusCode).toBe(200);
    const logout = await injectCall(t.app, logoutCall, { headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toBe('');
    const after = await feed();
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(errorBody('error.http.unauthorized'));
    expect((await injectCall(t.app, logoutCall, { headers })).statusCode).toBe(200); // again: nothing to end
  });

  it('keeps the previous secret for 24 hours after a rotation; a revoked client gets no token and its tokens stop', async () => {
    const client = await createClient();
    const before = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(client.client_id, client.client_secret),
    );
    const rotated = await ops('rotate', client.client_id, '--json');
    const { client_secret: fresh, previous_secret_expires_at } = JSON.parse(rotated.stdout);
    expect(previous_secret_expires_at).toBe(new Date(TEST_NOW.getTime() + 24 * 3600_000).toISOString());
    for (const secret of [client.client_secret, fresh]) {
      const res = await tokenRequest({ grant_type: 'client_credentials' }, basic(client.client_id, secret));
      expect(res.statusCode).toBe(200);
    }
    t.clock.set(new Date(TEST_NOW.getTime() + 24 * 3600_000 + 1000));
    try {
      const old = await tokenRequest(
        { grant_type: 'client_credentials' },
        basic(client.client_id, client.client_secret),
      );
      expect(old.statusCode).toBe(401);
      expect(
        (await tokenRequest({ grant_type: 'client_credentials' }, basic(client.client_id, fresh))).statusCode,
      ).toBe(200);
    } finally {
      t.clock.set(TEST_NOW);
    }

    const token = before.json().access_token as string;
    const probe = () => injectCall(t.app, getAccountCall, { headers: { authorization: `Bearer ${token}` } });
    expect((await probe()).statusCode).toBe(403); // a machine token on a person's call: forbidden, not unknown
    expect((await ops('revoke', client.client_id)).code).toBe(0);
    expect((await probe()).statusCode).toBe(401); // revoked: the token is gone with its client
    const after = await tokenRequest({ grant_type: 'client_credentials' }, basic(client.client_id, fresh));
    expect(after.statusCode).toBe(401);
  });

  it('counts wrong secrets like wrong passwords: the 11th try within 15 minutes is 429, even with the right one', async () => {
    const client = await createClient();
    for (let i = 0; i < 10; i++) {
      const res = await tokenRequest(
        { grant_type: 'client_credentials' },
        basic(client.client_id, `wrong-${i}`),
      );
      expect(res.statusCode).toBe(401);
    }
    const locked = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(client.client_id, client.client_secret),
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(errorBody('error.user.tooManyAttempts'));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a person’s token is not a machine client’s: the web app’s login still works beside it', async () => {
    const user = await createUser(t.db, org.id);
    const headers = await loginAs(t.app, {
      login: user.login,
      password: user.password,
      organization: 'acme',
    });
    expect((await injectCall(t.app, getAccountCall, { headers })).statusCode).toBe(200);
  });
});
