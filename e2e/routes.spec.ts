import { checkScreen, expect, test } from './fixtures';

test('routes: not found, external redirects, the older front end’s pages', async ({ page }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/page-not-found$/);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await checkScreen(page, testInfo, 'page-not-found');
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();

  // The external sites are answered here: the test never leaves for the network.
  await page.route('https://cadastro.giro.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Cadastro</title><h1>Endereço</h1>' }),
  );
  await page.route('https://legado.giro.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Legado</title><h1>Portal anterior</h1>' }),
  );
  await page.goto('/company-address-manage');
  await expect(page).toHaveURL('https://cadastro.giro.example/empresa/endereco');
  // The shipped build has the older front end's pages on, as the product's routes say.
  await page.goto('/terms-webview');
  await expect(page).toHaveURL('https://legado.giro.example/fornecedor/termos');
  await page.goto('/credit-approved-detail');
  await expect(page).toHaveURL('https://legado.giro.example/fornecedor/credito-aprovado');
});

test('guards: authenticated pages need a token; the invoice pages need their navigation state', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  const world = await seed({ users: ['ana'], participations: false });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await loginAs(world.email.ana);
  await page.goto('/anticipation/invoices');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/anticipation/simulation');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/program-selection');
  await expect(page.getByRole('heading', { name: 'Programas de antecipação' })).toBeVisible();
});

test('a page that fails to load shows the error fallback with details and the support phone', async ({
  page,
}, testInfo) => {
  // A route module that cannot be fetched (a deploy replaced it, a proxy failed) is a page-level failure.
  await page.route(/\/assets\/not-found-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/page-not-found');
  await expect(page.getByRole('heading', { name: 'Algo deu errado nesta página' })).toBeVisible();
  await expect(page.getByText('Código do evento')).toBeVisible();
  await expect(page.getByText('Suporte: +55 11 4000-0000')).toBeVisible();
  await checkScreen(page, testInfo, 'error-fallback');
});
