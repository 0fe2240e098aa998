import { Navigate, type RouteObject } from 'react-router';
import { externalRouteKeys, paths, type RouteKey } from '../config/paths';
import { RequireCanAnticipate } from './guards/require-can-anticipate';
import { RequireEnrolmentDone } from './guards/require-enrolment-done';
import { RequireToken } from './guards/require-token';
import { PublicLayout } from './layouts/public-layout';
import { type LazyPage, lazyPage, type RouteHandle } from './lazy-page';
import { anticipationPageKeys, type ProviderPageKey, providerPages } from './provider-pages';
import { RootLayout } from './root-layout';
import { prefetchProviderSession, type RoutePrefetch } from './route-data';
import { ExternalRedirect } from './routes/external-redirect';
import { Component as LoginPage } from './routes/login';

/**
 * Every other route module loads on demand. The login is the first page nearly every visit shows, so it
 * ships in the first chunk with the shell rather than in a second round trip (docs/decisions/web-first-load.md).
 */
const pages = {
  login: { element: <LoginPage /> },
  acceptInvite: lazyPage(() => import('./routes/accept-invite')),
  forgotPassword: lazyPage(() => import('./routes/forgot-password')),
  passwordReset: lazyPage(() => import('./routes/password-reset')),
  notFound: lazyPage(() => import('./routes/not-found')),
  acceptTerms: lazyPage(() => import('./routes/accept-terms')),
  twoFactor: lazyPage(() => import('./routes/two-factor')),
  ...providerPages,
} satisfies Partial<Record<RouteKey, Pick<LazyPage, 'element'> & Partial<LazyPage>>>;

// The provider shell (header, company modal, drawer) is not needed on the login page.
const providerLayout = lazyPage(() =>
  import('./layouts/provider-layout').then((module) => ({ Component: module.ProviderLayout })),
);

/**
 * The route's element, and in its handle its module loader and its data: the app starts both for every route
 * the URL matches at once (app/use-start-route-loading.ts), so the provider layout, its page and their calls
 * load in parallel.
 */
function withHandle(
  page: Pick<LazyPage, 'element'> & Partial<LazyPage>,
  prefetch?: RoutePrefetch,
): { element: React.ReactNode; handle: RouteHandle } {
  return { element: page.element, handle: { preload: page.preload, prefetch } };
}

/**
 * The route table (docs/product/screens-and-routes.md#routing-rules) with its guards. A disabled route
 * (VITE_DISABLED_ROUTES) is taken out of its layout and guard and leads to /page-not-found for everyone;
 * /page-not-found itself cannot be disabled.
 */
export function buildRoutes(disabled: ReadonlySet<RouteKey>): RouteObject[] {
  const isOn = (key: RouteKey) => key === 'notFound' || !disabled.has(key);
  const page = (key: keyof typeof pages): RouteObject[] =>
    isOn(key) ? [{ path: paths[key], ...withHandle(pages[key]) }] : [];
  const isAnticipation = (key: ProviderPageKey) => (anticipationPageKeys as readonly string[]).includes(key);
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
      children: [
        ...(isOn('login') ? [{ index: true, element: pages.login.element }] : []),
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
            {
              element: <PublicLayout />,
              children: [
                // The forced enrolment comes before any other page; the terms page waits for the account to
                // say none is due (docs/product/account-security.md#forced-enrolment).
                ...page('twoFactor'),
                { element: <RequireEnrolmentDone />, children: page('acceptTerms') },
              ],
            },
            {
              ...withHandle(providerLayout, prefetchProviderSession),
              children: [
                ...(Object.keys(providerPages) as ProviderPageKey[])
                  .filter((key) => !isAnticipation(key))
                  .flatMap((key) => page(key)),
                {
                  element: <RequireCanAnticipate />,
                  children: anticipationPageKeys.flatMap((key) => page(key)),
                },
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
