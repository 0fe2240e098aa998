import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { buildPath, getBatchStatementCall } from '@portal/contract';
import { type SettleOutcome, settleBatch } from '../apps/api/src/modules/batches/settle-batch';
import { E2E_NOW, runDatabase } from './data-fixtures';
import { checkScreen, expect, test } from './fixtures';
import { type ApiProgram, apiSession, isPhone, openInvoices } from './flow-fixtures';

/*
 * A request's life on its detail page (docs/product/screens-and-routes.md#request-page): opened from the
 * history, its frozen figures and bank account, timeline and totals; cancelled with the confirmation, its invoices back among
 * the open ones; paid and rejected ones (settled as `npm run ops -- batch <id> paid|rejected --reason "…"`
 * does, through the ops command's settleBatch) cannot be cancelled; the statement is a PDF. Each test owns its
 * data: a tagged copy of the demo users (`seed`), whose requests it makes through the API.
 */

const PROGRAM = 'Horizonte Logística';

const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');

/**
 * The operator's settlement (`npm run ops -- batch <id> paid|rejected [--reason "…"]`): the ops command's own
 * settleBatch, on a connection to the run's PostgreSQL (as e2e/data-fixtures.ts imports), at the server's clock.
 */
async function settle(batchId: number, to: SettleOutcome, reason: string | null = null) {
  await settleBatch(runDatabase(), { batchId, to, reason, now: new Date(E2E_NOW) });
}

/** The history of a program, as its link from the invoice list opens it. */
const historyUrl = (program: ApiProgram) =>
  `/anticipation/history?providerId=${program.providerId}&programId=${program.id}`;

const statusOf = (page: Page) => page.getByTestId('request-status');
const timeline = (page: Page) => page.getByRole('region', { name: 'Andamento' });

