import type { ImportFileInput } from '@portal/contract';
import { checkScreen, expect, test } from './fixtures';
import { expectDashboardDrawn, invoiceBoxes, openInvoices, program, simulateBar } from './flow-fixtures';

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

// Wording, not layout: one viewport.
test('the average term of one day reads in the singular, in each language', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  // One invoice due the day after the payment date: APP_NOW is Monday 23/11/2026, the program pays in 1 day.
  const world = await seed({
    extra: ({ tag }): ImportFileInput => {
      const company = `e2e-um-dia-${tag}`;
      // program() spells its enums as plain strings; the importer checks them.
      return {
        companies: [
          {
            ref: company,
            organization: 'demo',
            name: 'Um Dia Ltda',
            type: 'CORPORATION',
            identification: '11444777000161',
            canAnticipate: true,
            bankAccount: { bank: '001', branch: '1234', account: '55555-5' },
          },
        ],
        users: [
          {
            organization: 'demo',
            email: `um-dia.${tag}@e2e.test`,
            password: 'demo1234',
            firstName: 'Íris',
            fullName: 'Íris Um Dia',
            activated: true,
            authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
            acceptedTerms: true,
            companies: [company],
            defaultCompany: company,
          },
        ],
        programs: [program(`e2e-um-dia-${tag}`, 'E2E Um Dia')],
        programProviders: [
          {
            ref: `e2e-um-dia-pp-${tag}`,
            program: `e2e-um-dia-${tag}`,
            company,
            status: 'ACTIVATED',
            providerCanNotAnticipateHtml: null,
          },
        ],
        credits: [
          {
            ref: `e2e-um-dia-c-${tag}`,
            programProvider: `e2e-um-dia-pp-${tag}`,
            nfNumber: '7001',
            nfSerial: '1',
            installmentNumber: 1,
            orderDetail: null,
            issueDate: '2026-11-10',
            expireDate: '2026-11-25',
            originalValue: '1000.00',
            kind: 'GOODS',
            status: 'AVAILABLE',
          },
        ],
      } as ImportFileInput;
    },
  });
  await loginAs(`um-dia.${world.tag}@e2e.test`);
  await openInvoices(page, 'E2E Um Dia');
  await invoiceBoxes(page).first().check();
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
  const totals = page.getByRole('region', { name: 'Resumo da antecipação' });
  await expect(totals.getByText('Prazo médio', { exact: true })).toBeVisible();
  await expect(totals.getByText('1 dia', { exact: true })).toBeVisible();
  await expect(totals.getByText('1 dias', { exact: true })).toHaveCount(0);

  const language = page.getByRole('combobox', { name: /^(Idioma|Language)$/ });
  for (const [locale, term, wrong] of [
    ['pt-PT', '1 dia', '1 dias'],
    ['en', '1 day', '1 days'],
    ['en-ZA', '1 day', '1 days'],
  ] as const) {
    await language.selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByText(term, { exact: true })).toBeVisible();
    await expect(page.getByText(wrong, { exact: true })).toHaveCount(0);
  }
});
