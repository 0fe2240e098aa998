import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildPath,
  calls,
  errorBody,
  finishPasswordResetCall,
  getAccountCall,
  getResetKeyUserCall,
  issueTokenCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { frozenClock } from '../src/lib/clock';
import { injectCall, memoryMailer, TEST_NOW } from './app';
import { freshDatabase } from './database';
import { createOrganization, createUser } from './factories';

const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
await fs.mkdir(path.join(webDist, 'assets'));
await fs.writeFile(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Portal</title><div id="root"></div>',
);
await fs.writeFile(
  path.join(webDist, 'assets', 'main-abc123.js'),
  `console.log(${JSON.stringify('x'.repeat(4000))});`,
);

const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };
const { db } = await freshDatabase();
const config = loadConfig({ DATA_DIR: os.tmpdir(), WEB_DIST: webDist });
const app = await buildApp({ config, db, clock: frozenClock(TEST_NOW), mailer: memoryMailer(), logStream });
const org = await createOrganization(db);

describe('serving the web app', () => {
  it('answers deep links with index.html (history-API fallback), never cached', async () => {
    const res = await app.inject({ url: '/anticipation/invoices', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers / and app routes with the page to curl and to a client sending no Accept at all', async () => {
    const curl = { accept: '*/*', 'user-agent': 'curl/8.5.0' };
    for (const [url, headers] of [
      ['/', curl],
      ['/dashboard', curl],
      ['/anticipation/invoices?page=2', curl],
      ['/', {}],
      ['/dashboard', {}],
      ['/dashboard', { accept: 'application/json, text/plain, */*' }],
    ] as const) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    // curl -I, and uptime probes that only look at the status.
    const head = await app.inject({ method: 'HEAD', url: '/', headers: curl });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('keeps the JSON 404 for a client asking only for JSON, for API paths and for missing files', async () => {
    const notFound = errorBody('error.notFound');
    for (const [url, accept] of [
      ['/dashboard', 'application/json'],
      ['/dashboard', 'application/json; charset=utf-8, application/problem+json'],
      ['/api/nope', '*/*'],
      ['/api/nope', undefined],
      ['/api', '*/*'],
      ['/assets/main-gone123.js', '*/*'],
      ['/favicon.ico', undefined],
    ] as const) {
      const res = await app.inject({ url, headers: accept ? { accept } : {} });
      expect(res.statusCode, `${url} ${accept}`).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('serves hashed assets compressed with a one-year immutable cache', async () => {
    const res = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toMatch(/br|gzip/);
  });

  it('answers unknown API paths with the error body, not the page', async () => {
    const res = await app.inject({ url: '/api/webapp/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      httpStatus: 404,
      message: 'error.notFound',
      code: 'error.notFound',
      fieldErrors: [],
      error_description: 'error.notFound',
    });
  });
});

describe('HTTP hygiene', () => {
  it('sends a strict CSP, nosniff, a referrer policy and no HSTS over plain http', async () => {
    const res = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const csp = res.headers['content-security-policy'] as string;
    for (const part of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(part);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document generated from the contract at /api/docs', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/oauth/token',
        '/api/webapp/account',
        '/api/webapp/users/reset-key/{key}',
      ]),
    );
    expect((await app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('registers every call of the contract, with its method', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const registered = Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const expected = Object.values(calls).map((c) => `${c.method} ${c.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered).toEqual(expect.arrayContaining(expected));
  });

  it('answers malformed JSON and oversized bodies with the error body, never internals', async () => {
    const malformed = await app.inject({
      method: finishPasswordResetCall.method,
      url: buildPath(finishPasswordResetCall),
      headers: { 'content-type': 'application/json' },
      payload: '{"key": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('error.validation');
    const huge = await app.inject({
      method: finishPasswordResetCall.method,
      url: buildPath(finishPasswordResetCall),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ key: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('error.upload.tooLarge');
    for (const res of [malformed, huge]) expect(res.body).not.toMatch(/at \w+ \(|node_modules|\/src\//);
  });

  it('logs each request with an id and never a password, token or key', async () => {
    const user = await createUser(db, org.id, { password: 'very-secret-pw' });
    const login = await injectCall(app, issueTokenCall, {
      body: {
        username: user.login,
        password: 'very-secret-pw',
        grant_type: 'password',
        client_id: 'portal-web',
        client_secret: 'portal-web-secret',
      },
    });
    const token = login.json().access_token as string;
    expect(login.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const basic = Buffer.from('portal-web:portal-web-secret').toString('base64');
    const basicLogin = await injectCall(app, issueTokenCall, {
      headers: { authorization: `Basic ${basic}` },
      body: { username: user.login, password: 'very-secret-pw', grant_type: 'password' },
    });
    expect(basicLogin.statusCode).toBe(200);
    await injectCall(app, getAccountCall, { headers: { authorization: `Bearer ${token}` } });
    await injectCall(app, getResetKeyUserCall, { params: { key: 'some-secret-reset-key-123' } });
    const all = logLines.join('');
    expect(all).toContain('"reqId"');
    expect(all).toContain('/api/webapp/users/reset-key/[redacted]');
    for (const secret of ['very-secret-pw', token, 'some-secret-reset-key-123', basic, 'portal-web-secret'])
      expect(all).not.toContain(secret);
  });
});
