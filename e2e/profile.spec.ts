import { apiLogin, checkScreen, DEMO_PASSWORD, expect, test } from './fixtures';

test('profile: personal data, then a password change with its closable success message', async ({
  page,
  seed,
  loginAs,
  request,
}, testInfo) => {
  const changed = `outra-${testInfo.project.name}-99`;
  const { email } = await seed({ users: ['carlos'], participations: false });
  await loginAs(email.carlos);
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Carlos Lima');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email.carlos);
  const companyPages = page.getByRole('navigation', { name: 'Seções do perfil' });
  for (const name of ['Endereço', 'Conta bancária', 'Signatário', 'Documentos']) {
    await expect(companyPages.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
      'target',
      '_blank',
    );
  }
  await checkScreen(page, testInfo, 'profile-data');

  await companyPages.getByRole('link', { name: 'Senha' }).click();
  await expect(page).toHaveURL(/\/profile#password$/);
  const save = page.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();
  await expect(page.getByText('Preencha todos os campos para salvar.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Senha atual' }).fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(changed);
  await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill(`${changed}x`);
  await save.click();
  await expect(page.getByText('A confirmação deve ser igual à senha.')).toBeVisible();
  await checkScreen(page, testInfo, 'profile-password-invalid');

  await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill(changed);
  await save.click();
  const updated = page.getByRole('status').filter({ hasText: 'Perfil atualizado com sucesso.' });
  await expect(updated).toBeVisible();
  await checkScreen(page, testInfo, 'profile-password-changed');

  // Switching to the data view hides the message.
  await companyPages.getByRole('link', { name: 'Dados pessoais' }).click();
  await expect(updated).toBeHidden();

  // The new password works.
  await apiLogin(request, email.carlos, changed);
});

// The server's refusal on the field: the same on any screen (the phone's password form, with its validation,
// is scanned by the first test).
test('profile: a wrong current password is reported on its field', { tag: '@one-viewport' }, async ({
  page,
  seed,
  loginAs,
}) => {
  const { email } = await seed({ users: ['carlos'], participations: false });
  await loginAs(email.carlos);
  await page.goto('/profile#password');
  await page.getByRole('textbox', { name: 'Senha atual' }).fill('not-my-password');
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('abcd1234');
  await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill('abcd1234');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('textbox', { name: 'Senha atual' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Senha incorreta.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Usuário e/ou senha inválidos.' })).toBeVisible();
});

// The message belongs to the visit of the form where the password changed: a section reached by its address
// (typed, or a bookmark) is another visit, even when the page was opened at that form's own address.
test(
  'profile: the success message stays behind when #data is reached by its address',
  {
    tag: '@one-viewport',
  },
  async ({ page, seed, loginAs }, testInfo) => {
    const changed = `outra-${testInfo.project.name}-77`;
    const { email } = await seed({ users: ['carlos'], participations: false });
    await loginAs(email.carlos);
    await page.goto('/profile#password');
    await page.getByRole('textbox', { name: 'Senha atual' }).fill(DEMO_PASSWORD);
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(changed);
    await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill(changed);
    await page.getByRole('button', { name: 'Salvar' }).click();
    const updated = page.getByRole('status').filter({ hasText: 'Perfil atualizado com sucesso.' });
    await expect(updated).toBeVisible();

    await page.goto('/profile#data');
    await expect(page.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Carlos Lima');
    await expect(updated).toBeHidden();
    // And back at the form by its address: a new visit, without the message.
    await page.goto('/profile#password');
    await expect(page.getByRole('textbox', { name: 'Senha atual' })).toBeVisible();
    await expect(updated).toBeHidden();
  },
);
