import type { Page } from '@playwright/test';
import { checkScreen, expect, test } from './fixtures';
import { flowData, openInvoices, rolagem, SCROLL_CREDITS } from './flow-fixtures';

/** Rows (laptop) or cards (phone) of the invoice list that are in the DOM right now. */
const domRows = (page: Page) =>
  page.locator('main table tbody tr[aria-rowindex], main ul li[data-index]').count();

/**
 * Scrolls to the bottom until every page is loaded (30 per page, the next one asked for 15 rows before the
 * end), counting the rows in the DOM after each step. Returns the largest count seen.
 */
async function scrollToEnd(page: Page, total: number): Promise<number> {
  const loaded = page.getByTestId('loaded-count');
  let most = 0;
  for (let step = 0; step < 400; step += 1) {
    const text = (await loaded.textContent()) ?? '';
    most = Math.max(most, await domRows(page));
    if (text.startsWith(`${total} de ${total}`)) return most;
    // Scrolls again until the next page arrives, as a user at the bottom would: on the phone the cards are
    // measured after they render, so a scroll made just before the list grew can stop short of the end.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(loaded).not.toHaveText(text, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
  throw new Error('the list never finished loading');
}

// On the phone only, the list's harder case (its cards are measured once drawn); the laptop's table keeps its
// bounded DOM across every page of the demo program (below). Why: docs/decisions/test-run-time.md#scroll-phone-only.
test(
  '3,000 invoices: infinite scroll to the end with a bounded DOM',
  { tag: '@phone-only' },
  async ({ page, seed, loginAs }, testInfo) => {
    test.setTimeout(240_000);
    const world = await seed({ extra: flowData(['scroll']) });
    await loginAs(rolagem(world));
    await openInvoices(page, 'Horizonte Fornecedores');
    await expect(page.getByTestId('loaded-count')).toHaveText(`30 de ${SCROLL_CREDITS} títulos carregados`);
    const most = await scrollToEnd(page, SCROLL_CREDITS);
    const atEnd = await domRows(page);
    const note = `[${testInfo.project.name}] ${SCROLL_CREDITS} invoices loaded: ${atEnd} rows in the DOM at the end, at most ${most} while scrolling`;
    console.log(note);
    await testInfo.attach('dom-rows.txt', { body: `${note}\n` });
    expect(most).toBeLessThan(80);
    // At the very bottom the last invoice is on screen: the scroll height is the whole list's. On a busy machine
    // the virtual list may still be measuring its last rows when the first jump lands, so the jump is repeated
    // until it stays at the bottom, as a user would scroll again.
    const last = page.locator(`main ul li[data-index="${SCROLL_CREDITS - 1}"]`);
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(last).toBeInViewport({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await checkScreen(page, testInfo, 'invoices-scrolled-end', { fullPage: false });
    // Back to the top: the first rows are rendered again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(
      page.getByRole('checkbox', { name: /^Selecionar a nota 8\d{5}, parcela/ }).first(),
    ).toBeVisible();
  },
);

test('the demo program (about 430 invoices): the DOM stays bounded after loading every page', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await openInvoices(page, 'Horizonte Fornecedores');
  const total = Number(((await page.getByTestId('loaded-count').textContent()) ?? '').match(/de (\d+)/)?.[1]);
  const most = await scrollToEnd(page, total);
  const note = `[${testInfo.project.name}] ${total} invoices loaded: at most ${most} rows in the DOM`;
  console.log(note);
  await testInfo.attach('dom-rows-demo.txt', { body: `${note}\n` });
  expect(most).toBeLessThan(80);
});
