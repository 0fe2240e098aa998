import { checkScreen, expect, test } from './fixtures';
import { EMPTY_PROGRAM, importFlowData, openInvoices, ROLAGEM, ROLAGEM_COMPANY } from './flow-fixtures';

test.beforeAll(() => importFlowData());

test('a program without open invoices names the company and the program', async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs(ROLAGEM);
  await openInvoices(page, EMPTY_PROGRAM);
  await expect(page.getByTestId('loaded-count')).toHaveText('0 de 0 títulos carregados');
  await expect(page.getByRole('status').filter({ hasText: 'Não há títulos' })).toHaveText(
    `Não há títulos disponíveis para antecipação da empresa ${ROLAGEM_COMPANY} no programa ${EMPTY_PROGRAM}.`,
  );
  await expect(page.getByRole('button', { name: 'Simular selecionados' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Escolher programa' })).toBeVisible();
  await checkScreen(page, testInfo, 'invoices-empty');

  // Its history is empty too.
  await page.getByRole('link', { name: 'Histórico de solicitações' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Nenhuma solicitação de antecipação no programa ${EMPTY_PROGRAM} até agora.`,
  );
});
