import { type CreditSort, listCreditsCall } from '@portal/contract';
import { checkScreen, expect, test } from './fixtures';
import { apiSession, invoiceBoxes, isPhone, openInvoices, simulateBar, sortButton } from './flow-fixtures';

const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
const boxName = (credit: { nfNumber: string; installmentNumber: number }) =>
  `Selecionar a nota ${credit.nfNumber}, parcela ${credit.installmentNumber}`;

test('invoices: server-side sort cycles ascending, descending, none; selection toggles, resets on sort, select all and all-but-one', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const main = await api.program('Horizonte Fornecedores');
  /** The list's first page as the server sorts it. */
  const firstPageOf = (sort?: CreditSort) =>
    api.read(listCreditsCall, {
      params: { programProviderId: main.providerId },
      query: { page: 0, size: 30, sort },
    });
  await loginAs(world.email.ana);
  await openInvoices(page, 'Horizonte Fornecedores');
  const boxes = invoiceBoxes(page);
  const bar = simulateBar(page);

  // Sort: the server's order for each step of the cycle is the order on screen.
  const expectFirst = async (sort?: CreditSort) => {
    const expected = await firstPageOf(sort);
    await expect(boxes.first()).toHaveAccessibleName(boxName(expected.content[0]!));
    await expect(boxes.nth(1)).toHaveAccessibleName(boxName(expected.content[1]!));
  };
  await expectFirst();
  await sortButton(page, 'Valor original').click();
  await expect(page).toHaveURL(/\?sort=value%2Casc$/);
  await expectFirst('value,asc');
  if (!isPhone(testInfo)) {
    await expect(page.getByRole('columnheader', { name: /^Valor original/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  }
  await sortButton(page, 'Valor original').click();
  await expect(page).toHaveURL(/\?sort=value%2Cdesc$/);
  await expectFirst('value,desc');
  await sortButton(page, 'Valor original').click();
  await expect(page).toHaveURL(/\/anticipation\/invoices$/);
  await expectFirst();

  // Toggle one, then another: the bar counts and totals them.
  const firstPage = await firstPageOf();
  const [a, b] = firstPage.content;
  await boxes.first().check();
  await boxes.nth(1).check();
  await expect(bar).toContainText('2 títulos selecionados');
  await expect(bar).toContainText(money(a!.originalValue + b!.originalValue).replace(/\s/g, ' '));
  await boxes.first().uncheck();
  await expect(bar).toContainText('1 título selecionado');
  await expect(bar).toContainText(money(b!.originalValue).replace(/\s/g, ' '));
  await checkScreen(page, testInfo, 'invoices-selected', { fullPage: false });

  // Sorting resets the selection.
  await sortButton(page, 'Nota fiscal').click();
  await expect(page).toHaveURL(/sort=nfNumber%2Casc/);
  await expect(bar).toContainText('Nenhum título selecionado');
  await expect(boxes.first()).not.toBeChecked();

  // Select all: every credit of the program (not only the loaded ones) with the program's total.
  const total = (await firstPageOf()).totalElements;
  await bar.getByRole('button', { name: 'Selecionar todos' }).click();
  await expect(bar).toContainText(`${total} títulos selecionados`);
  await expect(bar).toContainText(money(main.value).replace(/\s/g, ' '));
  await expect(boxes.first()).toBeChecked();
  // Deselecting one while all are selected leaves the explicit list of all the others.
  await boxes.nth(2).uncheck();
  await expect(bar).toContainText(`${total - 1} títulos selecionados`);
  await expect(boxes.nth(2)).not.toBeChecked();
  await expect(boxes.nth(3)).toBeChecked();
  await bar.getByRole('button', { name: 'Simular selecionados' }).click();
  await expect(page).toHaveURL(/\/anticipation\/simulation$/);
  await expect(page.getByText(`${total - 1} títulos do programa Horizonte Fornecedores`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `${total - 1} títulos na simulação` })).toBeVisible();
  await expect(page.getByText(`Exibindo 100 de ${total - 1} títulos`)).toBeVisible();

  // Open the confirmation, then leave: nothing of it survives the next visit.
  await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
  await expect(page.getByRole('region', { name: 'Confirme a solicitação' })).toBeVisible();

  // Back to the list, the selection kept (all but one); then select all: every credit of the provider.
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(bar).toContainText(`${total - 1} títulos selecionados`);
  await bar.getByRole('button', { name: 'Selecionar todos' }).click();
  await expect(bar).toContainText(`${total} títulos selecionados`);
  await bar.getByRole('button', { name: 'Simular selecionados' }).click();
  await expect(
    page.getByText('Todos os títulos disponíveis do programa Horizonte Fornecedores'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: `${total} títulos na simulação` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirme a solicitação' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Solicitar antecipação' })).toBeEnabled();
});
