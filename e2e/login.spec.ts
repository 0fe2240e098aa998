import { getDefaultCompanyCall } from '@portal/contract';
import { isCall } from './api-calls';
import { checkScreen, DEMO_PASSWORD, expect, screenshot, test } from './fixtures';

// The login spec drives the form itself; every other spec logs in through the API.
test.describe('login', () => {
  test('a provider with accepted terms lands on the dashboard', async ({ page, seed }, testInfo) => {
    const world = await seed({ users: ['ana'], participations: false });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Por que antecipar com o Giro' })).toBeVisible();
    await checkScreen(page, testInfo, 'login');

    const companyCalls: string[] = [];
    page.on('request', (request) => {
      if (isCall(getDefaultCompanyCall, request)) companyCalls.push(request.url());
    });
    await page.getByRole('textbox', { name: 'E-mail' }).fill(world.email.ana);
    await page.getByRole('textbox', { name: 'Senha' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seus programas' })).toBeVisible();
    // Asked for once, after the login loaded the account: the route's prefetch and the layout share the query.
    expect(companyCalls).toHaveLength(1);
    // The dashboard's content and its checks belong to e2e/flow-dashboard.spec.ts; here, the header.
    await expect(page.getByRole('banner').getByText('Alfa Componentes Ltda')).toBeVisible();
    await expect(page.getByRole('banner').getByText('21.534.876/0001-98')).toBeVisible();
    // The session is the HttpOnly cookie the API set (docs/product/accounts-and-sessions.md#web-session): the
    // page sees only the hint that one exists, and its storage holds nothing of it.
    const session = (await page.context().cookies()).find(
      (cookie) => cookie.name === '__Host-portal_session',
    );
    expect(session).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(session!.value).toMatch(/^[\w-]{43}$/);
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan((86_400 - 60) * 1000);
    expect(await page.evaluate(() => document.cookie)).toBe('__Host-portal_signed_in=1');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  });

  test('the form shows its errors only after a submit; a wrong password gets the invalid-login toast', async ({
    page,
    seed,
  }, testInfo) => {
    const world = await seed({ users: ['ana'], participations: false });
    await page.goto('/');
    const email = page.getByRole('textbox', { name: 'E-mail' });
    await email.fill('ana@');
    await expect(page.getByText('Informe um e-mail válido.')).toBeHidden();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
    await expect(page.getByText('Informe a senha.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();
    await checkScreen(page, testInfo, 'login-validation');

    await email.fill(world.email.ana);
    await page.getByRole('textbox', { name: 'Senha' }).fill('wrong-password');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Usuário e/ou senha inválidos.' })).toBeVisible();
    await screenshot(page, testInfo, 'login-wrong-password');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.context().cookies()).toEqual([]);
  });

  test('an account not yet activated gets the blocking message with the support phone', async ({
    page,
    seed,
  }, testInfo) => {
    const world = await seed({ users: ['diego'], participations: false });
    await page.goto('/');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(world.email.diego);
    await page.getByRole('textbox', { name: 'Senha' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Seu cadastro ainda não foi ativado.')).toBeVisible();
    await expect(dialog.getByText('Precisa de ajuda? Ligue para +55 11 4000-0000.')).toBeVisible();
    await checkScreen(page, testInfo, 'blocking-not-activated', { fullPage: false });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  });

  test('a user without ROLE_PROVIDER is sent to the giro-api address', { tag: '@one-viewport' }, async ({
    page,
    seed,
  }) => {
    const world = await seed({ users: ['eva'], participations: false });
    // The external site is answered here: the test never leaves for the network.
    await page.route('https://giro.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Giro API</title><h1>Giro API</h1>' }),
    );
    await page.goto('/');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(world.email.eva);
    await page.getByRole('textbox', { name: 'Senha' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL('https://giro.example/api');
    await expect(page.getByRole('heading', { name: 'Giro API' })).toBeVisible();
  });
});
