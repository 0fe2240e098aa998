import { getResetKeyUserCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getResetKeyUser = (key: string, signal?: AbortSignal) =>
  callApi(getResetKeyUserCall, { params: { key }, signal });

/** The login a reset key belongs to; an unknown key is the blocking resetKeyDoesNotExists error. */
export const resetKeyUserQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['password-reset', key],
    queryFn: ({ signal }) => getResetKeyUser(key, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useResetKeyUser(key: string) {
  return useQuery(resetKeyUserQueryOptions(key));
}
