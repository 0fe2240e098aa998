import { getAccountCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getAccount = (signal?: AbortSignal) => callApi(getAccountCall, { signal });

export const accountQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'account'], queryFn: ({ signal }) => getAccount(signal) });

export function useAccount(enabled = true) {
  return useQuery({ ...accountQueryOptions(), enabled });
}
