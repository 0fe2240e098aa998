import { listAutoRulesCall } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

/** Every automatic-rule query starts with this key: the lists, the runs and the previews. */
export const autoRulesQueryKey = ['auto-rules'] as const;

export const listAutoRules = (programProviderId: number, signal?: AbortSignal) =>
  callApi(listAutoRulesCall, { query: { programProviderId }, signal });

export const autoRulesQueryOptions = (programProviderId: number) =>
  queryOptions({
    queryKey: [...autoRulesQueryKey, 'list', programProviderId],
    queryFn: ({ signal }) => listAutoRules(programProviderId, signal),
  });

/** The participation's rules, oldest first. */
export function useAutoRules(programProviderId: number) {
  return useQuery(autoRulesQueryOptions(programProviderId));
}

/**
 * After a rule changes (created, edited, paused, resumed, deleted): its participation's list and every rule's
 * runs are read again.
 */
export function invalidateAutoRules(queryClient: QueryClient, programProviderId: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === autoRulesQueryKey[0] &&
      ((queryKey[1] === 'list' && queryKey[2] === programProviderId) || queryKey[1] === 'runs'),
  });
}
