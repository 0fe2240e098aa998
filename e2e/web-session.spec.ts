import { createAutoRuleCall, listSessionsCall } from '@portal/contract';
import { isCall, sendCall } from './api-calls';
import { apiLogin, DEMO_PASSWORD, expect, test } from './fixtures';

// The web session seen from inside the page (docs/product/accounts-and-sessions.md#web-session): whatever a script
// that got into the page runs, it finds no credential to read and cannot change anything from another site.
// Nothing here depends on the viewport.

const OLD_CLIENT_SECRET = 'portal-web-secret';

async function signInWithTheForm(page: import('@playwright/test').Page, email: string) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Senha' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
}

test('a script in the logged-in page finds no credential: storage, readable cookies, scripts and memory', {
  tag: '@one-viewport',
}, async ({ page, seed }) => {
  const world = await seed({ users: ['ana'], participations: false });
  await signInWithTheForm(page, world.email.ana);
  await page.evaluate(() => localStorage.setItem('portal.dismissed-notifications', '[1]'));
  const sessionId = (await page.context().cookies()).find((c) => c.name === '__Host-portal_session')?.value;
  expect(sessionId).toMatch(/^[\w-]{43}$/);

  // What any script of the page can read.
  const readable = await page.evaluate(() => ({
    localStorage: Object.keys(localStorage).sort(),
    sessionStorage: Object.keys(sessionStorage),
    cookie: document.cookie,
  }));
  expect(readable).toEqual({
    localStorage: ['portal.dismissed-notifications'],
    sessionStorage: [],
    cookie: '__Host-portal_signed_in=1',
  });

  // Every script the app loaded, as text: neither the old client secret nor the session.
  const scripts = await page.evaluate(async () => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.endsWith('.js'));
    return Promise.all(urls.map(async (url) => ({ url, text: await (await fetch(url)).text() })));
  });
  expect(scripts.length).toBeGreaterThan(3);
  for (const { url, text } of scripts) {
    expect(text.includes(OLD_CLIENT_SECRET), url).toBe(false);
    expect(text.includes(sessionId!), url).toBe(false);
  }

  // The page's JavaScript memory: a heap snapshot holds every string the page's scripts can reach.
  const cdp = await page.context().newCDPSession(page);
  let heap = '';
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => {
    heap += chunk;
  });
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  // The snapshot does hold the app's data (the account the page loaded): the search below can find things.
  expect(heap).toContain(world.email.ana);
  expect(heap).not.toContain(sessionId!);
  expect(heap).not.toContain(OLD_CLIENT_SECRET);
  expect(heap).not.toContain('access_token":"');
});

test('a page on another site cannot change anything with the session: the browser sends no cookie, the API refuses', {
  tag: '@one-viewport',
}, async ({ page, seed, request, baseURL }) => {
  const world = await seed({ users: ['ana'], participations: false });
  // Another session of Ana's (an API client): a cross-site "end every other session" would end it.
  const other = await apiLogin(request, world.email.ana);
  await signInWithTheForm(page, world.email.ana);

  const reached: { url: string; method: string; status: number; body: string }[] = [];
  page.on('response', async (response) => {
    // The dashboard's own reads may still arrive; the changes are what count.
    if (!response.url().startsWith(`${baseURL}/api/`) || response.request().method() === 'GET') return;
    reached.push({
      url: new URL(response.url()).pathname,
      method: response.request().method(),
      status: response.status(),
      body: await response.text().catch(() => ''),
    });
  });
  // The attacker's page: a script that tries the session's calls, and a form that posts one.
  await page.route('https://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Evil</title>
        <form id="f" method="POST" enctype="text/plain" action="${baseURL}/api/webapp/auto-rules">
          <input name='{"a":"' value='"}'>
        </form>
        <script>
          const tries = [
            fetch('${baseURL}/api/webapp/account/sessions', { method: 'DELETE', credentials: 'include' }),
            fetch('${baseURL}/api/webapp/account/sessions', {
              method: 'DELETE', credentials: 'include', headers: { 'x-requested-with': 'portal-web' } }),
            fetch('${baseURL}/api/webapp/auto-rules', {
              method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' }),
          ];
          Promise.allSettled(tries).then((results) => {
            document.title = results.map((r) => r.status).join(',');
            document.getElementById('f').submit();
          });
        </script>`,
    }),
  );
  const formPosted = page.waitForResponse(
    (response) => isCall(createAutoRuleCall, response) && response.request().isNavigationRequest(),
  );
  await page.goto('https://evil.example/');
  const posted = await formPosted;
  // SameSite=Strict: the form's request left without the cookie, so it is a stranger's.
  expect(posted.status()).toBe(401);
  expect(await posted.json()).toEqual({
    httpStatus: 401,
    message: 'error.http.unauthorized',
    code: 'error.http.unauthorized',
    fieldErrors: [],
    error_description: 'error.http.unauthorized',
  });
  // Whatever else reached the server was refused too (the DELETEs never leave: the browser's CORS check
  // stops them).
  for (const answer of reached) expect([401, 403], JSON.stringify(answer)).toContain(answer.status);
  expect(reached.filter((answer) => answer.method === 'DELETE')).toEqual([]);

  // Nothing changed: the other session lives, and the browser's own is still signed in.
  const sessions = await sendCall(
    request,
    listSessionsCall,
    {},
    { authorization: `Bearer ${other.access_token}` },
  );
  expect(sessions.status()).toBe(200);
  expect(await sessions.json()).toHaveLength(2);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
});
