import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { RouteKey } from '../config/paths';
import { buildRoutes } from './route-table';

async function open(path: string, disabled: RouteKey[] = []) {
  const router = createMemoryRouter(buildRoutes(new Set(disabled)), { initialEntries: [path] });
  await renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('the route table', () => {
  it('a disabled route leads to /page-not-found, for anyone', async () => {
    const router = await open('/profile', ['profile']);
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/page-not-found');
  });

  it('an enabled public route shows its page', async () => {
    await open('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Recuperar senha' }, { timeout: 5000 })).toBeTruthy();
  });

  it('an authenticated route redirects to / without a token', async () => {
    const router = await open('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Acesse sua conta' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('an unknown path leads to /page-not-found', async () => {
    const router = await open('/nowhere');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/page-not-found');
  });
});
