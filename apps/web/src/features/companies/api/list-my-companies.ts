import { listMyCompaniesCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const listMyCompanies = (signal?: AbortSignal) => callApi(listMyCompaniesCall, { signal });

export const myCompaniesQueryOptions = () =>
  queryOptions({ queryKey: ['companies', 'me'], queryFn: ({ signal }) => listMyCompanies(signal) });

export function useMyCompanies(enabled = true) {
  return useQuery({ ...myCompaniesQueryOptions(), enabled });
}
