import { errorBody } from '@portal/contract';
import { checkScreen, expect, test } from './fixtures';

test('company modal: search by name and by CNPJ prefix, clean the filter, switch company and back', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  // The profile page carries the provider header too, without the dashboard's own content under the checks.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  if (testInfo.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Navegação principal' });
    await expect(menu.getByRole('link', { name: 'Meu perfil' })).toBeVisible();
    await checkScreen(page, testInfo, 'provider-menu', { fullPage: false });
    await menu.getByRole('button', { name: 'Fechar' }).click();
    await expect(menu).toBeHidden();
  }
  await page.getByRole('button', { name: 'Trocar empresa' }).click();
  const modal = page.getByRole('dialog', { name: 'Escolha a empresa' });
  await expect(modal.getByRole('button', { name: 'Acessar Alfa Componentes Ltda' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Acessar Beta Serviços ME' })).toBeVisible();
  await expect(modal.getByText('30.982.157/0001-20')).toBeVisible();
  await checkScreen(page, testInfo, 'company-modal', { fullPage: false });

  const search = modal.getByRole('textbox', { name: 'Buscar por nome ou CNPJ/CPF' });
  await search.fill('beta');
  await expect(modal.getByRole('button', { name: /^Acessar / })).toHaveCount(1);
  await search.fill('21.534');
  await expect(modal.getByRole('button', { name: /^Acessar / })).toHaveText(['Acessar']);
  await expect(modal.getByRole('button', { name: 'Acessar Alfa Componentes Ltda' })).toBeVisible();
  await search.fill('zzz');
  await expect(modal.getByText('Nenhuma empresa encontrada.')).toBeVisible();
  await modal.getByRole('button', { name: 'Limpar filtro' }).click();
  await expect(search).toHaveValue('');
  await expect(modal.getByRole('button', { name: /^Acessar / })).toHaveCount(2);

  await modal.getByRole('button', { name: 'Acessar Beta Serviços ME' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Agora você está operando como Beta Serviços ME.' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByText('30.982.157/0001-20')).toBeVisible();

  // And back to the first company.
  await page.getByRole('button', { name: 'Trocar empresa' }).click();
  await page
    .getByRole('dialog', { name: 'Escolha a empresa' })
    .getByRole('button', { name: 'Acessar Alfa Componentes Ltda' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Alfa Componentes Ltda' })).toBeVisible();
});

test('the header follows the role and the company: consult link, no program link when the company cannot anticipate', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['gabriel'], participations: false });
  await loginAs(world.email.gabriel);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olá, Gabriel!' })).toBeVisible();
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Abrir menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Início' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Programas' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: /Relatório de títulos/ })).toHaveCount(0);
});

test('a ROLE_PROVIDER_CONSULT user gets the report link in a new tab', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['carlos'], participations: false });
  await loginAs(world.email.carlos);
  await page.goto('/dashboard');
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Abrir menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Programas' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Relatório de títulos/ })).toHaveAttribute('target', '_blank');
});

// The provider pages need the default company. When it cannot be read, reloading is the way out, and the guard
// says so; the company modal, which cannot be closed, is for a user the server says has no company. One or the
// other, never the modal over the reload message.
test('the default company cannot be read: the reload message, without the company modal', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'], participations: false });
  await loginAs(world.email.ana);
  await page.route('**/api/webapp/companies/default', (route) =>
    route.fulfill({ status: 503, json: errorBody('error.serviceUnavailable') }),
  );
  await page.goto('/dashboard');
  const main = page.locator('#main');
  await expect(main.getByText('Não foi possível carregar seus dados.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Recarregar a página' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Escolha a empresa' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'default-company-failed');
});

test('a user the server says has no company: the company modal, without the reload message', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({
    participations: false,
    extra: ({ tag }) => ({
      users: [
        {
          organization: 'demo',
          email: `sem-empresa.${tag}@e2e.test`,
          password: 'demo1234',
          firstName: 'Sérgio',
          fullName: 'Sérgio Sem Empresa',
          activated: true,
          authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
          acceptedTerms: true,
          companies: [],
          defaultCompany: null,
        },
      ],
    }),
  });
  await loginAs(`sem-empresa.${world.tag}@e2e.test`);
  await page.goto('/dashboard');
  const modal = page.getByRole('dialog', { name: 'Escolha a empresa' });
  await expect(modal.getByText('Escolha a empresa com a qual deseja operar.')).toBeVisible();
  // The page under the modal waits for the choice, without the reload message.
  await expect(page.locator('#main').getByText('Não foi possível carregar seus dados.')).toHaveCount(0);
  await checkScreen(page, testInfo, 'no-company', { fullPage: false });
});
