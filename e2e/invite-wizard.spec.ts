import { getInviteCall } from '@portal/contract';
import { sendCall } from './api-calls';
import { apiLogin, checkScreen, expect, expectAccessible, screenshot, test } from './fixtures';
import { continueIn, isPhone, openInvite, settle, stepOf } from './invite-steps';

const password = 'convite42';

test('the invitation happy path creates a user who lands logged in', async ({
  page,
  request,
  seed,
}, testInfo) => {
  const invite = await openInvite(seed, testInfo);
  const phone = isPhone(testInfo);
  // With the transitions of docs/product/screens-and-routes.md#constants (this Chromium reports reduced
  // motion unless told otherwise).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // The external address of /invite-redirect is answered here: the test never leaves for the network.
  await page.route('https://giro.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Giro</title><h1>Aplicativo Giro</h1>' }),
  );
  await page.goto(`/accept-invite/${invite.token}?companyName=${encodeURIComponent(invite.company)}`);
  await expect(page.getByRole('heading', { name: 'Você recebeu um convite' })).toBeVisible();
  await expect(page.getByText(invite.company)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Começar' })).toBeEnabled();
  await settle(page);
  await checkScreen(page, testInfo, 'invite-welcome');
  await page.getByRole('button', { name: 'Começar' }).click();

  if (phone) {
    const user = stepOf(page, testInfo, 'user');
    await expect(user.getByRole('textbox', { name: 'E-mail de acesso' })).toHaveValue(invite.email);
    // Each step takes focus once it has appeared (after the section opened or the step entered).
    await expect(continueIn(user)).toBeFocused();
    await settle(page);
    await checkScreen(page, testInfo, 'invite-user');
    await continueIn(user).click();
  }
  const person = stepOf(page, testInfo, 'person');
  if (!phone)
    await expect(person.getByRole('textbox', { name: 'E-mail de acesso' })).toHaveValue(invite.email);
  await expect(person.getByRole('textbox', { name: 'Nome completo' })).toBeFocused();
  await person.getByRole('textbox', { name: 'Nome completo' }).fill('Marina Convidada');
  await expect(person.getByRole('img', { name: 'Campo válido' })).toBeVisible();
  await settle(page);
  await checkScreen(page, testInfo, 'invite-identification');
  await continueIn(person).click();

  const passwordStep = stepOf(page, testInfo, 'password');
  await expect(passwordStep.getByRole('textbox', { name: 'Senha', exact: true })).toBeFocused();
  await passwordStep.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  if (phone) {
    await settle(page);
    await checkScreen(page, testInfo, 'invite-password');
    await continueIn(passwordStep).click();
  }
  const confirmStep = stepOf(page, testInfo, 'confirm');
  if (phone) await expect(confirmStep.getByRole('textbox', { name: 'Confirme a senha' })).toBeFocused();
  await confirmStep.getByRole('textbox', { name: 'Confirme a senha' }).fill(password);
  await settle(page);
  await checkScreen(page, testInfo, phone ? 'invite-confirm' : 'invite-password');
  await continueIn(confirmStep).click();

  // The desktop asks for WhatsApp with a phone; the phone declines it and skips the phone step.
  const informative = stepOf(page, testInfo, 'informative');
  await expect(informative.getByText('Avisos pelo WhatsApp')).toBeVisible();
  await expect(informative.getByRole('radio', { name: 'Sim, quero receber' })).toBeFocused();
  if (phone) {
    await informative.getByRole('radio', { name: 'Não quero receber' }).check();
    await settle(page);
    await checkScreen(page, testInfo, 'invite-informative');
    await continueIn(informative).click();
  } else {
    await informative.getByRole('radio', { name: 'Sim, quero receber' }).check();
    await informative.getByRole('textbox', { name: 'Celular com DDD' }).pressSequentially('11987654321');
    await expect(informative.getByRole('textbox', { name: 'Celular com DDD' })).toHaveValue(
      '(11) 98765-4321',
    );
    await settle(page);
    await checkScreen(page, testInfo, 'invite-contact');
    await continueIn(informative).click();
  }

  const terms = stepOf(page, testInfo, 'terms');
  await expect(terms.getByText(/Ao usar o portal você declara/)).toBeVisible();
  await expect(terms.getByRole('checkbox', { name: 'Li e aceito os termos de uso' })).toBeFocused();
  await expect(terms.getByRole('link', { name: /Ler os termos completos/ })).toHaveAttribute(
    'href',
    '/full-terms',
  );
  await terms.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).check();
  if (phone) {
    // Completed sections show what was filled and can be opened again.
    await expect(page.getByRole('button', { name: /Dados pessoais.*Marina Convidada/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: /WhatsApp.*Não quero receber/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: /Celular/ })).toHaveCount(0);
  }
  await settle(page);
  await checkScreen(page, testInfo, 'invite-terms');
  await terms.getByRole('button', { name: 'Concluir cadastro' }).click();

  const done = page.getByRole('dialog', { name: 'Cadastro concluído' });
  await expect(done).toBeVisible();
  await expect(done.getByText(invite.email)).toBeVisible();
  if (phone) {
    await expect(done.getByRole('link', { name: 'Abrir o aplicativo' })).toHaveAttribute(
      'href',
      'https://giro.example/app',
    );
  }
  await settle(page);
  // The dialog covers the viewport: a full-page shot would show the page under it.
  await screenshot(page, testInfo, 'invite-success', { fullPage: false });
  await expectAccessible(page);
  await done.getByRole('button', { name: phone ? 'Continuar no navegador' : 'Começar a usar' }).click();

  // Start use logged in, then the browser left for the external /invite-redirect address.
  await expect(page).toHaveURL('https://giro.example/app');
  await expect(page.getByRole('heading', { name: 'Aplicativo Giro' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Olá, Marina!/ })).toBeVisible();

  // The new user logs in with the password of the wizard; the invite is used up.
  await apiLogin(request, invite.email, password);
  const again = await sendCall(request, getInviteCall, { params: { token: invite.token } });
  expect((await again.json()).code).toBe('error.invite.confirmed');
});
