import { getDefaultCompanyCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/errors/app-error';

export const getDefaultCompany = (signal?: AbortSignal) => callApi(getDefaultCompanyCall, { signal });

/**
 * The chosen company is the server's default company, so it follows the user across devices. The provider
 * routes ask for it as soon as the session allows one (app/route-data.ts), beside the page's code.
 */
export const defaultCompanyQueryOptions = () =>
  queryOptions({
    queryKey: ['companies', 'default'],
    queryFn: ({ signal }) => getDefaultCompany(signal),
  });

export function useDefaultCompany(enabled = true) {
  return useQuery({ ...defaultCompanyQueryOptions(), enabled });
}

/**
 * The answer that no company is set: the user has no company at all (docs/product/calls.md#companies). Any
 * other failure says nothing of the user's companies: the call may work again.
 */
export function isNoCompany(error: unknown): boolean {
  return isApiError(error) && error.detail.code === 'error.user.noCompany';
}
