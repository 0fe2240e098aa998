import type { Page } from '@playwright/test';
import type { ImportFileInput } from '@portal/contract';
import type { World } from './data-fixtures';
import { checkScreen, expect, test } from './fixtures';
import { invoiceBoxes, isPhone, openInvoices, program, simulateBar } from './flow-fixtures';

/*
 * The invoices page's "not available" list (docs/product/screens-and-routes.md#not-available). Ana's company
 * takes part in a program of the test's own with two invoices that can be advanced, two due too soon (the
 * server's day is Monday 2026-11-23, 10:00: a request now is paid on 11-24, so 11-25 is the first due date that
 * can be advanced) and one the buyer withdrew.
 */
const PROGRAM = 'E2E Não Antecipáveis';

function notAvailableData(world: World): ImportFileInput {
  const programRef = `e2e-nao-antecipaveis-${world.tag}`;
  const participation = `e2e-alfa-nao-antecipaveis-${world.tag}`;
  const credit = (n: number, expireDate: string, status: 'AVAILABLE' | 'UNAVAILABLE') => ({
    ref: `${participation}-${n}`,
    programProvider: participation,
    nfNumber: `77000${n}`,
    nfSerial: '1',
    installmentNumber: n,
    orderDetail: null,
    issueDate: '2026-11-02',
    expireDate,
    originalValue: `${n}234.56`,
    kind: 'GOODS',
    status,
  });
  return {
    programs: [program(programRef, PROGRAM)],
    programProviders: [
      {
        ref: participation,
        program: programRef,
        company: world.companyRef('alfa'),
        status: 'ACTIVATED',
        providerCanNotAnticipateHtml: null,
      },
    ],
    credits: [
      credit(1, '2026-12-28', 'AVAILABLE'),
      credit(2, '2027-01-15', 'AVAILABLE'),
      credit(3, '2026-11-23', 'AVAILABLE'),
      credit(4, '2026-11-24', 'AVAILABLE'),
      credit(5, '2026-12-21', 'UNAVAILABLE'),
    ],
  } as ImportFileInput;
}

/** Each invoice of the not-available list with its reason, in order (a table row or a card). */
async function listedReasons(page: Page, phone: boolean) {
  const items = phone ? page.locator('li[data-credit]') : page.locator('tr[data-credit]');
  await expect(items).toHaveCount(3);
  return (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

test('pt-BR: the invoices that cannot be advanced, each with its reason, beside the available ones', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'], participations: false, extra: notAvailableData });
  await loginAs(world.email.ana);
  await openInvoices(page, PROGRAM);
  await expect(page.getByTestId('loaded-count')).toHaveText('2 de 2 títulos carregados');
  // A selection made in the available list is still there after a look at the other one.
  await invoiceBoxes(page).first().check();

  const views = page.getByRole('radiogroup', { name: 'Títulos do programa' });
  await views.getByText('Não antecipáveis').click();
  await expect(views.getByRole('radio', { name: 'Não antecipáveis' })).toBeChecked();
  await expect(simulateBar(page)).toBeHidden();
  const reasons = await listedReasons(page, isPhone(testInfo));
  expect(reasons[0]).toContain('770003');
  expect(reasons[0]).toContain('Vencimento em 23/11/2026, próximo demais para antecipar');
  expect(reasons[1]).toContain('770004');
  expect(reasons[1]).toContain('Vencimento em 24/11/2026, próximo demais para antecipar');
  expect(reasons[2]).toContain('770005');
  expect(reasons[2]).toContain('Retirado pelo sacado');
  expect(reasons[2]).toContain('R$ 5.234,56');
  await checkScreen(page, testInfo, 'invoices-not-available-pt-BR');

  await views.getByText('Disponíveis').click();
  await expect(page.getByTestId('loaded-count')).toHaveText('2 de 2 títulos carregados');
  await expect(invoiceBoxes(page).first()).toBeChecked();
  await expect(simulateBar(page)).toContainText('1 título selecionado');
  await checkScreen(page, testInfo, 'invoices-available-with-control', { fullPage: false });
});

// Wording: the phone keeps the pt-BR case, the longer strings, whose cards are scanned at 375 px.
test(
  'en: the reasons in English',
  { tag: '@one-viewport' },
  async ({ page, seed, loginAs, useLocale }, testInfo) => {
    const world = await seed({ users: ['ana'], participations: false, extra: notAvailableData });
    await useLocale('en');
    await loginAs(world.email.ana);
    await page.goto('/program-selection');
    await page.getByRole('link', { name: new RegExp(PROGRAM) }).click();
    const views = page.getByRole('radiogroup', { name: 'Invoices of the program' });
    await views.getByText('Not available').click();
    const reasons = await listedReasons(page, isPhone(testInfo));
    expect(reasons).toEqual([
      expect.stringContaining('Due 11/23/2026, too soon to be paid early'),
      expect.stringContaining('Due 11/24/2026, too soon to be paid early'),
      expect.stringContaining('Withdrawn by the buyer'),
    ]);
    await checkScreen(page, testInfo, 'invoices-not-available-en');
  },
);

// Whether the control is there does not depend on the screen: one viewport (playwright.config.ts).
test('without invoices that cannot be advanced there is no control, only the list', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  const world = await seed({
    users: ['ana'],
    participations: false,
    extra: (w) => {
      const doc = notAvailableData(w);
      return { ...doc, credits: doc.credits!.filter((c) => c.expireDate > '2026-12-21') };
    },
  });
  await loginAs(world.email.ana);
  await openInvoices(page, PROGRAM);
  await expect(page.getByTestId('loaded-count')).toHaveText('2 de 2 títulos carregados');
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
});
