import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:18200';
const [,, path = '/', out = '/tmp/shots/a.png', width = '1280', login = ''] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
if (login) {
  const res = await page.request.post(base + '/api/oauth/token', { form: { username: login, password: 'demo1234', grant_type: 'password', scope: 'read write', client_id: 'portal-web', client_secret: 'portal-web-secret' } });
  const t = await res.json();
  await page.addInitScript((t) => localStorage.setItem('portal.auth-token', JSON.stringify({ access_token: t.access_token, expires_in: t.expires_in, expires_at: Date.now() + t.expires_in * 1000 })), t);
}
await page.goto(base + path);
await page.waitForTimeout(2500);
console.log('url:', page.url());
await page.screenshot({ path: out, fullPage: true });
await browser.close();
