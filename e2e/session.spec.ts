import { buildPath, endWebSessionCall, getDefaultCompanyCall } from '@portal/contract';
import { callOf, sendCall } from './api-calls';
import { checkScreen, expect, holdRequests, test } from './fixtures';

test('auto-login: with a session, / shows the auto-login screen and goes on to the dashboard', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'], participations: false });
  await loginAs(world.email.ana);
  // Hold the account answer until the auto-login screen was looked at, so the check does not race it.
  const { release } = await holdRequests(page, '**/api/webapp/account');
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Entrando na sua conta…' })).toBeVisible();
  await checkScreen(page, testInfo, 'auto-login');
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unroute('**/api/webapp/account');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

// A session ended and local storage cleared: the same on any screen (the profile's exit is in its sidebar on
// both).
test('logout from the profile clears the session; a reload stays logged out', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  const world = await seed({ users: ['ana'], participations: false });
  await loginAs(world.email.ana);
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Ana Souza');
  await page.evaluate(() => localStorage.setItem('portal.dismissed-notifications', '[1]'));
  const logout = page.waitForResponse(callOf(endWebSessionCall));
  await page
    .getByRole('navigation', { name: 'Seções do perfil' })
    .getByRole('button', { name: 'Sair' })
    .click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  // The server ended the session and cleared both cookies; the page keeps nothing of it.
  expect(
    await page.evaluate(() => [document.cookie, localStorage.getItem('portal.dismissed-notifications')]),
  ).toEqual(['', null]);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a session revoked elsewhere shows the blocking unauthorized error, whose action returns to /', async ({
  page,
  seed,
  loginAs,
  request,
}, testInfo) => {
  const world = await seed({ users: ['carlos'], participations: false });
  const session = await loginAs(world.email.carlos);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olá, Carlos!' })).toBeVisible();
  // The greeting shows before the sections' calls answer: revoking then would make one of those calls the
  // first to meet the revoked token, on the dashboard, racing the click below. The sections are the last to
  // arrive (they replace their skeleton together once every call has answered).
  await expect(page.getByRole('region', { name: 'Sua carteira nos últimos 3 meses' })).toBeVisible();
  // Ended elsewhere (another tab's logout): this tab still holds the cookie of a dead session.
  expect((await sendCall(request, endWebSessionCall, {}, session.headers)).status()).toBe(200);

  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('link', { name: 'Meu perfil' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Sua sessão expirou. Entre novamente.')).toBeVisible();
  await checkScreen(page, testInfo, 'blocking-unauthorized', { fullPage: false });
  await dialog.getByRole('button', { name: 'Entrar novamente' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a fresh load of /dashboard asks for the session and the company while the layout’s code is still coming, once each', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/webapp/')) calls.push(pathname.replace('/api/webapp/', ''));
  });
  // The layout's data goes out with its code (app/route-data.ts), not once the layout has arrived.
  const { release } = await holdRequests(page, /\/assets\/provider-layout-[\w-]+\.js$/);
  await page.goto('/dashboard');
  const layoutData = ['account', 'accepted-terms', 'companies/default'];
  await expect.poll(() => layoutData.filter((call) => !calls.includes(call))).toEqual([]);
  release();
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Seus programas' })).toBeVisible();
  // The layout reads what was asked for: nothing twice.
  for (const call of layoutData) expect(calls.filter((asked) => asked === call)).toHaveLength(1);
});

test('a user without ROLE_PROVIDER who opens a provider page is never asked a company for (no false access.denied)', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  const world = await seed({ users: ['eva'], participations: false });
  await loginAs(world.email.eva);
  await page.route('https://giro.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Giro API</title><h1>Giro API</h1>' }),
  );
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/webapp/')) calls.push(pathname);
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL('https://giro.example/api');
  expect(calls).not.toContain(buildPath(getDefaultCompanyCall));
});
