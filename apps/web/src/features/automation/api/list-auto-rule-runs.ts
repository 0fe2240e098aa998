import { listAutoRuleRunsCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { autoRulesQueryKey } from './list-auto-rules';

export const listAutoRuleRuns = (id: number, signal?: AbortSignal) =>
  callApi(listAutoRuleRunsCall, { params: { id }, signal });

export const autoRuleRunsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...autoRulesQueryKey, 'runs', id],
    queryFn: ({ signal }) => listAutoRuleRuns(id, signal),
  });

/** A rule's runs, newest first (the last 90), asked for when its history is opened. */
export function useAutoRuleRuns(id: number, enabled: boolean) {
  return useQuery({ ...autoRuleRunsQueryOptions(id), enabled });
}
