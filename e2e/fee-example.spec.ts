import { checkScreen, expect, test } from './fixtures';

// The fee example of the demo's Horizonte Fornecedores (1.5 % a month, 0.35 % per transaction, IOF 0.0082 % a
// day + 0.38 %, bank fee 3,50) in each language: its lines must add up to what it says the supplier receives.
// It showed 10.000,00 − 150,00 − 35,00 and then 9.749,84 (IOF and the bank fee unnamed).
const screens = {
  'pt-BR': {
    select: /^Selecionar a nota /,
    simulate: 'Simular selecionados',
    open: 'Como as taxas são calculadas',
    title: 'Exemplo de taxas',
    received: 'R$ 9.749,84',
    terms: [
      'Taxa de desconto',
      'Tarifa da plataforma',
      'Valor do título',
      'Desconto',
      'Tarifa da plataforma',
      'IOF diário',
      'IOF fixo',
      'Tarifa bancária',
      'Você recebe',
    ],
  },
  'pt-PT': {
    select: /^Selecionar a fatura /,
    simulate: 'Simular selecionadas',
    open: 'Como são calculadas as taxas',
    title: 'Exemplo de taxas',
    received: '9749,84 R$',
    terms: [
      'Taxa de desconto',
      'Comissão da plataforma',
      'Valor da fatura',
      'Desconto',
      'Comissão da plataforma',
      'IOF diário',
      'IOF fixo',
      'Comissão bancária',
      'Recebe',
    ],
  },
  en: {
    select: /^Select invoice /,
    simulate: 'Simulate selected',
    open: 'How the fees are calculated',
    title: 'Fee example',
    received: 'R$9,749.84',
    terms: [
      'Discount rate',
      'Platform fee',
      'Invoice amount',
      'Discount',
      'Platform fee',
      'IOF (daily)',
      'IOF (fixed)',
      'Bank fee',
      'You receive',
    ],
  },
  'en-ZA': {
    select: /^Select invoice /,
    simulate: 'Quote selected',
    open: 'How the fees are calculated',
    title: 'Fee example',
    received: 'R$9 749,84',
    terms: [
      'Discount rate',
      'Platform fee',
      'Invoice amount',
      'Discount',
      'Platform fee',
      'IOF (daily)',
      'IOF (fixed)',
      'Bank fee',
      'You receive',
    ],
  },
} as const;

/** Centavos of an amount as shown, in any of the four formats: every amount has two decimals. */
const shownCents = (text: string) => Number(text.replace(/\D/g, ''));

for (const [locale, screen] of Object.entries(screens)) {
  test(`${locale}: the fee example names every part, and its lines add up to what the supplier receives`, async ({
    page,
    seed,
    loginAs,
    useLocale,
  }, testInfo) => {
    const world = await seed({ users: ['ana'] });
    await useLocale(locale);
    await loginAs(world.email.ana);
    await page.goto('/program-selection');
    await page.getByRole('link', { name: /Horizonte Fornecedores/ }).click();
    await page.getByRole('checkbox', { name: screen.select }).first().check();
    await page.getByRole('button', { name: screen.simulate }).click();
    await page.getByRole('button', { name: screen.open }).click();
    const example = page.getByRole('dialog', { name: screen.title });
    await expect(example.getByText(screen.received)).toBeVisible();

    // The amounts as shown, top to bottom: the value, each part (after a minus sign), what is received.
    const amounts = await example.getByText(/R\$/).allInnerTexts();
    const value = amounts[0]!;
    const received = amounts.at(-1)!;
    const parts = amounts.slice(1, -1);
    for (const part of parts) expect(part, 'a part of the difference').toMatch(/^− /);
    const partsCents = parts.map(shownCents);
    expect(shownCents(value) - partsCents.reduce((sum, cents) => sum + cents, 0), amounts.join(' | ')).toBe(
      shownCents(received),
    );
    // 150,00 discount, 35,00 platform fee, 24,23 daily and 37,43 fixed IOF, 3,50 bank fee.
    expect(partsCents).toEqual([15_000, 3_500, 2_423, 3_743, 350]);
    await expect(example.getByRole('term')).toHaveText([...screen.terms]);
    await checkScreen(page, testInfo, `fee-example-${locale}`, { fullPage: false });
  });
}
