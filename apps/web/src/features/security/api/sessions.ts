import { endOtherSessionsCall, endSessionCall, listSessionsCall } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const listSessions = (signal?: AbortSignal) => callApi(listSessionsCall, { signal });

export const endSession = (id: number) => callApi(endSessionCall, { params: { id } });

export const endOtherSessions = () => callApi(endOtherSessionsCall);

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['security', 'sessions'],
    queryFn: ({ signal }) => listSessions(signal),
    // "Last used" moves with every call of every device: the list is read afresh each visit.
    staleTime: 0,
  });

/** The user's live sessions, the most recently used first (docs/product/account-security.md#sessions). */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/**
 * Ending one session, or every other one. Either way the list is read again, a refusal too (a session ended
 * meanwhile elsewhere answers 404 error.session.notFound, and is gone from the list it brings).
 */
function useSessionsChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useEndSession() {
  return useSessionsChange(endSession);
}

export function useEndOtherSessions() {
  return useSessionsChange(endOtherSessions);
}
