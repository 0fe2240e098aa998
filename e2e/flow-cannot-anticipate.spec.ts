import { checkScreen, expect, test } from './fixtures';

test('a company that cannot anticipate: the dashboard names it and offers no programs', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['gabriel'] });
  await loginAs(world.email.gabriel);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Gabriel!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Antecipação indisponível' })).toContainText(
    'A empresa Gama Comércio Ltda (CNPJ/CPF 17.645.209/0001-05) não está habilitada para antecipar títulos.',
  );
  await expect(page.getByRole('region', { name: 'Seus programas' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Calcular/ })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Sua carteira nos últimos 3 meses' }).locator('.recharts-surface'),
  ).toBeVisible();
  await checkScreen(page, testInfo, 'dashboard-cannot-anticipate');
});
