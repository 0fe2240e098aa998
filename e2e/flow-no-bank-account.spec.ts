import { checkScreen, expect, test } from './fixtures';
import { invoiceBoxes, openInvoices, simulateBar } from './flow-fixtures';

test('a company without a bank account: the simulation says so before Confirm, with what to do', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  // Bia acts for the test's copy of Beta Serviços, which has no bank account (the demo's ana has it second).
  const world = await seed({
    users: ['ana'],
    extra: ({ tag, companyRef }) => ({
      users: [
        {
          organization: 'demo',
          email: `bia.${tag}@e2e.test`,
          password: 'demo1234',
          firstName: 'Bia',
          fullName: 'Bia Beta',
          activated: true,
          authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
          acceptedTerms: true,
          companies: [companyRef('beta')],
          defaultCompany: companyRef('beta'),
        },
      ],
    }),
  });
  await loginAs(`bia.${world.tag}@e2e.test`);
  await openInvoices(page, 'Horizonte Fornecedores');
  await invoiceBoxes(page).first().check();
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();

  await expect(page).toHaveURL(/\/anticipation\/simulation$/);
  const notice = page.getByRole('status').filter({ hasText: 'Cadastre uma conta bancária para solicitar' });
  await expect(notice).toContainText(
    'A empresa Beta Serviços ME não tem conta bancária cadastrada, e a antecipação é paga nela. Cadastre uma conta bancária em Perfil > Conta bancária e simule novamente para solicitar.',
  );
  const register = notice.getByRole('link', { name: 'Cadastrar conta bancária (abre em nova aba)' });
  await expect(register).toHaveAttribute('href', '/company-bank-account-manage');
  await expect(register).toHaveAttribute('target', '_blank');
  // The figures are there, but the request cannot be made: the button says why, and no panel opens.
  await expect(page.getByTestId('net-amount')).toHaveText(/^R\$/);
  const requestButton = page.getByRole('button', { name: 'Solicitar antecipação' });
  await expect(requestButton).toBeDisabled();
  await expect(requestButton).toHaveAccessibleDescription(
    'Sem conta bancária cadastrada, não é possível solicitar.',
  );
  await expect(page.getByRole('region', { name: 'Confirme a solicitação' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'simulation-no-bank-account');
});
