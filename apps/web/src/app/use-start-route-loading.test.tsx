import { act, screen } from '@testing-library/react';
import { type ComponentType, StrictMode, startTransition, useEffect, useState } from 'react';
import { MemoryRouter, Outlet, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { lazyPage } from './lazy-page';
import type { PrefetchContext } from './route-data';
import { useStartRouteLoading } from './use-start-route-loading';

type Module = { Component: ComponentType };

/** A lazy route module whose code arrives when the test says. */
function pendingModule(Component: ComponentType) {
  let arrive: () => void = () => undefined;
  const code = new Promise<Module>((resolve) => {
    arrive = () => resolve({ Component });
  });
  const load = vi.fn(() => code);
  return { load, arrive: () => act(async () => arrive()) };
}

function Layout() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/area/second?sort=name')}>
        go
      </button>
      <Outlet />
    </>
  );
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  useStartRouteLoading(routes, location);
  return useRoutes(routes);
}

/** The routes' first render is a transition, as the app's is (main.tsx). */
function InTransition({ routes }: { routes: RouteObject[] }) {
  const [isShown, show] = useState(false);
  useEffect(() => startTransition(() => show(true)), []);
  return isShown && <AppRoutes routes={routes} />;
}

function setUp() {
  const layout = pendingModule(Layout);
  const first = pendingModule(() => <p>first page</p>);
  const second = pendingModule(() => <p>second page</p>);
  const layoutPage = lazyPage(layout.load);
  const firstPage = lazyPage(first.load);
  const secondPage = lazyPage(second.load);
  const seen: string[] = [];
  const prefetch = vi.fn(({ location }: PrefetchContext) => {
    seen.push(location.pathname + location.search);
  });
  const routes: RouteObject[] = [
    {
      path: '/area',
      element: layoutPage.element,
      handle: { preload: layoutPage.preload, prefetch },
      children: [
        { path: 'first', element: firstPage.element, handle: { preload: firstPage.preload } },
        { path: 'second', element: secondPage.element, handle: { preload: secondPage.preload } },
      ],
    },
  ];
  const render = () =>
    renderWithProviders(
      <StrictMode>
        <MemoryRouter initialEntries={['/area/first']}>
          <InTransition routes={routes} />
        </MemoryRouter>
      </StrictMode>,
    );
  return { layout, first, second, prefetch, seen, render };
}

describe('useStartRouteLoading', () => {
  it('starts the page’s code and the layout’s data while the layout’s code is on its way', async () => {
    const { layout, first, second, prefetch, seen, render } = setUp();
    await render();
    // The layout's spinner is on screen; its code has not arrived, the page's was asked for all the same.
    expect(screen.getByRole('status')).toBeTruthy();
    expect(layout.load).toHaveBeenCalledTimes(1);
    expect(first.load).toHaveBeenCalledTimes(1);
    expect(second.load).not.toHaveBeenCalled();
    expect(prefetch).toHaveBeenCalled();
    expect(new Set(seen)).toEqual(new Set(['/area/first']));
    await first.arrive();
    await layout.arrive();
    expect(await screen.findByText('first page')).toBeTruthy();
    expect(layout.load).toHaveBeenCalledTimes(1);
    expect(first.load).toHaveBeenCalledTimes(1);

    // Between two pages, the navigation's render asks for the new page's code and keeps the old page on screen
    // until it arrives; the handles run in the commit that shows it.
    await act(async () => screen.getByRole('button', { name: 'go' }).click());
    expect(second.load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('first page')).toBeTruthy();
    await second.arrive();
    expect(await screen.findByText('second page')).toBeTruthy();
    expect(seen.at(-1)).toBe('/area/second?sort=name');
    expect(layout.load).toHaveBeenCalledTimes(1);
  });
});
