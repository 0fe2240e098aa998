import type { Company } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { Location } from 'react-router';
import { defaultCompanyQueryOptions } from '../features/companies/api/get-default-company';
import { acceptedTermsQueryOptions } from '../features/session/api/get-accepted-terms';
import { accountQueryOptions } from '../features/session/api/get-account';
import { canHaveCompany } from '../features/session/next-session-step';
import { hasSession } from '../lib/session/session-store';

/*
 * The data a route asks for as soon as the URL matches it, beside its code rather than after it: a route's
 * `handle.prefetch`, which useStartRouteLoading (app/use-start-route-loading.ts) runs for every matched route
 * (as React Router's loaders would; the data router itself would take the first load over its budget:
 * docs/decisions/web-first-load.md#data-router). The layout reads the same queries with useQuery, so a
 * prefetch only starts sooner what it would ask for anyway.
 *
 * Only the provider layout has one: what it waits for (the session, then the company) is a chain of two round
 * trips that would otherwise start after its code. A page's own calls start when the page renders, once the
 * layout has the company: useQuery where they are read, or TanStack Query's usePrefetchQuery and
 * usePrefetchInfiniteQuery at the top of the page for a part that renders only after other calls have answered
 * (the invoices page's list). Prefetching them from the route made them go out a render sooner but lowered the
 * dashboard's Lighthouse score: answered before the first paint, they joined its path in Lighthouse's replay
 * (docs/decisions/web-first-load.md#route-prefetch); and between two pages of the layout a navigation commits, and so runs
 * the handles, only once the new page's code is here.
 */

export type PrefetchContext = { queryClient: QueryClient; location: Location };
export type RoutePrefetch = (context: PrefetchContext) => void;

/**
 * What every provider page waits for: the account and the terms (both answered during a forced enrolment too,
 * docs/product/account-security.md#forced-enrolment), then the default company when the session can have one
 * (the provider layout's own rule, which leaves out a user who must enrol first). Undefined without a session,
 * without a company to load, or when a call failed: the layout's queries show the failure.
 */
export async function providerCompany(queryClient: QueryClient): Promise<Company | undefined> {
  if (!hasSession()) return undefined;
  try {
    const [account, terms] = await Promise.all([
      queryClient.ensureQueryData(accountQueryOptions()),
      queryClient.ensureQueryData(acceptedTermsQueryOptions()),
    ]);
    if (!canHaveCompany(account, terms)) return undefined;
    return await queryClient.ensureQueryData(defaultCompanyQueryOptions());
  } catch {
    return undefined;
  }
}

/** The provider layout: the session and the company. */
export const prefetchProviderSession: RoutePrefetch = ({ queryClient }) => {
  void providerCompany(queryClient);
};
