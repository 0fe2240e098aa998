import { getDefaultCompanyCall } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { headStart } from '../../../lib/api/head-start';

export const getDefaultCompany = (signal?: AbortSignal) => callApi(getDefaultCompanyCall, { signal });

/**
 * The default company asked for beside the account and the terms (session-queries-context.tsx), before they
 * say whether the user is an activated provider who has one: nearly every session is, and every provider page
 * waits for the company, so it would otherwise cost one more round trip before the first page.
 */
const companyHeadStart = headStart(() => getDefaultCompany());

/**
 * Sends the head start, unless the company is already answered or being asked for by the layout (after a
 * login, which loaded the account and the terms, the layout asks for it in the same commit). A layout that
 * waits for the account (its query there but idle) does not count: that is the wait the head start saves.
 */
export function startDefaultCompanyEarly(queryClient: QueryClient): void {
  const state = queryClient.getQueryState(defaultCompanyQueryOptions().queryKey);
  if (state?.data === undefined && state?.fetchStatus !== 'fetching') companyHeadStart.start();
}

/** The chosen company is the server's default company, so it follows the user across devices. */
export const defaultCompanyQueryOptions = () =>
  queryOptions({
    queryKey: ['companies', 'default'],
    queryFn: ({ signal }) => companyHeadStart.take() ?? getDefaultCompany(signal),
  });

export function useDefaultCompany(enabled = true) {
  return useQuery({ ...defaultCompanyQueryOptions(), enabled });
}
