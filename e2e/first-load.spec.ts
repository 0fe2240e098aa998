import { recordScripts, totalBytes } from './first-load-scripts';
import { DEMO_PASSWORD, expect, expectAccessible, holdRequests, screenshot, test } from './fixtures';
import { openInvite } from './invite-steps';

const budget = 150 * 1024;

/**
 * The JavaScript the browser fetches to show / (login), as it comes over the wire: compressed, as the server
 * sends it. Issue 7's budget is 150 KiB; the strength meter's dictionaries, the charts and the other pages must
 * stay out of it (dynamic imports). docs/decisions/web-first-load.md says what it carries.
 */
test(
  'the first load of / stays within 150 KiB of compressed script',
  { tag: '@one-viewport' },
  async ({ page }, testInfo) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes = await scripts();
    const total = totalBytes(sizes);
    const report = sizes
      .map(
        (size) =>
          `${(size.bytes / 1024).toFixed(1).padStart(7)} KiB ${size.encoding.padEnd(4)} ${size.script}`,
      )
      .join('\n');
    await testInfo.attach('first-load-js.txt', {
      body: `${report}\n${(total / 1024).toFixed(1)} KiB in total\n`,
    });
    console.log(
      `[${testInfo.project.name}] first load of /: ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KiB`,
    );
    expect(sizes.every((size) => size.encoding === 'br')).toBe(true);
    expect(sizes.some((size) => /zxcvbn|language-common|portfolio-chart/.test(size.script))).toBe(false);
    expect(total).toBeLessThanOrEqual(budget);
  },
);

// The server's drawing of / and the app taking it over: the same on any screen.
test('before the app’s script has run, / shows the login the server drew, which the app takes over as it is', {
  tag: '@one-viewport',
}, async ({ page }) => {
  // The shell script is held: what a slow connection shows for a second or more.
  const { release } = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Acesse sua conta' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Carregando' })).toHaveCount(0);
  await expect(page).toHaveTitle('Acesse sua conta · Portal do Fornecedor');
  // Hydrated, not drawn again: the server's heading is still in the page, now with React's fiber on it.
  const drawn = await heading.elementHandle();
  release();
  await expect
    .poll(() =>
      drawn?.evaluate(
        (element) =>
          element.isConnected && Object.keys(element).some((key) => key.startsWith('__reactFiber')),
      ),
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe a senha.')).toBeVisible();
});

/** The shell script, which is the app: without it the page stays the server's and its forms are the browser's. */
const shellScript = /\/assets\/index-[\w-]+\.js$/;

// The login form posts (method="post"): typed before the app took the page over, it is the browser's own submit,
// which the server signs in with (docs/decisions/server-drawn-pages.md#login-posted-before-take-over).
test('a login typed before the app has taken / over lands signed in, the password never in the address', {
  tag: '@one-viewport',
}, async ({ page, seed }) => {
  const world = await seed({ users: ['ana'], participations: false });
  // The app never takes this page over: its script does not arrive.
  await page.route(shellScript, (route) => route.abort());
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(world.email.ana);
  await page.getByRole('textbox', { name: 'Senha' }).fill(DEMO_PASSWORD);
  // The page the answer leads to runs the app as usual.
  await page.unroute(shellScript);
  const [posted] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST'),
    page.getByRole('textbox', { name: 'Senha' }).press('Enter'),
  ]);
  expect(posted.status()).toBe(303);
  expect(await posted.headerValue('location')).toBe('/');
  expect(posted.request().postData()).toContain('email=');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  const session = (await page.context().cookies()).find((cookie) => cookie.name === '__Host-portal_session');
  expect(session).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'Strict' });
  expect(page.url()).not.toContain(DEMO_PASSWORD);
});

test('a wrong password typed before the app has taken / over: the login drawn again with the app’s message, then taken over', async ({
  page,
  seed,
}, testInfo) => {
  const world = await seed({ users: ['ana'], participations: false });
  // React reports a page it could not take over as drawn (a hydration mismatch) on the console. The browser's
  // own lines for the script aborted here and the refusal's 401 are not the page's errors.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      consoleErrors.push(message.text());
  });
  await page.route(shellScript, (route) => route.abort());
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(world.email.ana);
  await page.getByRole('textbox', { name: 'Senha' }).fill('wrong-password-1');
  await page.unroute(shellScript);
  // The answer's page is held without its script too, to see what the server drew.
  const { release } = await holdRequests(page, shellScript);
  const [posted] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST'),
    page.getByRole('textbox', { name: 'Senha' }).press('Enter'),
  ]);
  expect(posted.status()).toBe(401);
  expect(await posted.text()).not.toContain('wrong-password-1');
  const message = page.getByRole('alert').filter({ hasText: 'Usuário e/ou senha inválidos.' });
  await expect(message).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(world.email.ana);
  await expect(page.getByRole('textbox', { name: 'Senha' })).toHaveValue('');
  await screenshot(page, testInfo, 'login-drawn-refusal');
  await expectAccessible(page);
  // Taken over as it was drawn: the server's message is still in the page, now with React's fiber on it.
  const drawn = await message.elementHandle();
  release();
  await expect
    .poll(() =>
      drawn?.evaluate(
        (element) =>
          element.isConnected && Object.keys(element).some((key) => key.startsWith('__reactFiber')),
      ),
    )
    .toBe(true);
  await expect(message).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(world.email.ana);
  // The app's form from now on: the right password signs in through the app's own call.
  await page.getByRole('textbox', { name: 'Senha' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(consoleErrors).toEqual([]);
});

