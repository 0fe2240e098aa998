import { DEMO_PASSWORD, expect, screenshot, test } from './fixtures';

// Wording, not layout: one viewport (the phone's login is scanned by login.spec.ts).
test(
  'pt-PT: a failed login speaks European Portuguese',
  { tag: '@one-viewport' },
  async ({ page, seed, useLocale }, testInfo) => {
    const world = await seed({ users: ['ana'], participations: false });
    await useLocale('pt-PT');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(world.email.ana);
    await page.getByRole('textbox', { name: 'Palavra-passe' }).fill(`${DEMO_PASSWORD}-not`);
    await page.getByRole('button', { name: 'Iniciar sessão' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Utilizador e/ou palavra-passe inválidos.' }),
    ).toBeVisible();
    await screenshot(page, testInfo, 'login-pt-PT');
  },
);

// The choice kept in local storage and the wording: one viewport (the phone's forgot-password screens are
// scanned by password-recovery.spec.ts).
test(
  'en: chosen in the footer, remembered, and the forgot-password flow in English',
  {
    tag: '@one-viewport',
  },
  async ({ page }, testInfo) => {
    await page.goto('/forgot-password');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByRole('heading', { name: 'Recover your password' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Recover your password' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('To complete your registration, the email is mandatory.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@demo.test');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('dialog', { name: 'Email sent' })).toBeVisible();
    await screenshot(page, testInfo, 'forgot-password-sent-en', { fullPage: false });
  },
);

test('en-ZA: the company modal formats money as South Africans write it', async ({
  page,
  seed,
  loginAs,
  useLocale,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await useLocale('en-ZA');
  await loginAs(world.email.ana);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Programmes' }),
  ).toBeVisible();
  if (testInfo.project.name === 'mobile') {
    const menu = page.getByRole('dialog', { name: 'Main navigation' });
    await menu.getByRole('button', { name: 'Close' }).click();
    await expect(menu).toBeHidden();
  }
  await page.getByRole('button', { name: 'Change company' }).click();
  const modal = page.getByRole('dialog', { name: 'Choose the company' });
  // Reais (the organization's currency) with a decimal comma and spaces between thousands: R$1 234 567,89.
  await expect(modal.getByText(/^R\$\d{1,3}([\u00a0\u202f ]\d{3})*,\d{2}$/).first()).toBeVisible();
  await screenshot(page, testInfo, 'company-modal-en-ZA', { fullPage: false });
});
