import { checkScreen, expect, test } from './fixtures';
import { expectDashboardDrawn, isPhone } from './flow-fixtures';

test('dashboard: greeting, three programs with see-all, next invoices with calculate, the portfolio chart and its table', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana!' })).toBeVisible();

  const programs = page.getByRole('region', { name: 'Seus programas' });
  await expect(programs.getByRole('link')).toHaveCount(4); // 3 programs + see all
  await expect(programs.getByRole('link', { name: /Horizonte Fornecedores/ })).toContainText(
    '43.117.052/0001-55',
  );
  await expect(programs.getByRole('link', { name: /Horizonte Fornecedores/ })).toContainText(
    'Horizonte Alimentos S.A.',
  );
  await expect(programs.getByRole('link', { name: /Horizonte Fornecedores/ })).toContainText(
    /R\$\s[\d.]+,\d{2}/,
  );

  const calculateButtons = page.getByRole('button', { name: /^Calcular a antecipação da nota / });
  if (isPhone(testInfo)) {
    // One line per invoice on a phone, no sideways table.
    await expect(page.getByRole('list', { name: 'Próximos vencimentos' }).getByRole('listitem')).toHaveCount(
      5,
    );
  } else {
    const next = page.getByRole('table', { name: 'Próximos vencimentos' });
    await expect(next.getByRole('row')).toHaveCount(6); // header + 5
    await expect(next.getByRole('columnheader')).toHaveText(['Cliente', 'Vencimento', 'Valor', 'Ações']);
  }
  await expect(calculateButtons).toHaveCount(5);

  const portfolio = page.getByRole('region', { name: 'Sua carteira nos últimos 3 meses' });
  const figures = portfolio.getByRole('table', { name: 'Valores a receber e antecipados por mês' });
  await expect(figures.getByRole('row')).toHaveCount(4); // header + 3 months
  await expect(figures.getByRole('rowheader')).toHaveText([
    /set\. de 2026/,
    /out\. de 2026/,
    /nov\. de 2026/,
  ]);
  // The chart arrives with its own chunk (dynamic import) once its place nears the viewport (below the fold on
  // a phone), and draws one bar group per month.
  await portfolio.scrollIntoViewIfNeeded();
  await expect(portfolio.locator('.recharts-surface')).toBeVisible();
  await expectDashboardDrawn(page);
  await checkScreen(page, testInfo, 'dashboard');

  await programs.getByRole('link', { name: 'Ver todos os programas' }).click();
  await expect(page).toHaveURL(/\/program-selection$/);
  await page.goBack();

  // Calculate opens the simulation of that one invoice.
  const first = calculateButtons.first();
  const label = (await first.getAttribute('aria-label')) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/anticipation\/simulation$/);
  await expect(page.getByText('1 título do programa')).toBeVisible();
  await expect(page.getByRole('table', { name: '1 título na simulação' })).toContainText(
    label.replace(/\D+/, ''),
  );
});

test('back on the dashboard from another page, its sections show at once, with no loading state in between', async ({
  page,
  seed,
  loginAs,
}) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await page.goto('/dashboard');
  const programs = page.getByRole('region', { name: 'Seus programas' });
  // Every section has its data before the user leaves: what comes back at once is what was loaded (a section
  // left while loading starts again on return).
  await expect(programs.getByRole('link', { name: /Horizonte Fornecedores/ })).toBeVisible();
  const next = 'Próximos vencimentos';
  await expect(
    page.getByRole('table', { name: next }).or(page.getByRole('list', { name: next })),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sua carteira nos últimos 3 meses' }).getByRole('table'),
  ).toBeVisible();
  await programs.getByRole('link', { name: 'Ver todos os programas' }).click();
  await expect(page).toHaveURL(/\/program-selection$/);
  await expect(page.getByRole('main').getByRole('link', { name: /Horizonte Fornecedores/ })).toBeVisible();
  // Records every loading state (spinner or skeleton, role="status") that enters the page from here on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
    new MutationObserver(() => {
      // Only the dashboard's own: the page being left may still show its own state while it unmounts.
      if (location.pathname !== '/dashboard') return;
      document.querySelectorAll('main [role="status"]').forEach((status) => {
        // Where it showed, so a failure says which part waited: the section's heading, else the page's path.
        const section = status.closest('section')?.querySelector('h2')?.textContent ?? location.pathname;
        seen.push(`${status.getAttribute('aria-label') ?? status.textContent ?? ''} (${section})`);
      });
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana!' })).toBeVisible();
  await expect(programs).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sua carteira nos últimos 3 meses' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
});
