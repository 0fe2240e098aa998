import { estimateProgramProviderCall } from '@portal/contract';
import { checkScreen, expect, test } from './fixtures';
import { apiSession } from './flow-fixtures';

test('a company that cannot anticipate: the dashboard names it and offers no programs', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['gabriel'] });
  await loginAs(world.email.gabriel);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Gabriel!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Antecipação indisponível' })).toContainText(
    'A empresa Gama Comércio Ltda (CNPJ/CPF 17.645.209/0001-05) não está habilitada para antecipar títulos.',
  );
  await expect(page.getByRole('region', { name: 'Seus programas' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Calcular/ })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Sua carteira nos últimos 3 meses' }).locator('.recharts-surface'),
  ).toBeVisible();
  await checkScreen(page, testInfo, 'dashboard-cannot-anticipate');
});

test('a company that cannot anticipate: the program selection and the anticipation pages lead to the dashboard', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['gabriel'] });
  // Gama takes part in Horizonte Logística, with open invoices.
  const api = await apiSession(request, world.email.gabriel);
  const [program] = await api.programs();
  await loginAs(world.email.gabriel);
  const message = page.getByRole('status').filter({ hasText: 'Antecipação indisponível' });
  for (const address of ['/program-selection', '/anticipation/invoices', '/anticipation/simulation']) {
    await page.goto(address);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(message).toContainText(
      'A empresa Gama Comércio Ltda (CNPJ/CPF 17.645.209/0001-05) não está habilitada para antecipar títulos.',
    );
    await expect(page.getByText('Disponível para antecipar')).toHaveCount(0);
    if (address === '/program-selection') {
      // The chart drawn before the picture (its chunk loads as it nears the viewport).
      const chart = page.getByTestId('portfolio-chart');
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator('.recharts-surface')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkScreen(page, testInfo, 'cannot-anticipate-typed-address');
    }
  }
  // The requests it made before stay its to follow: the history opens.
  const history = `/anticipation/history?providerId=${program!.providerId}&programId=${program!.id}`;
  await page.goto(history);
  await expect(page.getByRole('heading', { name: 'Solicitações realizadas' })).toBeVisible();
  await expect(page).toHaveURL(/\/anticipation\/history/);
  // None of its invoices can be advanced by it (value 0), and the estimate answers the request's own refusal,
  // before any figure.
  expect(program).toMatchObject({ name: 'Horizonte Logística', value: 0 });
  const response = await api.send(estimateProgramProviderCall, { params: { id: program!.providerId } });
  expect({ status: response.status(), body: await response.json() }).toEqual({
    status: 400,
    body: {
      httpStatus: 400,
      message: 'error.provider.cannotAnticipate',
      code: 'error.provider.cannotAnticipate',
      fieldErrors: [],
      error_description: 'error.provider.cannotAnticipate',
    },
  });
});