test('open a request from the history: figures, timeline and totals; cancel it with the confirmation, and its invoices are open again', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const program = await api.program(PROGRAM);
  const chosen = await api.credits(program.providerId, 2);
  const id = await api.requestBatch(chosen.map((credit) => credit.id));
  const frozen = await api.detail(id);
  expect(frozen.cancellable).toBe(true);

  // The history's row (a card on a phone) is a link to the detail.
  await loginAs(world.email.ana);
  await page.goto(historyUrl(program));
  const link = page.getByRole('link', { name: new RegExp(`ver a solicitação nº ${id}$`) });
  await expect(link).toContainText('23/11/2026');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/anticipation/history/${id}$`));

  // Status, program and buyer, dates, who pays.
  await expect(page.getByRole('heading', { level: 1, name: `Solicitação nº ${id}` })).toBeVisible();
  await expect(statusOf(page)).toHaveText('Solicitada');
  const summary = page.getByRole('region', { name: 'Valores da solicitação' });
  await expect(summary.getByRole('definition')).toHaveText([
    PROGRAM,
    frozen.buyerName,
    '23/11/2026, 10:00',
    frozen.paymentDate.split('-').reverse().join('/'),
    // Who pays: the program's own rate, the house's, named with the buyer's name.
    frozen.funder.name,
    // The demo's Alfa account (341 / 0912 / 45873-2) as the request keeps it, masked.
    '341 / 0912 / ****73-2',
    money(frozen.value),
    `− ${money(frozen.discount)}`,
    `− ${money(frozen.fees)}`,
    `− ${money(frozen.iof)}`,
    money(frozen.total),
  ]);
  await expect(page.getByTestId('request-net')).toHaveText(money(frozen.total));
  // The timeline: requested by Ana.
  await expect(timeline(page).getByRole('listitem')).toHaveText(['Solicitada23/11/2026, 10:00 · por Ana']);
  // Each invoice with its frozen figures.
  const credits = page.getByRole(isPhone(testInfo) ? 'list' : 'table', { name: '2 títulos' });
  for (const credit of frozen.credits) {
    const row = credits.locator(`[data-credit="${credit.id}"]`);
    await expect(row).toContainText(credit.nfNumber);
    await expect(row).toContainText(money(credit.originalValue));
    await expect(row).toContainText(money(credit.discount));
    await expect(row).toContainText(money(credit.bankFee));
    await expect(row).toContainText(money(credit.dailyIof + credit.fixedIof));
    await expect(row).toContainText(money(credit.anticipation));
  }
  await expect(page.getByRole('link', { name: 'Baixar extrato' })).toHaveAttribute(
    'href',
    buildPath(getBatchStatementCall, { id }),
  );
  await checkScreen(page, testInfo, 'request-detail');

  // Cancel: the confirmation says where the invoices go; keeping it changes nothing.
  await page.getByRole('button', { name: 'Cancelar solicitação' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancelar a solicitação nº ${id}?` });
  await expect(dialog).toContainText(
    `Os 2 títulos desta solicitação voltam para os títulos em aberto do programa ${PROGRAM} e poderão ser solicitados de novo.`,
  );
  await expect(dialog.getByRole('button', { name: 'Manter solicitação' })).toBeFocused();
  await checkScreen(page, testInfo, 'request-cancel-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Manter solicitação' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusOf(page)).toHaveText('Solicitada');

  await page.getByRole('button', { name: 'Cancelar solicitação' }).click();
  await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Solicitação nº ${id} cancelada.` })).toBeVisible();
  await expect(statusOf(page)).toHaveText('Cancelada');
  await expect(page.getByRole('button', { name: 'Cancelar solicitação' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(timeline(page).getByRole('listitem')).toHaveText([
    'Solicitada23/11/2026, 10:00 · por Ana',
    'Cancelada23/11/2026, 10:00 · por Ana',
  ]);
  expect((await api.detail(id)).status).toBe('CANCELLED');

  // Back to the history: the request is cancelled there too.
  await page.getByRole('link', { name: 'Voltar às solicitações realizadas' }).click();
  await expect(page).toHaveURL(historyUrl(program));
  await expect(page.locator(`[data-batch="${id}"]`)).toContainText('Cancelada');
  await checkScreen(page, testInfo, 'request-history');

  // Its invoices are open again, first in the list as before.
  await openInvoices(page, PROGRAM);
  for (const credit of chosen) {
    await expect(
      page.getByRole('checkbox', {
        name: `Selecionar a nota ${credit.nfNumber}, parcela ${credit.installmentNumber}`,
        exact: true,
      }),
    ).toBeVisible();
  }
});

test('a paid request and a rejected one (with its reason) cannot be cancelled', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const program = await api.program(PROGRAM);
  const [first, second] = await api.credits(program.providerId, 2);
  const paid = await api.requestBatch([first!.id]);
  const rejected = await api.requestBatch([second!.id]);
  const reason = 'Divergência entre o valor do título e o do pedido de compra.';
  await settle(paid, 'PAID');
  await settle(rejected, 'REJECTED', reason);

  await loginAs(world.email.ana);
  await page.goto(historyUrl(program));
  await page.getByRole('link', { name: new RegExp(`ver a solicitação nº ${paid}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Solicitação nº ${paid}` })).toBeVisible();
  await expect(statusOf(page)).toHaveText('Paga');
  await expect(timeline(page).getByRole('listitem')).toHaveText([
    'Solicitada23/11/2026, 10:00 · por Ana',
    'Paga23/11/2026, 10:00 · pela plataforma',
  ]);
  await expect(page.getByRole('region', { name: 'Motivo da recusa' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Baixar extrato' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar solicitação' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Voltar às solicitações realizadas' }).click();
  await page.getByRole('link', { name: new RegExp(`ver a solicitação nº ${rejected}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Solicitação nº ${rejected}` })).toBeVisible();
  await expect(statusOf(page)).toHaveText('Recusada');
  await expect(page.getByRole('region', { name: 'Motivo da recusa' })).toContainText(reason);
  await expect(timeline(page).getByRole('listitem').last()).toHaveText(
    'Recusada23/11/2026, 10:00 · pela plataforma',
  );
  await expect(page.getByRole('button', { name: 'Cancelar solicitação' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'request-rejected');
});

// A race the server settles, then a refetch: the same on any screen (no scan here; the phone's cancel dialog
// is scanned by the first test).
test('a cancel the platform overtook (paid meanwhile) shows the translated refusal and the current status', {
  tag: '@one-viewport',
}, async ({ page, request, seed, loginAs }) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const program = await api.program(PROGRAM);
  const [credit] = await api.credits(program.providerId, 1);
  const id = await api.requestBatch([credit!.id]);

  await loginAs(world.email.ana);
  await page.goto(`/anticipation/history/${id}`);
  await page.getByRole('button', { name: 'Cancelar solicitação' }).click();
  await settle(id, 'PAID');
  await page.getByRole('button', { name: 'Sim, cancelar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A situação desta solicitação não permite esta operação.' }),
  ).toBeVisible();
  await expect(statusOf(page)).toHaveText('Paga');
  await expect(page.getByRole('button', { name: 'Cancelar solicitação' })).toHaveCount(0);
});

test('the statement downloads as a PDF', { tag: '@one-viewport' }, async ({
  page,
  request,
  seed,
  loginAs,
}) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const program = await api.program(PROGRAM);
  const [credit] = await api.credits(program.providerId, 1);
  const id = await api.requestBatch([credit!.id]);

  await loginAs(world.email.ana);
  await page.goto(`/anticipation/history/${id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar extrato' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`extrato-solicitacao-${id}.pdf`);
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('another company’s request, or none, is not found, with a way back', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana', 'gabriel'] });
  const api = await apiSession(request, world.email.ana);
  const program = await api.program(PROGRAM);
  const [credit] = await api.credits(program.providerId, 1);
  const id = await api.requestBatch([credit!.id]);

  // Gabriel's company (Gama) is another company: Ana's request does not exist for him.
  await loginAs(world.email.gabriel);
  await page.goto(`/anticipation/history/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitação não encontrada' })).toBeVisible();
  await expect(page.getByText('Solicitação nº')).toHaveCount(0);
  await checkScreen(page, testInfo, 'request-not-found');
  await page.getByRole('link', { name: 'Escolher programa' }).click();
  // Gama cannot anticipate: the program selection leads it to the dashboard, which says why.
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/anticipation/history/not-a-number');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitação não encontrada' })).toBeVisible();
});
