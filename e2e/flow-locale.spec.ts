import { checkScreen, expect, test } from './fixtures';
import { expectDashboardDrawn, invoiceBoxes, simulateBar } from './flow-fixtures';

test('en-ZA: the flow in South African English, with its number format and programme wording', async ({
  page,
  seed,
  loginAs,
  useLocale,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await useLocale('en-ZA');
  await loginAs(world.email.ana);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ana!' })).toBeVisible();
  const programs = page.getByRole('region', { name: 'Your programmes' });
  await expect(programs.getByRole('link', { name: 'See all programmes' })).toBeVisible();
  // Decimal comma and space grouping (CLDR en-ZA), the organization's currency (reais).
  await expect(programs.getByRole('link', { name: /Horizonte Fornecedores/ })).toContainText(
    /R\$\d{1,3}(\s\d{3})*,\d{2}/,
  );
  await expect(
    page
      .getByRole('table', { name: 'Next invoices due' })
      .or(page.getByRole('list', { name: 'Next invoices due' })),
  ).toBeVisible();
  await expectDashboardDrawn(page);
  await checkScreen(page, testInfo, 'dashboard-en-ZA');

  await programs.getByRole('link', { name: /Horizonte Logística/ }).click();
  await expect(
    page.getByText('Invoices open for early settlement · Buyer: Horizonte Alimentos S.A.'),
  ).toBeVisible();
  await invoiceBoxes(page)
    .or(page.getByRole('checkbox', { name: /^Select invoice / }))
    .first()
    .check();
  await expect(
    simulateBar(page).or(page.getByRole('region', { name: 'Selection to simulate' })),
  ).toContainText('1 invoice selected');
  await page.getByRole('button', { name: 'Quote selected' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Early settlement quote' })).toBeVisible();
  await expect(page.getByText('Net amount you receive').first()).toBeVisible();
  await expect(page.getByText('Paid within 2 business days')).toBeVisible();
  await checkScreen(page, testInfo, 'simulation-en-ZA');
});
