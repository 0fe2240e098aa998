import { checkScreen, expect, test } from './fixtures';
import { continueIn, isPhone, openInvite, passContact, startWizard, stepOf } from './invite-steps';

const fixErrors = 'Corrija os campos indicados para continuar.';

test('every validation message of the wizard, shown only after a step was submitted', async ({
  page,
  seed,
}, testInfo) => {
  const phone = isPhone(testInfo);
  await startWizard(page, (await openInvite(seed, testInfo)).token);
  if (phone) await continueIn(stepOf(page, testInfo, 'user')).click();

  // Full name: required (blank counts as empty), at most 255 characters.
  const person = stepOf(page, testInfo, 'person');
  const name = person.getByRole('textbox', { name: 'Nome completo' });
  // The step takes focus when it appears (no motion here: this Chromium prefers reduced motion).
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('maxlength', '255');
  await name.fill('   ');
  await expect(person.getByText('Informe o nome completo.')).toHaveCount(0);
  await continueIn(person).click();
  await expect(person.getByText('Informe o nome completo.')).toBeVisible();
  await expect(continueIn(person)).toBeDisabled();
  await expect(person.getByText(fixErrors)).toBeVisible();
  await checkScreen(page, testInfo, 'invite-identification-errors');
  await name.fill('Lia Validação');
  await expect(person.getByText('Informe o nome completo.')).toHaveCount(0);
  await expect(person.getByRole('img', { name: 'Campo válido' })).toBeVisible();
  await continueIn(person).click();

  // Password: required, 4 to 100; confirmation: required, 4 to 100, equal to the password.
  const passwordStep = stepOf(page, testInfo, 'password');
  const password = passwordStep.getByRole('textbox', { name: 'Senha', exact: true });
  await expect(password).toHaveAttribute('maxlength', '100');
  await expect(passwordStep.getByText('Use de 4 a 100 caracteres, com letras e números.')).toBeVisible();
  await password.fill('abc');
  await expect(passwordStep.getByText('A senha deve ter ao menos 4 caracteres.')).toHaveCount(0);
  await password.fill('');
  await continueIn(passwordStep).click();
  await expect(passwordStep.getByText('Informe a senha.')).toBeVisible();
  if (!phone) await expect(passwordStep.getByText('Confirme a senha.')).toBeVisible();
  await password.fill('abc');
  await expect(passwordStep.getByText('A senha deve ter ao menos 4 caracteres.')).toBeVisible();
  await expect(continueIn(passwordStep)).toBeDisabled();
  await checkScreen(page, testInfo, 'invite-password-errors');
  await password.fill('abcd');
  if (phone) await continueIn(passwordStep).click();

  const confirmStep = stepOf(page, testInfo, 'confirm');
  const confirm = confirmStep.getByRole('textbox', { name: 'Confirme a senha' });
  await expect(confirm).toHaveAttribute('maxlength', '100');
  if (phone) {
    await continueIn(confirmStep).click();
    await expect(confirmStep.getByText('Confirme a senha.')).toBeVisible();
  }
  await confirm.fill('ab');
  await expect(confirmStep.getByText('A confirmação deve ter ao menos 4 caracteres.')).toBeVisible();
  await confirm.fill('abce');
  await expect(confirmStep.getByText('A confirmação deve ser igual à senha.')).toBeVisible();
  await expect(continueIn(confirmStep)).toBeDisabled();
  await checkScreen(page, testInfo, phone ? 'invite-confirm-errors' : 'invite-password-mismatch');
  await confirm.fill('abcd');
  await expect(confirmStep.getByText('A confirmação deve ser igual à senha.')).toHaveCount(0);
  await expect(confirmStep.getByRole('img', { name: 'Campo válido' }).first()).toBeVisible();
  await continueIn(confirmStep).click();

  // Terms must be accepted before finishing.
  await passContact(page, testInfo, 'not');
  const terms = stepOf(page, testInfo, 'terms');
  const finish = terms.getByRole('button', { name: 'Concluir cadastro' });
  await finish.click();
  await expect(terms.getByText('É preciso aceitar os termos de uso.')).toBeVisible();
  await expect(finish).toBeDisabled();
  await checkScreen(page, testInfo, 'invite-terms-errors');
  await terms.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).check();
  await expect(terms.getByText('É preciso aceitar os termos de uso.')).toHaveCount(0);
  await expect(finish).toBeEnabled();
});

test('the stepper and previous go back one step at a time; completed steps can be opened again', async ({
  page,
  seed,
}, testInfo) => {
  const phone = isPhone(testInfo);
  await startWizard(page, (await openInvite(seed, testInfo)).token);
  if (phone) {
    // Later sections cannot be opened before the earlier ones are done.
    await expect(page.getByRole('button', { name: /Termos de uso/ })).toBeDisabled();
    await continueIn(stepOf(page, testInfo, 'user')).click();
  } else {
    await expect(page.getByRole('navigation', { name: 'Etapas do cadastro' })).toBeVisible();
  }
  const person = stepOf(page, testInfo, 'person');
  await person.getByRole('textbox', { name: 'Nome completo' }).fill('Lia Volta');
  await continueIn(person).click();
  await expect(
    stepOf(page, testInfo, 'password').getByRole('textbox', { name: 'Senha', exact: true }),
  ).toBeVisible();
  if (phone) {
    await page.getByRole('button', { name: /Dados pessoais/ }).click();
  } else {
    await page.getByRole('button', { name: 'Identificação' }).click();
  }
  await expect(stepOf(page, testInfo, 'person').getByRole('textbox', { name: 'Nome completo' })).toHaveValue(
    'Lia Volta',
  );
  await stepOf(page, testInfo, 'person').getByRole('button', { name: 'Voltar' }).click();
  if (phone)
    await expect(
      stepOf(page, testInfo, 'user').getByRole('textbox', { name: 'E-mail de acesso' }),
    ).toBeVisible();
  else await expect(page.getByRole('heading', { name: 'Você recebeu um convite' })).toBeVisible();
});
