import { checkScreen, expect, test } from './fixtures';
import {
  backIn,
  continueIn,
  isPhone,
  openInvite,
  passIdentification,
  passPassword,
  startWizard,
  stepOf,
} from './invite-steps';

test('contact: WhatsApp with a bad then a good phone; not receiving skips the phone', async ({
  page,
  seed,
}, testInfo) => {
  const phone = isPhone(testInfo);
  await startWizard(page, (await openInvite(seed, testInfo)).token);
  await passIdentification(page, testInfo, 'Paula Contato');
  await passPassword(page, testInfo, 'abc123');

  // The informative card closes and stays closed.
  const informative = stepOf(page, testInfo, 'informative');
  const card = page.getByRole('note').filter({ hasText: 'Avisos pelo WhatsApp' });
  await expect(card).toBeVisible();
  await expect(informative.getByRole('radio', { name: 'Sim, quero receber' })).not.toBeChecked();
  await expect(informative.getByRole('radio', { name: 'Não quero receber' })).not.toBeChecked();
  await card.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(card).toBeHidden();

  await informative.getByRole('radio', { name: 'Sim, quero receber' }).check();
  if (phone) await continueIn(informative).click();
  const phoneStep = stepOf(page, testInfo, 'phone');
  const number = phoneStep.getByRole('textbox', { name: 'Celular com DDD' });
  await expect(number).toBeVisible();

  // Required with RECEIVE, then the rule: area digits 1 to 9, then 8 or 9 digits.
  await continueIn(phoneStep).click();
  await expect(phoneStep.getByText('Informe o número de celular.')).toBeVisible();
  await expect(continueIn(phoneStep)).toBeDisabled();
  await number.pressSequentially('0198765432');
  await expect(number).toHaveValue('(01) 9876-5432');
  await expect(phoneStep.getByText('Informe DDD e número, como (11) 98765-4321.')).toBeVisible();
  await checkScreen(page, testInfo, 'invite-phone-invalid');
  await number.fill('');
  await number.pressSequentially('2198765');
  await expect(phoneStep.getByText('Informe DDD e número, como (11) 98765-4321.')).toBeVisible();
  await number.fill('');
  await number.pressSequentially('21987654321');
  await expect(number).toHaveValue('(21) 98765-4321');
  await expect(phoneStep.getByText(/Informe DDD e número/)).toHaveCount(0);
  await expect(phoneStep.getByRole('img', { name: 'Campo válido' })).toBeVisible();
  await expect(continueIn(phoneStep)).toBeEnabled();
  await checkScreen(page, testInfo, 'invite-phone');
  await continueIn(phoneStep).click();

  // Previous from terms returns to the phone, which kept its value.
  const terms = stepOf(page, testInfo, 'terms');
  await backIn(terms).click();
  await expect(stepOf(page, testInfo, 'phone').getByRole('textbox', { name: 'Celular com DDD' })).toHaveValue(
    '(21) 98765-4321',
  );
  if (phone) {
    await expect(page.getByRole('button', { name: /Celular/ })).toBeVisible();
    await backIn(stepOf(page, testInfo, 'phone')).click();
  }

  // Not receiving: the phone goes away and the next step is the terms.
  const choice = stepOf(page, testInfo, 'informative');
  await expect(page.getByRole('note').filter({ hasText: 'Avisos pelo WhatsApp' })).toHaveCount(0);
  await choice.getByRole('radio', { name: 'Não quero receber' }).check();
  if (!phone) await expect(choice.getByRole('textbox', { name: 'Celular com DDD' })).toHaveCount(0);
  await continueIn(choice).click();
  await expect(
    stepOf(page, testInfo, 'terms').getByRole('checkbox', { name: 'Li e aceito os termos de uso' }),
  ).toBeVisible();
  if (phone) await expect(page.getByRole('button', { name: /Celular/ })).toHaveCount(0);
});
