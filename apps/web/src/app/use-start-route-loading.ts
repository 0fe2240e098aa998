import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { type Location, matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from './lazy-page';

/**
 * The one place where a route's code and data start ahead of its render: for every route the location matches,
 * its `handle.preload` (the lazy module, app/lazy-page.tsx) and its `handle.prefetch` (app/route-data.ts), all
 * at once, as a data router's lazy routes and loaders would. Without it, the layout's calls and its page's code
 * would wait for the layout's code to arrive and render.
 *
 * In a layout effect, not in render (React's rules: rendering starts nothing), so before the browser paints the
 * commit of the render that met the location. That commit does not wait for a lazy layout's code: a layout whose
 * code is not here yet shows the spinner of its own Suspense boundary (lazyPage), so its page's code and its
 * calls start while the layout's code is on its way. (Between two pages of a layout already here, a navigation
 * keeps the old page on screen until the new page's code, which that render asked for, arrives.) Both only start
 * what is not loaded or asked for already, so running again (Strict Mode, a new search) costs nothing.
 */
export function useStartRouteLoading(routes: RouteObject[], location: Location): void {
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    for (const match of matchRoutes(routes, location) ?? []) {
      const handle = match.route.handle as RouteHandle | undefined;
      void handle?.preload?.();
      handle?.prefetch?.({ queryClient, location });
    }
  }, [routes, location, queryClient]);
}
