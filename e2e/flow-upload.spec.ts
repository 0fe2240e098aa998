import { formatAccessKey } from '@portal/contract';
import { checkScreen, expect, test } from './fixtures';
import { openInvoices, simulateBar } from './flow-fixtures';
import { nfeOfCredit } from './invoice-xml-fixtures';

/** The smallest document the server recognises as a PDF (by its content, not its name). */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a service invoice needs its document: upload it (toast), then it can be selected, simulated and requested', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await openInvoices(page, 'Vale Verde Serviços');
  // Named by its visible text, then the invoice number (visually hidden): "Enviar nota 1234".
  const upload = page.getByRole('button', { name: /^Enviar nota \d+$/ }).first();
  await expect(upload).toBeVisible();
  await expect(upload).toHaveText(/^Enviar nota/);
  const number = ((await upload.textContent()) ?? '').replace(/\D+/, '');
  const waiting = page.getByRole('checkbox', {
    name: new RegExp(
      `^Selecionar a nota ${number}, parcela \\d+ — envie a nota fiscal para poder antecipar$`,
    ),
  });
  await expect(waiting).toBeDisabled();
  await checkScreen(page, testInfo, 'invoices-upload', { fullPage: false });

  const chooser = page.waitForEvent('filechooser');
  await upload.click();
  await (await chooser).setFiles({ name: `nota-${number}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  const toast = page
    .getByRole('status')
    .filter({ hasText: `Nota fiscal ${number} enviada. O título já pode ser antecipado.` });
  await expect(toast).toBeVisible();
  // Beside a message of two lines, the close button keeps its whole label (no part of it clipped).
  const close = toast.getByRole('button', { name: 'Fechar mensagem' });
  await expect(close).toHaveText('Fechar');
  expect(
    await close.evaluate((button) =>
      [button, ...Array.from(button.querySelectorAll('span'))].every(
        (part) => part.scrollWidth <= part.clientWidth,
      ),
    ),
  ).toBe(true);
  await checkScreen(page, testInfo, 'invoices-upload-toast', { fullPage: false });

  const ready = page.getByRole('checkbox', {
    name: new RegExp(`^Selecionar a nota ${number}, parcela \\d+$`),
  });
  await expect(ready).toBeEnabled();
  await expect(page.getByRole('button', { name: `Enviar nota ${number}` })).toHaveCount(0);
  await ready.check();
  await expect(simulateBar(page)).toContainText('1 título selecionado');
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
  await expect(page.getByText('1 título do programa Vale Verde Serviços')).toBeVisible();
  await expect(page.getByRole('table', { name: '1 título na simulação' })).toContainText(number);
  await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
  await page.getByRole('button', { name: 'Confirmar antecipação' }).click();
  await expect(page.getByRole('dialog', { name: 'Antecipação solicitada' })).toBeVisible();
});

test('an NF-e XML is checked against its credit: a refusal is said next to it, an accepted one shows its key', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await openInvoices(page, 'Vale Verde Serviços');
  const upload = page.getByRole('button', { name: /^Enviar nota \d+$/ }).first();
  const number = ((await upload.textContent()) ?? '').replace(/\D+/, '');
  const sendXml = async (xml: Buffer) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: `Enviar nota ${number}` }).click();
    await (await chooser).setFiles({ name: `nfe-${number}.xml`, mimeType: 'text/xml', buffer: xml });
  };

  // Signed for an amount one centavo off the credit's: refused, said beside the credit's upload button.
  const { data: valueOff } = await nfeOfCredit(world.tag, number, {
    total: '1.01',
    duplicatas: [{ number: '001', value: '1.01' }],
  });
  await sendXml(valueOff);
  const refusal = page
    .getByRole('button', { name: `Enviar nota ${number}` })
    .locator('xpath=ancestor::*[.//*[@role="alert"]][1]')
    .getByRole('alert');
  await expect(refusal).toContainText('O valor da nota fiscal não é o valor deste título.');
  await expect(refusal).toContainText(/Valor total: na nota fiscal, R\$\s1,01; no título, R\$\s[\d.]+,\d{2}/);
  await expect(page.getByRole('status').filter({ hasText: 'O valor da nota fiscal' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'invoices-upload-refused', { fullPage: false });

  const { data, key } = await nfeOfCredit(world.tag, number);
  await sendXml(data);
  await expect(page.getByRole('status').filter({ hasText: `Nota fiscal ${number} enviada.` })).toBeVisible();
  const shownKey = page.getByTestId('invoice-key').filter({ hasText: formatAccessKey(key) });
  await expect(shownKey).toBeVisible();
  await expect(shownKey).toHaveText(`Chave de acesso da nota fiscal: ${formatAccessKey(key)}`);
  await expect(page.getByTestId('invoice-refusal')).toHaveCount(0);
  await expect(
    page.getByRole('checkbox', { name: new RegExp(`^Selecionar a nota ${number}, parcela \\d+$`) }),
  ).toBeEnabled();
  await checkScreen(page, testInfo, 'invoices-upload-key', { fullPage: false });
});
