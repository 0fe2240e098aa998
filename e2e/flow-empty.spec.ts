import { checkScreen, expect, test } from './fixtures';
import { EMPTY_PROGRAM, flowData, openInvoices, ROLAGEM_COMPANY, rolagem } from './flow-fixtures';

test('a program without open invoices names the company and the program', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ extra: flowData(['empty']) });
  await loginAs(rolagem(world));
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
