import type { Locator, Page } from '@playwright/test';
import { checkScreen, expect, test } from './fixtures';
import { apiSession } from './flow-fixtures';

/** The bell of the provider header: its name says the unread count ("Notificações" alone when none). */
const bell = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Notificações' });

/** On a phone the panel must fit the 375 px screen. */
async function expectWithinScreen(page: Page, panel: Locator) {
  const box = (await panel.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('a request made through the API shows up unread in the bell; opening it marks it read and goes to the request', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  const batchId = await api.requestFirst('Horizonte Logística');

  await loginAs(world.email.ana);
  await page.goto('/dashboard');
  const unread = bell(page, 'Notificações, 1 não lida');
  await expect(unread).toBeVisible();
  await expect(unread).toHaveText('1');
  await unread.click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  const item = panel.getByRole('link', { name: new RegExp(`^Não lida: Solicitação nº ${batchId} recebida`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Horizonte Logística');
  await expect(item).toHaveAttribute('href', `/anticipation/history/${batchId}`);
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expectWithinScreen(page, panel);
  await checkScreen(page, testInfo, 'inbox-panel', { fullPage: false });

  const opened = page.waitForURL(new RegExp(`/anticipation/history/${batchId}$`));
  await item.click();
  await opened;
  await expect(panel).toBeHidden();
  await expect.poll(async () => (await api.inbox()).unread).toBe(0);
  expect((await api.inbox()).content[0]).toMatchObject({ batchId, readAt: expect.any(String) });
  await expect(bell(page, 'Notificações')).toHaveText('');
});

// The count read again on focus and the server's read marks: the same on any screen. The phone's panel (its
// fit within 375 px, its scan) is the first test's.
test('the count follows the window’s focus; mark all as read; the empty inbox says so', {
  tag: '@one-viewport',
}, async ({ page, request, seed, loginAs }) => {
  const world = await seed({ users: ['ana'] });
  const api = await apiSession(request, world.email.ana);
  await loginAs(world.email.ana);
  await page.goto('/dashboard');
  const none = bell(page, 'Notificações');
  await expect(none).toBeVisible();
  await expect(none).toHaveText('');
  await none.click();
  const panel = panelOf(page);
  await expect(panel.getByText(/^Nenhuma notificação por enquanto/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(none).toBeFocused();

  // Two requests made elsewhere; the count is read again when the window regains focus.
  await api.requestFirst('Horizonte Logística');
  await api.requestFirst('Horizonte Fornecedores');
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  const two = bell(page, 'Notificações, 2 não lidas');
  await expect(two).toHaveText('2');

  await two.click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('link', { name: /^Não lida: / })).toHaveCount(2);
  // Newest first.
  await expect(panel.getByRole('listitem').first()).toContainText('Horizonte Fornecedores');
  await panel.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(bell(page, 'Notificações')).toHaveText('');
  await expect(panel.getByRole('link', { name: /^Não lida: / })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  expect((await api.inbox()).unread).toBe(0);
});

test('profile: one e-mail switch per event type; one turned off stays off after a reload', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['carlos'], participations: false });
  const api = await apiSession(request, world.email.carlos);
  await loginAs(world.email.carlos);

  // Linkable: /profile#notifications opens the section and scrolls to it (on a phone it is below the sidebar).
  await page.goto('/profile#notifications');
  const section = page.getByRole('heading', { level: 2, name: 'Notificações por e-mail' });
  await expect(section).toBeInViewport();
  const choices = page.getByRole('group', { name: 'Enviar um e-mail quando' });
  await expect(choices.getByRole('switch')).toHaveCount(8);
  for (const input of await choices.getByRole('switch').all()) await expect(input).toBeChecked();
  const paid = choices.getByRole('switch', { name: 'Uma solicitação for paga' });
  await paid.uncheck();
  await expect(paid).not.toBeChecked();
  await expect(page.getByText('Alterações ainda não salvas.')).toBeVisible();
  await checkScreen(page, testInfo, 'profile-notifications');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preferências de e-mail salvas.' })).toBeVisible();
  await expect(page.getByText('Alterações ainda não salvas.')).toBeHidden();
  expect((await api.preferences()).email).toMatchObject({ BATCH_PAID: false, BATCH_REQUESTED: true });

  await page.reload();
  await expect(paid).not.toBeChecked();
  await expect(choices.getByRole('switch', { name: /^Uma solicitação de antecipação/ })).toBeChecked();
  await expect(choices.getByRole('switch', { checked: true })).toHaveCount(7);

  // The sidebar leads there too.
  await page.goto('/profile');
  const nav = page.getByRole('navigation', { name: 'Seções do perfil' });
  await nav.getByRole('link', { name: 'Notificações por e-mail' }).click();
  await expect(page).toHaveURL(/\/profile#notifications$/);
  await expect(paid).not.toBeChecked();
});
