import { expect, test } from './fixtures';

test('the early-payment pages need their navigation state: a direct visit goes to /dashboard', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  for (const path of ['/anticipation/invoices', '/anticipation/simulation', '/anticipation/history']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana!' })).toBeVisible();
  }
  // A simulation needs the ids too, not only the program.
  await page.evaluate(() => {
    window.history.pushState(
      { usr: { program: { id: 1 } }, key: 'x', idx: 1 },
      '',
      '/anticipation/simulation',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page).toHaveURL(/\/dashboard$/);
});
