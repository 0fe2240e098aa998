import { validateInviteEmailCall } from '@portal/contract';
import { isCall } from './api-calls';
import { checkScreen, expect, test } from './fixtures';
import { backIn, continueIn, isPhone, openInvite, startWizard, stepOf } from './invite-steps';

test('edit email: checked remotely, a taken one refused, a free one replaces the invite’s', async ({
  page,
  seed,
}, testInfo) => {
  // Ana's address (a copy of her, of this test's own) is already a user of the organization.
  const invite = await openInvite(seed, testInfo, { users: ['ana'] });
  const taken = invite.world.email.ana.toUpperCase();
  const phone = isPhone(testInfo);
  const checks: string[] = [];
  page.on('request', (request) => {
    if (isCall(validateInviteEmailCall, request)) checks.push(request.postDataJSON().email);
  });
  await startWizard(page, invite.token);
  const identification = stepOf(page, testInfo, 'user');
  const emailShown = identification.getByRole('textbox', { name: 'E-mail de acesso' });
  await expect(emailShown).toHaveValue(invite.email);
  await expect(emailShown).toHaveAttribute('readonly');

  // The detour and previous, which returns to the identification.
  await identification.getByRole('button', { name: 'Alterar e-mail' }).click();
  let edit = stepOf(page, testInfo, 'editEmail');
  const field = edit.getByRole('textbox', { name: 'Novo e-mail' });
  await expect(field).toHaveValue(invite.email);
  await backIn(edit).click();
  await expect(stepOf(page, testInfo, 'user').getByRole('textbox', { name: 'E-mail de acesso' })).toHaveValue(
    invite.email,
  );
  await stepOf(page, testInfo, 'user').getByRole('button', { name: 'Alterar e-mail' }).click();
  edit = stepOf(page, testInfo, 'editEmail');
  const confirm = edit.getByRole('button', { name: 'Confirmar e-mail' });

  // Client rules first (no remote check): required, then the email pattern.
  await edit.getByRole('textbox', { name: 'Novo e-mail' }).fill('');
  await confirm.click();
  await expect(edit.getByText('Para concluir o cadastro, o e-mail é obrigatório.')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await expect(edit.getByText('Corrija os campos indicados para continuar.')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Novo e-mail' }).fill('ana@');
  await expect(edit.getByText('Informe um e-mail válido.')).toBeVisible();
  await checkScreen(page, testInfo, 'invite-edit-email-invalid');

  // A registered address (any letter case): email already registered, on the field.
  await edit.getByRole('textbox', { name: 'Novo e-mail' }).fill(taken);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(edit.getByText('E-mail já cadastrado.')).toBeVisible();
  expect(checks).toEqual([taken]);
  await checkScreen(page, testInfo, 'invite-edit-email-taken');

  // The known address is not checked again: the wizard just moves on, without the new-email card.
  await edit.getByRole('textbox', { name: 'Novo e-mail' }).fill(invite.email.toUpperCase());
  await confirm.click();
  const person = stepOf(page, testInfo, 'person');
  await expect(person.getByRole('textbox', { name: 'Nome completo' })).toBeVisible();
  await expect(page.getByText('E-mail alterado')).toHaveCount(0);
  expect(checks).toHaveLength(1);

  // A free address: checked, then it is the access email, the card says so and the wizard advances.
  const free = `novo.${invite.world.tag}@e2e.test`;
  if (phone) await page.getByRole('button', { name: /Usuário/ }).click();
  await stepOf(page, testInfo, 'user').getByRole('button', { name: 'Alterar e-mail' }).click();
  edit = stepOf(page, testInfo, 'editEmail');
  await edit.getByRole('textbox', { name: 'Novo e-mail' }).fill(free);
  await checkScreen(page, testInfo, 'invite-edit-email');
  await edit.getByRole('button', { name: 'Confirmar e-mail' }).click();
  const card = page.getByRole('note').filter({ hasText: 'E-mail alterado' });
  await expect(card).toContainText(`Você vai entrar no portal com ${free}.`);
  expect(checks).toEqual([taken, free]);
  const named = stepOf(page, testInfo, 'person');
  await expect(named.getByRole('textbox', { name: 'Nome completo' })).toBeVisible();
  if (phone) await expect(page.getByRole('button', { name: new RegExp(`Usuário.*${free}`) })).toBeVisible();
  else await expect(named.getByRole('textbox', { name: 'E-mail de acesso' })).toHaveValue(free);
  await checkScreen(page, testInfo, 'invite-new-email-card');

  // Closed, the card stays hidden, also after leaving the step and coming back.
  await card.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(card).toBeHidden();
  await named.getByRole('textbox', { name: 'Nome completo' }).fill('Rafael Novo');
  await continueIn(named).click();
  await backIn(stepOf(page, testInfo, 'password')).click();
  await expect(stepOf(page, testInfo, 'person').getByRole('textbox', { name: 'Nome completo' })).toHaveValue(
    'Rafael Novo',
  );
  await expect(page.getByText('E-mail alterado')).toHaveCount(0);
});
