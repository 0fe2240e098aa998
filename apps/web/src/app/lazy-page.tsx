import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { PageSpinner } from '../components/feedback/page-spinner';
import { loadRestOfCatalogue } from '../lib/i18n/i18n';
import type { RoutePrefetch } from './route-data';

type RouteModule = { Component: ComponentType };
export type LazyPage = { element: ReactNode; preload: () => Promise<unknown> };

/**
 * A route module that loads on demand: its chunk, and the rest of the catalogue, are fetched the first time
 * the route renders (or is preloaded), with the page spinner meanwhile. Route modules export `Component`.
 */
export function lazyPage(load: () => Promise<RouteModule>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), loadRestOfCatalogue()]).then(([module]) => ({
      default: module.Component,
    }));
    return loading;
  };
  const Page = lazy(preload);
  return {
    element: (
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    ),
    preload,
  };
}

/**
 * What a route keeps in its `handle`: how to start loading its module, and its data (app/route-data.ts), before
 * it renders. useStartRouteLoading (app/use-start-route-loading.ts) runs both for every route the URL matches.
 */
export type RouteHandle = { preload?: () => Promise<unknown>; prefetch?: RoutePrefetch };
