import { apiLogin, checkScreen, expect, test } from './fixtures';
import { countMailsTo, waitForResetLink } from './mailbox';

test('forgot password, then reset through the link of the local mailbox', async ({
  page,
  request,
  seed,
}, testInfo) => {
  // A user of the test's own: the server sends at most one reset mail per address a minute.
  const email = (await seed({ users: ['gabriel'], participations: false })).email.gabriel;
  const newPassword = `nova-${testInfo.project.name}-42`;
  const mailsBefore = await countMailsTo(email);

  await page.goto('/');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
  await checkScreen(page, testInfo, 'forgot-password');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  const sent = page.getByRole('dialog', { name: 'E-mail enviado' });
  await expect(sent).toBeVisible();
  await checkScreen(page, testInfo, 'forgot-password-sent', { fullPage: false });
  await sent.getByRole('button', { name: 'Voltar para o login' }).click();
  await expect(page).toHaveURL(/\/$/);

  const link = await waitForResetLink(email, mailsBefore);
  await page.goto(link);
  await expect(page.getByText(`Usuário: ${email}`)).toBeVisible();
  const password = page.getByRole('textbox', { name: 'Nova senha', exact: true });
  await password.fill(newPassword);
  await expect(page.getByText(/Força da senha: /)).toBeVisible();
  if (testInfo.project.name === 'mobile') {
    // A mobile-type device: password first, then the confirmation in a second step.
    await checkScreen(page, testInfo, 'password-reset-step-1');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Etapa 2 de 2')).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill(newPassword);
  await checkScreen(page, testInfo, 'password-reset');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  const done = page.getByRole('dialog', { name: 'Senha alterada' });
  await expect(done).toBeVisible();
  if (testInfo.project.name === 'mobile')
    await expect(done.getByRole('link', { name: 'Abrir o aplicativo' })).toBeVisible();
  await checkScreen(page, testInfo, 'password-reset-done', { fullPage: false });
  await done.getByRole('button', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The new password works.
  await apiLogin(request, email, newPassword);

  // The link is single use.
  await page.goto(link);
  const blocking = page.getByRole('dialog');
  await expect(
    blocking.getByText('Este link de recuperação de senha é inválido ou já foi usado.'),
  ).toBeVisible();
  await checkScreen(page, testInfo, 'password-reset-invalid-key', { fullPage: false });
  await blocking.getByRole('button', { name: 'Entendi' }).click();
  await expect(page).toHaveURL(/\/$/);
});
