import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { appConfig } from '../config/app-config';
import { PageErrorBoundary } from './page-error-boundary';
import { Providers } from './providers';
import { buildRoutes } from './route-table';
import { useStartRouteLoading } from './use-start-route-loading';

const routes = buildRoutes(appConfig.disabledRoutes);
// Vite's base ends with a slash; the router's basename must not (except for the root).
const basename = appConfig.basePath === '/' ? '/' : appConfig.basePath.replace(/\/$/, '');

/** The route table rendered for the current URL; every matched route's code and data start together. */
export function AppRoutes() {
  const location = useLocation();
  useStartRouteLoading(routes, location);
  return useRoutes(routes);
}

/**
 * The declarative router: the data router's machinery would take the first load of / over its budget
 * (docs/decisions/web-first-load.md#data-router); the routes' handles start their code and data early instead.
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
