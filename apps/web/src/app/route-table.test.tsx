import { getChatCall, getOrganizationInfoCall } from '@portal/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { refuse } from '../../test/msw';
import { renderWithProviders } from '../../test/render';
import type { RouteKey } from '../config/paths';
import { buildRoutes } from './route-table';

const location = { pathname: '' };

function Routes({ disabled }: { disabled: RouteKey[] }) {
  location.pathname = useLocation().pathname;
  return useRoutes(buildRoutes(new Set(disabled)));
}

async function open(path: string, disabled: RouteKey[] = []) {
  await renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes disabled={disabled} />
    </MemoryRouter>,
  );
  return location;
}

describe('the route table', () => {
  // The pages' idle loads (the footer's organization, the support chat) are not what these tests read.
  beforeEach(() => {
    refuse(getOrganizationInfoCall, 'error.unknown', { status: 500 });
    refuse(getChatCall, 'error.unknown', { status: 500 });
  });

  it('a disabled route leads to /page-not-found, for anyone', async () => {
    const current = await open('/profile', ['profile']);
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(current.pathname).toBe('/page-not-found');
  });

  it('an enabled public route shows its page', async () => {
    await open('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Recuperar senha' }, { timeout: 5000 })).toBeTruthy();
  });

  it('an authenticated route redirects to / without a token', async () => {
    const current = await open('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Acesse sua conta' }, { timeout: 5000 })).toBeTruthy();
    expect(current.pathname).toBe('/');
  });

  it('an unknown path leads to /page-not-found', async () => {
    const current = await open('/nowhere');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(current.pathname).toBe('/page-not-found');
  });
});
