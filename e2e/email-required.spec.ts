import { checkScreen, expect, test } from './fixtures';

/**
 * The spec's own message for an empty email (docs/product/screens-and-routes.md#form-rules), the same on the
 * login and the forgot-password forms (the invitation's: e2e/invite-email.spec.ts), in each language. Wording,
 * not layout: one viewport.
 */
const languages = [
  {
    locale: 'pt-BR',
    message: 'Para concluir o cadastro, o e-mail é obrigatório.',
    login: 'Entrar',
    send: 'Enviar',
  },
  {
    locale: 'pt-PT',
    message: 'Para concluir o registo, o e-mail é obrigatório.',
    login: 'Iniciar sessão',
    send: 'Enviar',
  },
  {
    locale: 'en',
    message: 'To complete your registration, the email is mandatory.',
    login: 'Log in',
    send: 'Send',
  },
  {
    locale: 'en-ZA',
    message: 'To complete your registration, the email is mandatory.',
    login: 'Log in',
    send: 'Send',
  },
] as const;

for (const { locale, message, login, send } of languages) {
  test(
    `${locale}: login and forgot password say the email is mandatory to complete the registration`,
    {
      tag: '@one-viewport',
    },
    async ({ page, useLocale }, testInfo) => {
      await useLocale(locale);
      await page.goto('/');
      await page.getByRole('button', { name: login, exact: true }).click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await checkScreen(page, testInfo, `login-email-required-${locale}`, { fullPage: false });

      await page.goto('/forgot-password');
      await page.getByRole('button', { name: send, exact: true }).click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    },
  );
}
