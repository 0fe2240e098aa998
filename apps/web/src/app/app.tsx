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
 * The route table rendered for the current URL. Every lazy route the URL matches starts loading now, as
 * React.lazy would on render, but together rather than layout first, then page.
 */
export function AppRoutes() {
  const location = useLocation();
  for (const match of matchRoutes(routes, location) ?? []) (match.route.handle as RouteHandle)?.preload?.();
  return useRoutes(routes);
}

/**
 * The declarative router: the app has no loaders or actions, and the data router's machinery would add
 * about 15 kB (brotli) to the first load of / (docs/decisions/web-first-load.md).
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
