import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getChatCall, getOrganizationInfoCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import { importDocument } from '../../src/modules/imports';
import { buildTestApp, injectCall } from '../app';
import { createOrganization } from '../factories';

/*
 * The support chat is a script from another site that every page loads (docs/decisions/security-headers.md): a
 * page's Content-Security-Policy lets in the origin of its organization's chat, when that chat is on, and
 * nothing else; every other answer keeps the strict policy. The page's organization is the web build's
 * (organization.json, written by the build), else the only one, as the web app's public calls resolve it.
 */

async function webDist(organizationJson?: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-chat-'));
  await fs.writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  if (organizationJson !== undefined)
    await fs.writeFile(path.join(dir, 'organization.json'), organizationJson);
  return dir;
}

const t = await buildTestApp({ WEB_DIST: await webDist() });
const acme = await createOrganization(t.db, {
  slug: 'acme',
  chatEnabled: true,
  chatScriptUrl: 'https://chat.example.test:8443/v2/widget.js?key=abc',
});

/** The policy's directives by name, each with its sources as one string. */
function directivesOf(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy'] ?? '');
  return new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
}

/** Today's policy of every answer, which a page with a chat extends in three directives only. */
const strict = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

const page = (url = '/', headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

const setChat = (id: number, chat: { chatEnabled?: boolean; chatScriptUrl?: string | null }) =>
  t.db.update(organizations).set(chat).where(eq(organizations.id, id));

describe('a page’s Content-Security-Policy and the support chat', () => {
  it('lets in the origin of the organization’s chat, not its path, on every page answer', async () => {
    const chatOrigin = 'https://chat.example.test:8443';
    const first = await page('/');
    expect(first.statusCode).toBe(200);
    const revalidated = await page('/', { 'if-none-match': String(first.headers.etag) });
    // A 304's headers replace the cached page's: it carries the policy too.
    expect(revalidated.statusCode).toBe(304);
    for (const res of [first, revalidated, await page('/dashboard'), await page('/index.html')]) {
      expect(Object.fromEntries(directivesOf(res.headers))).toEqual({
        ...strict,
        'script-src': `'self' ${chatOrigin}`,
        'connect-src': `'self' ${chatOrigin}`,
        'frame-src': `'self' ${chatOrigin}`,
      });
      expect(res.headers['content-security-policy']).not.toMatch(/v2|widget|key=|\*/);
    }
  });

  it('keeps the strict policy on answers that are not pages, the chat’s own call included', async () => {
    for (const res of [
      await injectCall(t.app, getChatCall, {}),
      await injectCall(t.app, getOrganizationInfoCall, {}),
      await t.app.inject({ url: '/api/webapp/nothing', headers: { accept: 'text/html' } }),
    ]) {
      expect(Object.fromEntries(directivesOf(res.headers))).toEqual(strict);
    }
  });

  it('leaves the origin out when the chat is off', async () => {
    await setChat(acme.id, { chatEnabled: false });
    const res = await page('/');
    expect(Object.fromEntries(directivesOf(res.headers))).toEqual(strict);
    expect(res.headers['content-security-policy']).not.toContain('chat.example.test');
    await setChat(acme.id, { chatEnabled: true });
  });

  it('leaves out an address the import refuses, should a row hold one: plain http, a wildcard, a directive', async () => {
    for (const chatScriptUrl of [
      'http://chat.example.test/widget.js',
      'https://*.chat.example.test/widget.js',
      "https://chat.example.test;script-src 'unsafe-inline'/widget.js",
      'https://user:secret@chat.example.test/widget.js',
    ]) {
      await setChat(acme.id, { chatScriptUrl });
      const res = await page('/');
      expect(res.statusCode, chatScriptUrl).toBe(200);
      expect(Object.fromEntries(directivesOf(res.headers)), chatScriptUrl).toEqual(strict);
    }
    await setChat(acme.id, { chatScriptUrl: 'https://chat.example.test:8443/v2/widget.js?key=abc' });
  });

  it('with several organizations and a build that names none: no organization, no chat', async () => {
    await createOrganization(t.db, {
      slug: 'beta',
      chatEnabled: true,
      chatScriptUrl: 'https://b.example.test/w.js',
    });
    expect(Object.fromEntries(directivesOf((await page('/')).headers))).toEqual(strict);
  });
});

describe('the organization of a build that names one (organization.json)', async () => {
  const named = await buildTestApp({ WEB_DIST: await webDist('{"slug":"beta"}\n') });
  await createOrganization(named.db, {
    slug: 'acme',
    chatEnabled: true,
    chatScriptUrl: 'https://a.example.test/w.js',
  });
  await createOrganization(named.db, {
    slug: 'beta',
    chatEnabled: true,
    chatScriptUrl: 'https://b.example.test/w.js',
  });

  it('is the page’s organization, among several', async () => {
    const res = await named.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
    expect(directivesOf(res.headers).get('script-src')).toBe("'self' https://b.example.test");
    expect(res.headers['content-security-policy']).not.toContain('a.example.test');
  });
});

describe('the import', () => {
  const organization = (scriptUrl: string) => ({
    slug: 'gamma',
    name: 'Gamma',
    timezone: 'America/Sao_Paulo',
    supportPhone: '+55 11 4000-0000',
    calendar: { open: '08:00', businessDaysOnly: true },
    terms: { version: '1', summaryHtml: '<p>Termos</p>', fullUrl: 'https://gamma.example.test/termos' },
    chat: { enabled: true, scriptUrl },
  });
  const importChat = (scriptUrl: string) =>
    importDocument(t.db, { organizations: [organization(scriptUrl)] }, { clock: t.clock, notify: false });

  it('refuses a chat script that is not https, or whose origin a CSP cannot name, and writes nothing', async () => {
    await expect(importChat('http://chat.example.test/widget.js')).rejects.toThrow(
      'organizations[0].chat.scriptUrl: validation.url.https: not an https:// URL (got "http://chat.example.test/widget.js")',
    );
    await expect(importChat('https://*.chat.example.test/widget.js')).rejects.toThrow(
      /^organizations\[0\]\.chat\.scriptUrl: validation\.url\.invalid: /,
    );
    expect(await t.db.select().from(organizations).where(eq(organizations.slug, 'gamma'))).toEqual([]);
  });

  it('takes an https script', async () => {
    await importChat('https://chat.example.test/widget.js');
    const [gamma] = await t.db.select().from(organizations).where(eq(organizations.slug, 'gamma'));
    expect(gamma?.chatScriptUrl).toBe('https://chat.example.test/widget.js');
  });
});