test('a refused login drawn by the server is in the language chosen before (its cookie)', {
  tag: '@one-viewport',
}, async ({ page, seed, useLocale }) => {
  const world = await seed({ users: ['ana'], participations: false });
  await useLocale('en');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.route(shellScript, (route) => route.abort());
  await page.reload();
  await page.getByRole('textbox', { name: 'Email' }).fill(world.email.ana);
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password-2');
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid user and/or password.' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the server draws / in the language chosen before (its cookie), which the app keeps', {
  tag: '@one-viewport',
}, async ({ page, useLocale }) => {
  await useLocale('en');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  // The choice is a cookie from then on, so the next page comes from the server in English before any script.
  const { release } = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  release();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
});

// The invitation's welcome, drawn from its address while the invite loads (docs/decisions/server-drawn-pages.md).
test('before the app’s script has run, the invitation shows the welcome the server drew from its query, which the app takes over', async ({
  page,
  seed,
}, testInfo) => {
  const invite = await openInvite(seed, testInfo);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const { release } = await holdRequests(page, shellScript);
  // The invite's own answer waits too, so the drawn welcome and the app's loading one can be compared.
  const held = await holdRequests(page, '**/api/webapp/invites/*');
  await page.goto(
    `/accept-invite/${invite.token}?companyName=${encodeURIComponent(invite.company)}&identification=${invite.identification}&organizationName=Giro%20Demo`,
    { waitUntil: 'commit' },
  );
  const heading = page.getByRole('heading', { name: 'Você recebeu um convite' });
  await expect(heading).toBeVisible();
  await expect(page.getByText(invite.company, { exact: true })).toBeVisible();
  await expect(page.getByText(invite.identificationShown)).toBeVisible();
  await expect(page.getByText('Giro Demo', { exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Verificando o convite…');
  await expect(page.getByRole('button', { name: 'Começar' })).toBeDisabled();
  await expect(page).toHaveTitle('Convite · Portal do Fornecedor');
  await screenshot(page, testInfo, 'invite-drawn');
  await expectAccessible(page);
  const drawn = await heading.elementHandle();
  release();
  await expect
    .poll(() =>
      drawn?.evaluate(
        (element) =>
          element.isConnected && Object.keys(element).some((key) => key.startsWith('__reactFiber')),
      ),
    )
    .toBe(true);
  held.release();
  await expect(page.getByRole('button', { name: 'Começar' })).toBeEnabled();
  await expect(page.getByText(invite.companyName, { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the invitation drawn from a hostile query shows it as text and runs none of it', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const hostile = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
  await page.route(shellScript, (route) => route.abort());
  const response = await page.goto(
    `/accept-invite/no-such-invite?companyName=${encodeURIComponent(hostile)}`,
  );
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByText(hostile, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  // Drawn for each request: another query, another welcome.
  await page.goto('/accept-invite/no-such-invite?companyName=Gama%20Ltda');
  await expect(page.getByText('Gama Ltda', { exact: true })).toBeVisible();
  await expect(page.getByText(hostile, { exact: true })).toHaveCount(0);
});

// A page the server does not draw yet: index.html's indicator and its replacement by the app.
test('before the app’s script has run, another page shows index.html’s loading indicator, which the app replaces', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const { release } = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/forgot-password', { waitUntil: 'commit' });
  const indicator = page.getByRole('status', { name: 'Carregando' });
  await expect(indicator).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
  await expect(indicator).toHaveCount(0);
});

test('Latin text loads one font file, the portal’s cut of Inter (src/fonts/README.md), preloaded', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([expect.stringMatching(/^\/assets\/inter-latin-400-700-[\w-]+\.woff2$/)]);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    const families: string[] = [];
    document.fonts.forEach((font) => {
      if (font.status === 'loaded') families.push(font.family);
    });
    return families;
  });
  expect(loaded).toEqual(['Inter Latin']);
});

// docs/decisions/web-first-load.md#compile-hints: V8 reads the hint only as the file's first line.
test('the shell and the provider layout’s chunk arrive with Chrome’s compile hint as their first line', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const hint = '//# allFunctionsCalledOnLoad\n';
  const shellResponse = page.waitForResponse(/\/assets\/index-[\w-]+\.js$/);
  await page.goto('/');
  const shell = await shellResponse;
  expect(shell.headers()['content-encoding']).toBe('br');
  const shellCode = await shell.text();
  expect(shellCode.startsWith(hint)).toBe(true);
  const chunkOf = (name: string) => {
    const file = shellCode.match(new RegExp(`assets/${name}-[\\w-]+\\.js`))?.[0];
    if (!file) throw new Error(`the shell names no ${name} chunk`);
    return file;
  };
  const layout = await page.request.get(`/${chunkOf('provider-layout')}`, {
    headers: { 'accept-encoding': 'br' },
  });
  expect(layout.headers()['content-encoding']).toBe('br');
  expect((await layout.text()).startsWith(hint)).toBe(true);
  // A page's own chunk has no hint: only the code every provider page runs as it loads.
  const dashboard = await page.request.get(`/${chunkOf('dashboard')}`);
  expect(dashboard.ok()).toBe(true);
  expect((await dashboard.text()).startsWith('//#')).toBe(false);
});
