import { storageKeys } from '../apps/web/src/lib/storage-keys';
import { checkScreen, expect, test } from './fixtures';
import { isPhone } from './flow-fixtures';

test('program selection: spinner, error with try-again, the list; choosing one opens its invoices with dismissible notices', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  // The first answer fails (a server hiccup); try again loads the list.
  let failures = 0;
  await page.route('**/api/webapp/programs/me/default', (route) =>
    failures++ === 0 ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  );
  await page.goto('/program-selection');
  await expect(page.getByRole('heading', { level: 1, name: 'Programas de antecipação' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Não foi possível carregar os programas.' }),
  ).toBeVisible();
  await checkScreen(page, testInfo, 'program-selection-error');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();

  const cards = page.getByRole('main').getByRole('link', { name: /Disponível para antecipar/ });
  await expect(cards).toHaveCount(4);
  const inactive = cards.filter({ hasText: 'Vale Verde Obras' });
  await expect(inactive).toContainText('Inativo');
  await expect(cards.filter({ hasText: 'Horizonte Logística' })).not.toContainText('Inativo');
  // The failed call's toast (2 s) has gone before the list is shot.
  await expect(page.getByRole('alert').filter({ hasText: 'Algo deu errado' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'program-selection');

  await cards.filter({ hasText: 'Horizonte Fornecedores' }).click();
  await expect(page).toHaveURL(/\/anticipation\/invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Horizonte Fornecedores' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Histórico de solicitações' })).toHaveAttribute(
    'href',
    /\/anticipation\/history\?providerId=\d+&programId=\d+$/,
  );

  // The organization's notice: dismissed once, it stays hidden after a reload (its id is in local storage).
  const notices = page.getByRole('region', { name: 'Avisos do programa' });
  await expect(notices.getByText('Antecipação disponível todos os dias')).toBeVisible();
  // The expired maintenance notice is not shown.
  await expect(page.getByText('Manutenção programada')).toHaveCount(0);
  await checkScreen(page, testInfo, 'invoices');
  await notices
    .getByRole('button', { name: 'Dispensar o aviso “Antecipação disponível todos os dias”' })
    .click();
  await expect(page.getByText('Antecipação disponível todos os dias')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.dismissedNotifications)).toMatch(
    /^\[\d+\]$/,
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Horizonte Fornecedores' })).toBeVisible();
  await expect(page.getByTestId('loaded-count')).toContainText(/30 de \d+/);
  await expect(page.getByText('Antecipação disponível todos os dias')).toHaveCount(0);

  // The columns of docs/product/screens-and-routes.md#invoices-page (a phone shows them as labelled facts on
  // each card).
  const columns = [
    'Nota fiscal',
    'Série',
    'Vencimento',
    'Valor original',
    'Desconto',
    'Antecipação',
    'Parcela',
    'Observação do pedido',
    'Sacado',
  ];
  if (isPhone(testInfo)) {
    const card = page.getByRole('listitem').first();
    for (const label of columns.filter((c) => !['Nota fiscal', 'Série', 'Sacado'].includes(c))) {
      await expect(card.getByText(label, { exact: true })).toBeVisible();
    }
    // Nothing is wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } else {
    const headers = page.getByRole('table', { name: 'Horizonte Fornecedores' }).getByRole('columnheader');
    await expect(headers).toHaveText(['Selecionar', ...columns.map((c) => new RegExp(`^${c}`))]);
  }
});
