import { checkScreen, expect, holdRequests, test } from './fixtures';

/*
 * The alphanumeric CNPJ as a supplier meets it (docs/product/identification.md): Helena's company Delta has
 * Receita Federal's own example, 12.ABC.345/01DE-35, and takes part in a program of Aurora, a buyer with an
 * alphanumeric CNPJ too. Shown with its mask in the header, on the program cards and in the company modal,
 * found there by what is typed in any case and punctuation.
 */
const DELTA = '12.ABC.345/01DE-35';
const AURORA = 'A7.R2N.9GX/0001-47';

// The mask and the search are string work, the same on any screen, and the CNPJ is as long as a numeric one:
// one viewport. The phone's program cards and company modal keep their 375 px scans (flow-program-selection,
// company.spec.ts), and company.spec.ts checks the CNPJ in the phone's header.
test(
  'an alphanumeric CNPJ is shown with its mask and found by the company search in any case',
  {
    tag: '@one-viewport',
  },
  async ({ page, seed, loginAs }, testInfo) => {
    const world = await seed({ users: ['helena'] });
    await loginAs(world.email.helena);
    await page.goto('/program-selection');
    const aurora = page.getByRole('link', { name: /Aurora Fornecedores/ });
    await expect(aurora).toBeVisible();
    await expect(aurora.getByText(AURORA)).toBeVisible();
    await expect(page.getByRole('banner').getByText(DELTA)).toBeVisible();
    await checkScreen(page, testInfo, 'alphanumeric-cnpj-programs', { fullPage: false });

    await page.getByRole('button', { name: 'Trocar empresa' }).click();
    const modal = page.getByRole('dialog', { name: 'Escolha a empresa' });
    await expect(modal.getByText(DELTA)).toBeVisible();
    const search = modal.getByRole('textbox', { name: 'Buscar por nome ou CNPJ/CPF' });
    for (const typed of ['12abc', '12.ABC.345/0', '12.abc.345/01de-35']) {
      await search.fill(typed);
      await expect(modal.getByRole('button', { name: /^Acessar / })).toHaveCount(1);
      await expect(modal.getByRole('button', { name: 'Acessar Delta Logística Ltda' })).toBeVisible();
    }
    await checkScreen(page, testInfo, 'alphanumeric-cnpj-search', { fullPage: false });
    await search.fill('12abd');
    await expect(modal.getByText('Nenhuma empresa encontrada.')).toBeVisible();
  },
);

// The welcome reads the query the same way on any screen: one viewport (playwright.config.ts, @one-viewport).
test('an invitation link with an alphanumeric CNPJ in any case shows it with its mask', {
  tag: '@one-viewport',
}, async ({ page, seed }) => {
  const world = await seed({ invites: ['demo-invite-open-1'], participations: false });
  const { release } = await holdRequests(page, '**/api/webapp/invites/*');
  await page.goto(
    `/accept-invite/${world.invite['demo-invite-open-1'].token}?companyName=Delta&identification=12.abc.345%2F01de-35`,
  );
  await expect(page.getByRole('heading', { name: 'Você recebeu um convite' })).toBeVisible();
  await expect(page.getByText(DELTA)).toBeVisible();
  await expect(page.getByText('CNPJ', { exact: true })).toBeVisible();
  release();
});
