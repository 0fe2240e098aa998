import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/feedback/page-spinner';
import { externalRouteKeys, paths, type RouteKey } from '../config/paths';
import { ErrorFallback } from './error-fallback';
import { RequireToken } from './guards/require-token';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './root-layout';
import { ExternalRedirect } from './routes/external-redirect';

type PageRoute = Omit<RouteObject, 'path' | 'index' | 'children'>;

/** Route modules load on demand: the first load of / carries only the shell and the login. */
const pages = {
  login: { lazy: () => import('./routes/login') },
  acceptInvite: { lazy: () => import('./routes/accept-invite') },
  forgotPassword: { lazy: () => import('./routes/forgot-password') },
  passwordReset: { lazy: () => import('./routes/password-reset') },
  notFound: { lazy: () => import('./routes/not-found') },
  acceptTerms: { lazy: () => import('./routes/accept-terms') },
  profile: { lazy: () => import('./routes/profile') },
  dashboard: { lazy: () => import('./routes/dashboard') },
  programSelection: { lazy: () => import('./routes/program-selection') },
  anticipationInvoices: { lazy: () => import('./routes/anticipation-invoices') },
  anticipationSimulation: { lazy: () => import('./routes/anticipation-simulation') },
  anticipationHistory: { lazy: () => import('./routes/anticipation-history') },
} satisfies Partial<Record<RouteKey, PageRoute>>;

/**
 * The route table of PORTAL_SPEC 2 with its guards. A disabled route (VITE_DISABLED_ROUTES) is taken out
 * of its layout and guard and leads to /page-not-found for everyone; /page-not-found itself cannot be
 * disabled.
 */
export function buildRoutes(disabled: ReadonlySet<RouteKey>): RouteObject[] {
  const isOn = (key: RouteKey) => key === 'notFound' || !disabled.has(key);
  const page = (key: keyof typeof pages): RouteObject[] =>
    isOn(key) ? [{ path: paths[key], ...pages[key] }] : [];
  const redirects: RouteObject[] = externalRouteKeys
    .filter(isOn)
    .map((key) => ({ path: paths[key], element: <ExternalRedirect target={key} /> }));
  const toNotFound: RouteObject[] = [...disabled]
    .filter((key) => key !== 'notFound')
    .map((key) => ({
      ...(key === 'login' ? { index: true } : { path: paths[key] }),
      element: <Navigate to={paths.notFound} replace />,
    }));
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      // Shown while the first page's lazy module loads.
      hydrateFallbackElement: <PageSpinner />,
      children: [
        ...(isOn('login') ? [{ index: true, ...pages.login }] : []),
        {
          element: <PublicLayout />,
          children: [
            ...page('acceptInvite'),
            ...page('forgotPassword'),
            ...page('passwordReset'),
            ...page('notFound'),
          ],
        },
        {
          element: <RequireToken />,
          children: [
            { element: <PublicLayout />, children: page('acceptTerms') },
            {
              // The provider shell (header, company modal, drawer) is not needed on the login page.
              lazy: () =>
                import('./layouts/provider-layout').then((module) => ({ Component: module.ProviderLayout })),
              children: [
                ...page('profile'),
                ...page('dashboard'),
                ...page('programSelection'),
                ...page('anticipationInvoices'),
                ...page('anticipationSimulation'),
                ...page('anticipationHistory'),
              ],
            },
          ],
        },
        ...redirects,
        ...toNotFound,
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
}
