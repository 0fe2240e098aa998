import { checkScreen, expect, test } from './fixtures';
import { CUTOFF_PROGRAM, flowData, invoiceBoxes, openInvoices, rolagem, simulateBar } from './flow-fixtures';

test('after the program’s anticipationMaxTime (09:00 in São Paulo) confirmation is disabled with the time-limit message', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ extra: flowData(['cutoff']) });
  // The browser's clock at 10:00 in the organization's zone, past the 09:00 cut-off. Today's date, so the
  // session token (valid 24 h from now) is still valid in the page.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await page.clock.setFixedTime(new Date(`${today}T10:00:00-03:00`));
  await loginAs(rolagem(world));
  await openInvoices(page, CUTOFF_PROGRAM);
  await invoiceBoxes(page).first().check();
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
  await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
  const panel = page.getByRole('region', { name: 'Confirme a solicitação' });
  await expect(panel.getByRole('alert')).toHaveText(
    'As solicitações de hoje foram encerradas às 09:00. Tente novamente no próximo dia útil.',
  );
  const confirm = panel.getByRole('button', { name: 'Confirmar antecipação' });
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAccessibleDescription(/encerradas às 09:00/);
  await checkScreen(page, testInfo, 'simulation-cut-off', { fullPage: false });
});
