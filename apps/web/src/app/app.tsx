import { useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, matchRoutes, useLocation, useRoutes } from 'react-router';
import { appConfig } from '../config/app-config';
import type { RouteHandle } from './lazy-page';
import { PageErrorBoundary } from './page-error-boundary';
import { Providers } from './providers';
import { buildRoutes } from './route-table';

const routes = buildRoutes(appConfig.disabledRoutes);
// Vite's base ends with a slash; the router's basename must not (except for the root).
const basename = appConfig.basePath === '/' ? '/' : appConfig.basePath.replace(/\/$/, '');

/**
 * The route table rendered for the current URL. Every route the URL matches starts loading its code and its
 * data now (its `handle`), together rather than layout first, then page, then the page's calls: what a data
 * router's lazy routes and loaders do. Both only start what is not already loaded or asked for.
 */
export function AppRoutes() {
  const location = useLocation();
  const queryClient = useQueryClient();
  for (const match of matchRoutes(routes, location) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    handle?.preload?.();
    handle?.prefetch?.({ queryClient, location });
  }
  return useRoutes(routes);
}

/**
 * The declarative router: the data router's machinery would add about 14 KiB (brotli) to the first load of /
 * (docs/decisions/web-first-load.md); the routes' handles start their code and data early instead.
 */
export function App() {
  return (
    <Providers>
      <BrowserRouter basename={basename}>
        <PageErrorBoundary>
          <AppRoutes />
        </PageErrorBoundary>
      </BrowserRouter>
    </Providers>
  );
}
