import { getDefaultCompanyCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

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
