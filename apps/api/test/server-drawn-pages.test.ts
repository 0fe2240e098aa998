import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { errorBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './app';

/*
 * The pages the web build's server entry draws (docs/decisions/server-drawn-pages.md): the API loads
 * dist/server/entry-server.mjs from WEB_DIST as it serves the build's files, asks it for the pages it lists,
 * and puts the drawing into index.html. Here a stand-in entry draws `/` in the language its cookie names.
 */

const index =
  '<!doctype html>\n<html lang="pt-BR">\n<head><title>Portal</title></head>\n<body>\n' +
  '<div id="root">\n<div class="boot" role="status"><svg></svg></div>\n</div>\n</body>\n</html>\n';

const entry = `
export const drawnPaths = ['/'];
export async function drawPage(url, cookie) {
  if (url.includes('skip')) return null;
  const lang = /portal_locale=en/.test(cookie ?? '') ? 'en' : 'pt-BR';
  const words = lang === 'en' ? 'Log in' : 'Acesse sua conta';
  return { lang, title: words + ' · Portal', html: '<main><h1>' + words + '</h1>' + 'x'.repeat(3000) + '</main>' };
}
`;

async function webDist() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-drawn-'));
  await fs.mkdir(path.join(dir, 'server'));
  await fs.writeFile(path.join(dir, 'index.html'), index);
  await fs.writeFile(path.join(dir, 'server', 'entry-server.mjs'), entry);
  return dir;
}

const t = await buildTestApp({ WEB_DIST: await webDist() });
const page = { accept: 'text/html' };

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

  it('answers a form posted to a drawn page before the app took it over with the page again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ana%40demo.test&password=secret',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.body).toBe('');
  });
});
