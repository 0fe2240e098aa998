import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { appConfig } from '../config/app-config';
import { Providers } from './providers';
import { buildRoutes } from './route-table';

const router = createBrowserRouter(buildRoutes(appConfig.disabledRoutes), {
  // Vite's base ends with a slash; the router's basename must not (except for the root).
  basename: appConfig.basePath === '/' ? '/' : appConfig.basePath.replace(/\/$/, ''),
});

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
