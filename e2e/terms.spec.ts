import { checkScreen, expect, screenshot, test } from './fixtures';

test('terms gating: a provider who has not accepted the terms accepts them before anything else', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  // Bruna has not accepted the terms; a copy of her of this test's own accepts them.
  const world = await seed({ users: ['bruna'], participations: false });
  await loginAs(world.email.bruna);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/accept-terms-of-use$/);
  await expect(page.getByRole('heading', { name: 'Termos de uso' })).toBeVisible();
  await expect(page.getByText('Ao usar o portal você declara')).toBeVisible();
  const fullTerms = page.getByRole('link', { name: /Ler os termos completos/ });
  await expect(fullTerms).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('button', { name: 'Continuar' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'accept-terms');

  await page.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).check();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await screenshot(page, testInfo, 'accept-terms-checked');

  // Until they are accepted, every page leads back to them.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/accept-terms-of-use$/);
  await page.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Olá, Bruna!' })).toBeVisible();
});

test('the full terms open the organization terms address through /full-terms', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await page.route('https://demo.giro.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Termos</title><h1>Termos completos</h1>' }),
  );
  await page.goto('/full-terms');
  await expect(page).toHaveURL('https://demo.giro.example/termos/2026-01');
});
