import { type Estimate, estimateCreditsCall, listCreditsCall } from '@portal/contract';
import { callOf } from './api-calls';
import { expect, test } from './fixtures';
import { apiSession, invoiceBoxes, openInvoices, simulateBar, sortButton } from './flow-fixtures';

/*
 * The simulation's way back keeps the selection (docs/product/screens-and-routes.md#invoice-selection):
 * invoices chosen by hand come back selected, with their count and total; "all" comes back as all; a reload
 * of the page or a new sort still clears it. (The planner's selection coming back: e2e/automation.spec.ts.)
 */

const PROGRAM = 'Horizonte Logística';

const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');
const estimateAnswer = callOf(estimateCreditsCall);

// The selection is handed over in the navigation state, whatever draws the list: one viewport. On the phone,
// automation.spec.ts's planner test brings a selection back to the cards, and flow-invoices.spec.ts selects
// all, comes back from the simulation and clears the selection with the sort chip.
test('two invoices chosen by hand: simulate, back, still selected; a reload clears them', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await openInvoices(page, PROGRAM);
  const boxes = invoiceBoxes(page);
  const bar = simulateBar(page);
  const chosen = [
    await boxes.nth(0).getAttribute('aria-label'),
    await boxes.nth(1).getAttribute('aria-label'),
  ];
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(bar).toContainText('2 títulos selecionados');
  // The bar's total, as shown (R$ with a no-break space read as a plain one).
  const total = ((await bar.locator('strong').textContent()) ?? '').replace(/\s/g, ' ');

  const simulated = page.waitForResponse(estimateAnswer);
  await bar.getByRole('button', { name: 'Simular selecionados' }).click();
  await expect(page.getByRole('heading', { name: '2 títulos na simulação' })).toBeVisible();
  const estimate = (await (await simulated).json()) as Estimate;
  expect(money(estimate.value)).toBe(total);

  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROGRAM })).toBeVisible();
  await expect(bar).toContainText('2 títulos selecionados');
  await expect(bar).toContainText(`Valor original: ${total}`);
  for (const name of chosen)
    await expect(page.getByRole('checkbox', { name: name!, exact: true })).toBeChecked();
  await expect(boxes.nth(2)).not.toBeChecked();

  // The selection was handed over once: a reload of the page starts with none.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: PROGRAM })).toBeVisible();
  await expect(boxes.first()).toBeVisible();
  await expect(bar).toContainText('Nenhum título selecionado');
  await expect(boxes.first()).not.toBeChecked();
});

test('all selected: simulate, back, all still selected; a new sort clears it', {
  tag: '@one-viewport',
}, async ({ page, request, seed, loginAs }) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const { providerId } = await api.program(PROGRAM);
  const { totalElements } = await api.read(listCreditsCall, {
    params: { programProviderId: providerId },
    query: { page: 0, size: 1 },
  });
  await loginAs(world.email.ana);
  await openInvoices(page, PROGRAM);
  const bar = simulateBar(page);
  await bar.getByRole('button', { name: 'Selecionar todos' }).click();
  await expect(bar).toContainText(`${totalElements} títulos selecionados`);
  await bar.getByRole('button', { name: 'Simular selecionados' }).click();
  await expect(page.getByText(`Todos os títulos disponíveis do programa ${PROGRAM}`)).toBeVisible();

  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(bar).toContainText(`${totalElements} títulos selecionados`);
  await expect(bar.getByRole('button', { name: 'Desmarcar todos' })).toBeVisible();
  await expect(invoiceBoxes(page).first()).toBeChecked();

  await sortButton(page, 'Valor original').click();
  await expect(page).toHaveURL(/\?sort=value%2Casc$/);
  await expect(bar).toContainText('Nenhum título selecionado');
  await expect(invoiceBoxes(page).first()).not.toBeChecked();
});
