import type { Page } from '@playwright/test';
import { checkScreen, expect, test } from './fixtures';
import { apiSession, invoiceBoxes, openInvoices, simulateBar } from './flow-fixtures';
import {
  AURORA,
  BOREAL,
  BUYER,
  batchFunding,
  crossingBands,
  funderId,
  OFFERS_PROGRAM,
  offersData,
  offersSupplier,
  postOffer,
} from './offer-fixtures';

/** Text as read, the currency's no-break space as a plain one. */
const read = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s/g, ' ');

/** Both invoices of the program, simulated from its list as the supplier does. */
async function simulateBoth(page: Page) {
  await openInvoices(page, OFFERS_PROGRAM);
  const boxes = invoiceBoxes(page);
  await expect(boxes).toHaveCount(2);
  for (const index of [0, 1]) await boxes.nth(index).check();
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
  await expect(page).toHaveURL(/\/anticipation\/simulation$/);
}

const otherOffers = (page: Page) => page.getByRole('list', { name: 'Outras ofertas' }).getByRole('listitem');

test('three offers: the winner named, another chosen, confirmed at it, and the request made at that offer', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ extra: offersData });
  const auroraOffer = await postOffer(world, 'aurora', crossingBands.aurora);
  await postOffer(world, 'boreal', crossingBands.boreal);
  const email = offersSupplier(world);
  const api = await apiSession(request, email);
  const { providerId } = await api.program(OFFERS_PROGRAM);

  await loginAs(email);
  await simulateBoth(page);
  // Boreal wins the set (its long band is the cheapest); Aurora and the program's own rate follow.
  const funder = page.getByTestId('funder');
  await expect(funder).toContainText(`Quem antecipa${BOREAL}Melhor oferta`);
  await expect(otherOffers(page)).toHaveCount(2);
  await expect(otherOffers(page).nth(0)).toContainText(AURORA);
  await expect(otherOffers(page).nth(0)).toContainText('a menos');
  await expect(otherOffers(page).nth(1)).toContainText(`${BUYER}Taxa do programa`);
  await expect(otherOffers(page).nth(1)).toContainText('Custo efetivo mensal');
  const auroraNet = (
    (await otherOffers(page).nth(0).getByRole('definition').first().textContent()) ?? ''
  ).replace(/\s/g, ' ');
  const bestNet = await read(page, 'net-amount');
  expect(auroraNet).toMatch(/^R\$ [\d.]+,\d{2}$/);
  expect(auroraNet).not.toBe(bestNet);
  await checkScreen(page, testInfo, 'simulation-offers');

  // Aurora chosen: its figures, its name; Boreal is now among the others, as the best.
  await page.getByRole('button', { name: `Escolher a oferta de ${AURORA}` }).click();
  await expect(funder).toContainText(`Quem antecipa${AURORA}`);
  await expect(funder).not.toContainText('Melhor oferta');
  await expect(page.getByTestId('net-amount')).toHaveText(auroraNet);
  await expect(otherOffers(page).nth(0)).toContainText(`${BOREAL}Melhor oferta`);
  await expect(otherOffers(page).nth(0)).toContainText('a mais');
  await expect(page.getByRole('table', { name: '2 títulos na simulação' }).getByRole('row')).toHaveCount(3);
  await checkScreen(page, testInfo, 'simulation-offers-chosen');

  await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
  const panel = page.getByRole('region', { name: 'Confirme a solicitação' });
  await expect(panel).toContainText(`Você receberá ${auroraNet} em 24 de nov. de 2026`);
  await expect(panel).toContainText(`Quem antecipa: ${AURORA}`);
  await checkScreen(page, testInfo, 'simulation-offers-confirmation');
  await panel.getByRole('button', { name: 'Confirmar antecipação' }).click();
  await expect(page.getByRole('dialog', { name: 'Antecipação solicitada' })).toContainText(
    `Você receberá ${auroraNet} em até 1 dia útil.`,
  );

  // The request is Aurora's, at the offer shown, for the amount shown.
  const [made] = (await api.batches(providerId)).content;
  expect(await batchFunding(made!.id)).toEqual({
    funderId: await funderId(world, 'aurora'),
    offerId: auroraOffer,
  });
  const detail = await api.detail(made!.id);
  expect(
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
      .format(detail.total)
      .replace(/\s/g, ' '),
  ).toBe(auroraNet);
});

