import type { Page } from '@playwright/test';
import { desc, eq } from 'drizzle-orm';
import { organizations, quotes } from '../apps/api/src/db/schema';
import { placeBid } from '../apps/api/src/modules/quotes/bids';
import { E2E_NOW, runDatabase } from './data-fixtures';
import { checkScreen, expect, test } from './fixtures';
import { apiSession, invoiceBoxes, openInvoices, simulateBar } from './flow-fixtures';
import {
  AURORA,
  BOREAL,
  batchFunding,
  funderId,
  OFFERS_PROGRAM,
  offersData,
  offersSupplier,
} from './offer-fixtures';

/*
 * Asking the funders (docs/product/auction.md, docs/product/screens-and-routes.md#ask-funders): the offers
 * program's two invoices (R$ 15.000,00) are above its quote minimum (R$ 10.000,00 here); the supplier asks, the
 * two funders bid (as their clients' POST does: the API module's own function, the route adds the token), the
 * bids show without a reload with the time left, best first, and the best is taken as the request.
 */

/** The offers world with a quote minimum its two invoices reach. */
const quoteData = (world: { tag: string }) => {
  const data = offersData(world);
  Object.assign(data.programs![0]!, { quoteMinimum: '10000.00' });
  return data;
};

/** A funder's bid on the quote, as its client's POST makes it (E2E_NOW is the server's frozen clock). */
async function bidAs(
  world: { tag: string },
  funder: 'aurora' | 'boreal',
  quoteId: number,
  monthlyRate: string,
) {
  const [organization] = await runDatabase()
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, 'demo'));
  return placeBid(
    runDatabase(),
    { organizationId: organization!.id, funderId: await funderId(world, funder) },
    { quoteId, monthlyRate, now: new Date(E2E_NOW) },
  );
}

async function simulateBoth(page: Page) {
  await openInvoices(page, OFFERS_PROGRAM);
  const boxes = invoiceBoxes(page);
  await expect(boxes).toHaveCount(2);
  for (const index of [0, 1]) await boxes.nth(index).check();
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
  await expect(page).toHaveURL(/\/anticipation\/simulation$/);
}

test('asking the funders: bids arrive within 3 s without a reload, best first, and the best is the request', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ extra: quoteData });
  const email = offersSupplier(world);
  const api = await apiSession(request, email);
  const { providerId } = await api.program(OFFERS_PROGRAM);
  // The browser at the server's frozen instant, its time flowing: the time left counts down from 10 minutes.
  await page.clock.install({ time: new Date(E2E_NOW) });
  await loginAs(email);
  await simulateBoth(page);

  const section = page.getByRole('region', { name: 'Pedir lances aos financiadores' });
  await expect(section).toContainText('Estes títulos somam o bastante para pedir lances');
  await checkScreen(page, testInfo, 'quote-ask');
  await section.getByRole('button', { name: 'Pedir lances' }).click();
  await expect(section.getByRole('timer')).toHaveText(/^Tempo restante: (10:00|9:[0-5]\d)$/);
  await expect(section.getByRole('status')).toHaveText('Nenhum lance ainda');
  const [quote] = await runDatabase()
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.programProviderId, providerId))
    .orderBy(desc(quotes.id))
    .limit(1);

  // The budget: a bid is on the supplier's screen within 3 s of its 201.
  const bids = section.getByTestId('quote-bid');
  await bidAs(world, 'aurora', quote!.id, '0.007');
  const answered = Date.now();
  await expect(bids).toHaveCount(1, { timeout: 3000 });
  const shownAfterMs = Date.now() - answered;
  testInfo.annotations.push({ type: 'bid shown after (ms)', description: String(shownAfterMs) });
  expect(shownAfterMs).toBeLessThan(3000);
  await bidAs(world, 'boreal', quote!.id, '0.006');
  await expect(bids).toHaveCount(2);
  await expect(bids.nth(0)).toContainText(`${BOREAL}Melhor lance`);
  await expect(bids.nth(0)).toContainText('Taxa mensal0,6%');
  await expect(bids.nth(1)).toContainText(AURORA);
  await expect(section.getByRole('status')).toHaveText('2 lances');
  await expect(section.getByTestId('quote-best-offer')).toContainText('Melhor oferta vigente: Horizonte');
  await checkScreen(page, testInfo, 'quote-bids');

  // The same in each language, on the page itself.
  const words = [
    ['pt-PT', 'Pedir propostas aos financiadores', 'Melhor proposta'],
    ['en', 'Ask the funders for bids', 'Best bid'],
    ['en-ZA', 'Ask the funders for bids', 'Best bid'],
    ['pt-BR', 'Pedir lances aos financiadores', 'Melhor lance'],
  ] as const;
  for (const [locale, title, best] of words) {
    await page.getByRole('combobox', { name: /^(Idioma|Language)$/ }).selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const region = page.getByRole('region', { name: title });
    await expect(region.getByTestId('quote-bid').nth(0)).toContainText(`${BOREAL}${best}`);
    if (locale !== 'pt-BR') await checkScreen(page, testInfo, `quote-bids-${locale}`);
  }

  await section.getByRole('button', { name: `Aceitar o lance de ${BOREAL}` }).click();
  await expect(section).toContainText(`${BOREAL} antecipa estes títulos: você recebe`);
  await checkScreen(page, testInfo, 'quote-confirm');
  await section.getByRole('button', { name: 'Confirmar antecipação' }).click();
  await expect(page.getByRole('dialog', { name: 'Antecipação solicitada' })).toBeVisible();

  // The request is Boreal's, at its bid (no standing offer).
  const [made] = (await api.batches(providerId)).content;
  expect(await batchFunding(made!.id)).toEqual({ funderId: await funderId(world, 'boreal'), offerId: null });
});
