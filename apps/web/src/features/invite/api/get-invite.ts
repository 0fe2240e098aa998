import { getInviteCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getInvite = (token: string, signal?: AbortSignal) =>
  callApi(getInviteCall, { params: { token }, signal });

/**
 * The invite, loaded once: only OPEN answers 200, the other statuses and an unknown token are the blocking
 * error.invite.* errors. Never refetched: after the acceptance the same token answers error.invite.confirmed.
 */
export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invite', token],
    queryFn: ({ signal }) => getInvite(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useInvite(token: string) {
  return useQuery(inviteQueryOptions(token));
}
