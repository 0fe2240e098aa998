import {
  buildPath,
  changePasswordCall,
  getAccountCall,
  getOrganizationInfoCall,
  issueTokenCall,
  setDefaultCompanyCall,
  validateInviteEmailCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT, injectCall, loginAs } from '../app';
import { createCompany, createOrganization, createUser } from '../factories';

/*
 * What a browser and a network attacker see in the headers (docs/security.md, TRUST_PROXY in
 * docs/product/operations.md#configuration): a strict CSP and friends on every kind of answer, HSTS only when
 * the request came over TLS, no CORS for anyone, and X-Forwarded-* believed only from the one proxy the
 * operator runs, never from a client.
 */
const direct = await buildTestApp();
const proxied = await buildTestApp({ TRUST_PROXY: 'true' });

const org = await createOrganization(direct.db);
const company = await createCompany(direct.db, org.id);
const user = await createUser(direct.db, org.id, { companyIds: [company.id] });
const auth = await loginAs(direct.app, user);
await createOrganization(proxied.db);

function expectStrictHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
  expect(directives.get('default-src'), what).toBe("'self'");
  expect(directives.get('script-src'), what).toBe("'self'");
  expect(directives.get('object-src'), what).toBe("'none'");
  expect(directives.get('base-uri'), what).toBe("'self'");
  expect(directives.get('frame-ancestors'), what).toBe("'none'");
  expect(directives.get('form-action'), what).toBe("'self'");
  expect(csp, what).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers', () => {
  it('are on every kind of answer: page, JSON, 401, 404, 400, 413', async () => {
    const answers = {
      page: await direct.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } }),
      json: await injectCall(direct.app, getAccountCall, { headers: auth }),
      unauthorized: await injectCall(direct.app, getAccountCall, {}),
      notFound: await direct.app.inject({ url: '/api/webapp/nothing' }),
      invalid: await injectCall(direct.app, setDefaultCompanyCall, { params: { id: 'abc' }, headers: auth }),
      tooLarge: await direct.app.inject({
        method: validateInviteEmailCall.method,
        url: buildPath(validateInviteEmailCall),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      }),
    };
    expect(Object.values(answers).map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400, 413]);
    for (const [what, res] of Object.entries(answers)) expectStrictHeaders(res.headers, what);
  });

  it('errors the router answers itself (an undecodable URL, a 200-digit id) still get nosniff and the one body', async () => {
    // Raw URLs, not buildPath's: the malformed path itself is what is sent.
    for (const url of [
      '/api/webapp/programs/%zz/configuration/provider',
      `/api/webapp/programs/${'9'.repeat(200)}/configuration/provider`,
    ]) {
      const res = await direct.app.inject({ url, headers: auth });
      expect([400, 414]).toContain(res.statusCode);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.json()).toEqual({
        httpStatus: res.statusCode,
        message: 'error.validation',
        code: 'error.validation',
        fieldErrors: [],
        error_description: 'error.validation',
      });
      expect(res.body).not.toContain('9999');
    }
  });

  it('no HSTS over plain http, even when a client claims X-Forwarded-Proto: https', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const res = await injectCall(direct.app, getOrganizationInfoCall, { headers });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS when the trusted proxy says the request came over https', async () => {
    const tls = await injectCall(proxied.app, getOrganizationInfoCall, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await injectCall(proxied.app, getOrganizationInfoCall, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('reflects no origin and allows no credentials, for simple requests and preflights alike', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:8080.evil.example']) {
      const simple = await injectCall(direct.app, getAccountCall, { headers: { ...auth, origin } });
      expect(simple.statusCode).toBe(200);
      const preflight = await direct.app.inject({
        method: 'OPTIONS',
        url: buildPath(changePasswordCall),
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
      expect(preflight.statusCode).toBeLessThan(500);
      for (const res of [simple, preflight]) {
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        expect(res.headers['access-control-allow-methods']).toBeUndefined();
      }
    }
  });
});

describe('client address behind TRUST_PROXY', () => {
  const failLogin = (forwardedFor: string) =>
    injectCall(proxied.app, issueTokenCall, {
      headers: { 'x-forwarded-for': forwardedFor },
      body: {
        username: `spray-${Math.random()}@test.example`,
        password: 'wrong-password',
        grant_type: 'password',
        ...CLIENT,
      },
      remoteAddress: '10.0.0.1', // the proxy
    });

  it('is the address the proxy saw, so a client cannot dodge the per-address limit with its own X-Forwarded-For', async () => {
    // The proxy appends the address it saw; whatever the client put before it is the client's invention.
    for (let i = 0; i < 50; i++) {
      expect((await failLogin(`192.0.2.${i}, 203.0.113.9`)).statusCode).toBe(401);
    }
    const blocked = await failLogin('192.0.2.200, 203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('error.user.tooManyAttempts');
    // Another client behind the same proxy is not blocked by the first one's failures.
    const other = await injectCall(proxied.app, issueTokenCall, {
      headers: { 'x-forwarded-for': '203.0.113.10' },
      body: { username: 'x@test.example', password: 'y', grant_type: 'password', ...CLIENT },
      remoteAddress: '10.0.0.1',
    });
    expect(other.statusCode).toBe(401);
  });
});
