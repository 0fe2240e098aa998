import { readFile } from 'node:fs/promises';
import { listCreditsCall } from '@portal/contract';
import { expect, test } from './fixtures';
import { apiSession, openInvoices } from './flow-fixtures';

// The files are the server's: one viewport.
test('CSV export of the invoice list and of the history', { tag: '@one-viewport' }, async ({
  page,
  request,
  seed,
  loginAs,
}) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const { providerId } = await api.program('Vale Verde Serviços');
  const credits = (
    await api.read(listCreditsCall, {
      params: { programProviderId: providerId },
      query: { page: 0, size: 1 },
    })
  ).totalElements;
  const batches = (await api.batches(providerId)).totalElements;

  await loginAs(world.email.ana);
  await openInvoices(page, 'Vale Verde Serviços');
  const invoicesCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const invoicesFile = await invoicesCsv;
  expect(invoicesFile.suggestedFilename()).toBe('titulos-Vale Verde Serviços.csv');
  const invoiceLines = (await readFile((await invoicesFile.path()) ?? '', 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(invoiceLines[0]).toBe(
    'Nota fiscal,Série,Vencimento,Valor original,Desconto,Antecipação,Parcela,Observação do pedido,Sacado,Tipo',
  );
  // Every open invoice of the program, not only the loaded page; ISO dates and plain decimal amounts.
  expect(invoiceLines).toHaveLength(credits + 1);
  expect(invoiceLines[1]).toMatch(
    /^\d+,\d+,\d{4}-\d{2}-\d{2},\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},\d+,.*,(GOODS|SERVICE)$/,
  );

  await page.getByRole('link', { name: 'Histórico de solicitações' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitações realizadas' })).toBeVisible();
  const historyCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const historyLines = (await readFile((await (await historyCsv).path()) ?? '', 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(historyLines[0]).toBe(
    'Solicitação,Data,Títulos,Valor original,Valor líquido,Pagamento,Financiador,Situação',
  );
  expect(historyLines).toHaveLength(batches + 1);
});