test('the offers in each language: who pays, the other offers and their figures in its words', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ extra: offersData });
  await postOffer(world, 'aurora', crossingBands.aurora);
  await postOffer(world, 'boreal', crossingBands.boreal);
  await loginAs(offersSupplier(world));
  await simulateBoth(page);
  await expect(otherOffers(page)).toHaveCount(2);
  // The footer's choice, on the page itself: the simulation stays, in the other language.
  const words = [
    ['pt-PT', 'Quem antecipa', 'Outras ofertas', 'Taxa do programa'],
    ['en', 'Funded by', 'Other offers', 'The program’s own rate'],
    ['en-ZA', 'Funded by', 'Other offers', 'The programme’s own rate'],
  ] as const;
  for (const [locale, funder, title, house] of words) {
    await page.getByRole('combobox', { name: /^(Idioma|Language)$/ }).selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('funder')).toContainText(`${funder}${BOREAL}`);
    const others = page.getByRole('list', { name: title }).getByRole('listitem');
    await expect(others.nth(1)).toContainText(`${BUYER}${house}`);
    await checkScreen(page, testInfo, `simulation-offers-${locale}`);
  }
});

// A race the server settles: the same on any screen (the phone's look is the test above's).
test(
  'the offer shown replaced before confirm: its message, fresh offers, the same invoices, then the request at the new offer',
  {
    tag: '@one-viewport',
  },
  async ({ page, request, seed, loginAs }, testInfo) => {
    const world = await seed({ extra: offersData });
    await postOffer(world, 'aurora', crossingBands.aurora);
    await postOffer(world, 'boreal', crossingBands.boreal);
    const email = offersSupplier(world);
    const api = await apiSession(request, email);
    const { providerId } = await api.program(OFFERS_PROGRAM);
    const requests = async () => (await api.batches(providerId)).totalElements;

    await loginAs(email);
    await simulateBoth(page);
    await expect(page.getByTestId('funder')).toContainText(BOREAL);
    const before = await read(page, 'net-amount');
    await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
    const panel = page.getByRole('region', { name: 'Confirme a solicitação' });
    await expect(panel).toContainText(`Quem antecipa: ${BOREAL}`);

    // Boreal asks more meanwhile: a new offer, the one shown ends.
    const newBoreal = await postOffer(world, 'boreal', [
      { upToDays: 30, monthlyRate: '0.015' },
      { upToDays: 90, monthlyRate: '0.011' },
    ]);
    await panel.getByRole('button', { name: 'Confirmar antecipação' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Esta oferta não pode mais levar estes títulos' });
    await expect(alert).toContainText('Simulamos de novo: os valores abaixo são os das ofertas atuais.');
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('net-amount')).not.toHaveText(before);
    const after = await read(page, 'net-amount');
    await expect(page.getByTestId('funder')).toContainText(BOREAL);
    await expect(page.getByRole('table', { name: '2 títulos na simulação' }).getByRole('row')).toHaveCount(3);
    expect(await requests()).toBe(0);
    await checkScreen(page, testInfo, 'simulation-offer-replaced');

    await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
    await panel.getByRole('button', { name: 'Confirmar antecipação' }).click();
    await expect(page.getByRole('dialog', { name: 'Antecipação solicitada' })).toContainText(
      `Você receberá ${after} em até 1 dia útil.`,
    );
    expect(await requests()).toBe(1);
    const [made] = (await api.batches(providerId)).content;
    expect(await batchFunding(made!.id)).toEqual({
      funderId: await funderId(world, 'boreal'),
      offerId: newBoreal,
    });
  },
);
