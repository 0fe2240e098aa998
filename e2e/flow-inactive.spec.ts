import { checkScreen, expect, test } from './fixtures';
import { invoiceBoxes, openInvoices, simulateBar } from './flow-fixtures';

test('an inactive participation: the message, the program’s own text, no selection and the inactivated simulate bar', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await openInvoices(page, 'Vale Verde Obras');
  const notice = page.getByRole('status').filter({ hasText: 'Antecipação indisponível neste programa' });
  await expect(notice).toContainText(
    'A participação da sua empresa no programa Vale Verde Obras está inativa',
  );
  // The program's HTML message for the company, sanitised.
  await expect(notice).toContainText('está suspensa enquanto a Construtora Vale Verde revisa o cadastro');
  await expect(invoiceBoxes(page).first()).toBeDisabled();
  const bar = simulateBar(page);
  await expect(bar).toContainText('Participação inativa: não é possível simular neste programa.');
  await expect(bar.getByRole('button')).toHaveCount(0);
  await expect(bar.getByRole('link', { name: 'Ver solicitações realizadas' })).toBeVisible();
  await checkScreen(page, testInfo, 'invoices-inactive', { fullPage: false });
});
