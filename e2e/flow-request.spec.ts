import { requestBatchCall } from '@portal/contract';
import { isCall } from './api-calls';
import { checkScreen, expect, test } from './fixtures';
import { apiSession, invoiceBoxes, isPhone, openInvoices, simulateBar } from './flow-fixtures';

const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');

test('simulate three invoices, confirm, success dialog, dashboard; the invoices leave the list and the request shows in the history', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const program = () => api.program('Horizonte Fornecedores');
  const before = await program();
  const requestsBefore = (await api.batches(before.providerId)).totalElements;

  await loginAs(world.email.ana);
  await openInvoices(page, 'Horizonte Fornecedores');
  const boxes = invoiceBoxes(page);
  const chosen: string[] = [];
  for (const index of [0, 1, 2]) {
    chosen.push((await boxes.nth(index).getAttribute('aria-label')) ?? '');
    await boxes.nth(index).check();
  }
  await expect(simulateBar(page)).toContainText('3 títulos selecionados');
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();

  // The totals: every cost line, the two largest figures, timeframe and monthly cost.
  await expect(page).toHaveURL(/\/anticipation\/simulation$/);
  const totals = page.getByRole('region', { name: 'Resumo da antecipação' });
  await expect(totals.getByText('Valor líquido a receber').first()).toBeVisible();
  for (const line of [
    'Valor original (3 títulos)',
    'Desconto (taxa de desconto)',
    'Tarifa da plataforma',
    'IOF diário',
    'IOF fixo',
    'Tarifas bancárias',
    'Prazo médio',
    'Custo efetivo mensal',
  ]) {
    await expect(totals.getByText(line, { exact: true })).toBeVisible();
  }
  // APP_NOW is Monday 23/11/2026; the program pays in 1 business day.
  await expect(totals.getByText('24 de nov. de 2026')).toBeVisible();
  await expect(totals.getByText('Pagamento em até 1 dia útil')).toBeVisible();
  const net = (await page.getByTestId('net-amount').textContent()) ?? '';
  const table = page.getByRole('table', { name: '3 títulos na simulação' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('button', { name: /^Valor líquido/ }).click();
  await expect(table.getByRole('columnheader', { name: /^Valor líquido/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await checkScreen(page, testInfo, 'simulation');

  // The fee example of the program.
  await page.getByRole('button', { name: 'Como as taxas são calculadas' }).click();
  const example = page.getByRole('dialog', { name: 'Exemplo de taxas' });
  await expect(example.getByText('1,5% ao mês')).toBeVisible();
  await expect(example.getByText('0,35% por transação')).toBeVisible();
  await expect(example.getByText('R$ 10.000,00')).toBeVisible();
  await checkScreen(page, testInfo, 'simulation-fee-example', { fullPage: false });
  await example.getByRole('button', { name: 'Fechar' }).click();

  // Request → confirmation panel → confirm → success dialog → OK to the dashboard.
  await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
  const panel = page.getByRole('region', { name: 'Confirme a solicitação' });
  await expect(panel).toContainText(`Você receberá ${net} em 24 de nov. de 2026`);
  await expect(panel.getByText('Ao confirmar, você cede à Horizonte Alimentos S.A.')).toBeVisible();
  await checkScreen(page, testInfo, 'simulation-confirmation');
  await panel.getByRole('button', { name: 'Confirmar antecipação' }).click();
  const success = page.getByRole('dialog', { name: 'Antecipação solicitada' });
  await expect(success).toContainText(`Você receberá ${net} em até 1 dia útil.`);
  await checkScreen(page, testInfo, 'simulation-success', { fullPage: false });
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dashboard shows the program's new available value.
  const after = await program();
  expect(after.value).toBeLessThan(before.value);
  await expect(page.getByRole('link', { name: /Horizonte Fornecedores/ })).toContainText(money(after.value));

  // The three invoices are gone from the list; the request is first in the history.
  await openInvoices(page, 'Horizonte Fornecedores');
  await expect(boxes.first()).toBeVisible();
  for (const name of chosen) await expect(page.getByRole('checkbox', { name, exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Histórico de solicitações' }).click();
  await expect(page).toHaveURL(/\/anticipation\/history\?providerId=\d+&programId=\d+$/);
  await expect(page.getByTestId('history-total')).toHaveText(new RegExp(`^${requestsBefore + 1} solicitaç`));
  if (isPhone(testInfo)) {
    const latest = page.getByRole('list', { name: 'Solicitações realizadas' }).getByRole('listitem').first();
    await expect(latest).toContainText('23/11/2026');
    await expect(latest).toContainText(net);
    await expect(latest).toContainText('Solicitada');
    await expect(latest.getByRole('definition').first()).toHaveText('3');
  } else {
    const latest = page.getByRole('table', { name: 'Solicitações realizadas' }).getByRole('row').nth(1);
    await expect(latest.getByRole('cell')).toHaveText([
      /23\/11\/2026/,
      '3',
      /R\$/,
      net,
      '24/11/2026',
      // Who pays: the three invoices due soonest go to the demo's bank, the cheapest within 30 days.
      'Banco Meridiano S.A.',
      'Solicitada',
    ]);
  }
  await checkScreen(page, testInfo, 'history');
});

// One idempotency key per confirmation, and the server's answer to a replay: the same on any screen.
test('a double click on confirm makes one batch', { tag: '@one-viewport' }, async ({
  page,
  request,
  seed,
  loginAs,
}) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const { providerId } = await api.program('Horizonte Logística');
  const count = async () => (await api.batches(providerId)).totalElements;
  const before = await count();
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (isCall(requestBatchCall, sent)) {
      posts.push(sent.headers()['idempotency-key'] ?? '');
    }
  });

  await loginAs(world.email.ana);
  await openInvoices(page, 'Horizonte Logística');
  await invoiceBoxes(page).first().check();
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
  await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
  await page.getByRole('button', { name: 'Confirmar antecipação' }).dblclick();
  await expect(page.getByRole('dialog', { name: 'Antecipação solicitada' })).toBeVisible();
  await expect.poll(count).toBe(before + 1);
  // Whatever reached the network carried one key: a replay would have been answered with the same batch.
  expect(posts.length).toBeGreaterThanOrEqual(1);
  expect(new Set(posts).size).toBe(1);
  // A version-4 UUID (lib/random-id.ts), made without crypto.randomUUID where the page is not a secure context.
  expect(posts[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await count()).toBe(before + 1);
});

// A race the server settles, and the message's action: the same on any screen (no scan here).
test('credits taken meanwhile: confirm shows the no-credits message, whose action chooses another program', {
  tag: '@one-viewport',
}, async ({ page, request, seed, loginAs }) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const { providerId } = await api.program('Horizonte Logística');
  const first = (await api.credits(providerId, 1))[0]!;

  await loginAs(world.email.ana);
  await openInvoices(page, 'Horizonte Logística');
  await page
    .getByRole('checkbox', {
      name: `Selecionar a nota ${first.nfNumber}, parcela ${first.installmentNumber}`,
    })
    .check();
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
  await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
  // Another session requests the same credit first.
  await api.requestBatch([first.id]);
  await page.getByRole('button', { name: 'Confirmar antecipação' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Os títulos escolhidos já foram pagos ou não estão mais disponíveis.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Escolher programa' }).click();
  await expect(page).toHaveURL(/\/program-selection$/);
});
