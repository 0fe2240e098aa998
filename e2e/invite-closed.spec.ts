import type { Page, TestInfo } from '@playwright/test';
import type { DemoInvite } from './data-fixtures';
import { expect, expectAccessible, holdRequests, screenshot, test } from './fixtures';
import { openInvite } from './invite-steps';

// Each test copies its demo invite (e2e/data-fixtures.ts); no-such-invite is a token nobody has.
const cases: { token: DemoInvite | 'no-such-invite'; message: string }[] = [
  { token: 'demo-invite-closed', message: 'Este convite foi encerrado.' },
  { token: 'demo-invite-confirmed', message: 'Este convite já foi aceito. Entre com seu e-mail e senha.' },
  { token: 'demo-invite-waiting', message: 'Este convite está aguardando confirmação.' },
  { token: 'no-such-invite', message: 'Convite não encontrado ou expirado.' },
];

/** The viewport as it is seen: the blocking error is a full-screen dialog over the page. */
async function viewportShot(page: Page, testInfo: TestInfo, screen: string) {
  await screenshot(page, testInfo, screen, { fullPage: false });
}

// The four differ in their message only: the phone keeps demo-invite-confirmed, the longest (its dialog and page
// are the 375 px scans of both states); the others run on one viewport (playwright.config.ts, @one-viewport).
for (const { token, message } of cases) {
  const details = token === 'demo-invite-confirmed' ? {} : { tag: '@one-viewport' };
  test(
    `an invite that cannot be used (${token}) shows its blocking error with the understood action`,
    details,
    async ({ page, seed }, testInfo) => {
      const own =
        token === 'no-such-invite'
          ? token
          : (await seed({ invites: [token], participations: false })).invite[token].token;
      await page.goto(`/accept-invite/${own}?companyName=Alfa%20Componentes&organizationName=Giro%20Demo`);
      const blocking = page.getByRole('dialog');
      await expect(blocking.getByText(message)).toBeVisible();
      await viewportShot(page, testInfo, `invite-error-${token}`);
      await expectAccessible(page);
      await blocking.getByRole('button', { name: 'Entendi' }).click();
      await expect(blocking).toBeHidden();

      // The flow stops: no wizard, the same message stays on the page with a next step.
      await expect(page.getByRole('heading', { name: 'Convite indisponível' })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Começar' })).toHaveCount(0);
      await viewportShot(page, testInfo, `invite-unavailable-${token}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Ir para o login' }).click();
      await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
    },
  );
}

test('the welcome names company, identification and organization from the query while the invite loads', async ({
  page,
  seed,
}, testInfo) => {
  const invite = await openInvite(seed, testInfo);
  // Hold the invite's answer so the loading welcome can be seen.
  const { release } = await holdRequests(page, '**/api/webapp/invites/*');
  await page.goto(
    `/accept-invite/${invite.token}?companyName=${encodeURIComponent(invite.company)}&identification=${invite.identification}&organizationName=Giro%20Demo`,
  );
  await expect(page.getByRole('heading', { name: 'Você recebeu um convite' })).toBeVisible();
  await expect(page.getByText(invite.company, { exact: true })).toBeVisible();
  await expect(page.getByText(invite.identificationShown)).toBeVisible();
  await expect(page.getByText('CNPJ', { exact: true })).toBeVisible();
  await expect(page.getByText('Giro Demo', { exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Verificando o convite…');
  await expect(page.getByRole('button', { name: 'Começar' })).toBeDisabled();
  await viewportShot(page, testInfo, 'invite-welcome-loading');
  await expectAccessible(page);
  release();
  await expect(page.getByRole('button', { name: 'Começar' })).toBeEnabled();
  // The invite's own data replaces the preview.
  await expect(page.getByText(invite.companyName, { exact: true })).toBeVisible();
});
