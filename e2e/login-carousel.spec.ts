import { expect, test } from './fixtures';

const slide = (title: string) => ({ level: 2, name: title });

test('the login carousel turns every 5 s, pauses on hover, and stays still for reduced motion', {
  tag: '@one-viewport',
}, async ({ page }) => {
  // The suite runs with reduced motion (playwright.config.ts); this test needs the motion back.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.clock.install();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Por que antecipar com o Giro' });
  await expect(carousel.getByRole('heading', slide('Receba antes do vencimento'))).toBeVisible();
  // The first slide is there on arrival (it is the page's largest text: no fade-in to wait for); only a
  // change of slide slides in.
  const animationOf = (title: string) =>
    carousel
      .getByRole('group')
      .filter({ has: page.getByRole('heading', slide(title)) })
      .evaluate((element) => getComputedStyle(element).animationName);
  expect(await animationOf('Receba antes do vencimento')).toBe('none');

  await page.clock.runFor(5000);
  await expect(carousel.getByRole('heading', slide('Custos claros'))).toBeVisible();
  expect(await animationOf('Custos claros')).not.toBe('none');

  await carousel.hover();
  await page.clock.runFor(10_000);
  await expect(carousel.getByRole('heading', slide('Custos claros'))).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(5000);
  await expect(carousel.getByRole('heading', slide('Dinheiro na conta em dias úteis'))).toBeVisible();

  await carousel.getByRole('button', { name: 'Mostrar o destaque 1 de 4' }).click();
  await expect(carousel.getByRole('heading', slide('Receba antes do vencimento'))).toBeVisible();

  // Less motion asked for (the page has seen it once the pause button goes), then nothing holds the carousel
  // (mouse and focus leave it) but that preference.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(carousel.getByRole('button', { name: 'Pausar a rotação' })).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(15_000);
  await expect(carousel.getByRole('heading', slide('Receba antes do vencimento'))).toBeVisible();
});
