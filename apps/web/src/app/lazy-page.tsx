import { type ComponentType, lazy, Suspense } from 'react';
import { PageSpinner } from '../components/feedback/page-spinner';
import { loadRestOfCatalogue } from '../lib/i18n/i18n';

type RouteModule = { Component: ComponentType };

/**
 * A route module that loads on demand: its chunk, and the rest of the catalogue, are fetched the first time
 * the route renders, with the page spinner meanwhile. Route modules export `Component`, the name the route
 * table expects.
 */
export function lazyPage(load: () => Promise<RouteModule>) {
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), loadRestOfCatalogue()]);
    return { default: module.Component };
  });
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
