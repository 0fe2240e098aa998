import { type AutoRuleBody, previewNewAutoRuleCall } from '@portal/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { autoRulesQueryKey } from './list-auto-rules';

export const previewNewAutoRule = (body: AutoRuleBody, signal?: AbortSignal) =>
  callApi(previewNewAutoRuleCall, { body, signal });

/**
 * What a draft rule would request now; `body` null (the draft is not valid yet) asks nothing. The last answer
 * stays on screen while the next loads. Prices follow the clock, so a preview is not kept once its form has
 * gone. Its failures are not toasted: the draft changes as the user types, and the form says in place why
 * there is no preview.
 */
export function useAutoRulePreview(body: AutoRuleBody | null) {
  return useQuery({
    queryKey: [...autoRulesQueryKey, 'preview', body],
    queryFn: body ? ({ signal }) => previewNewAutoRule(body, signal) : skipToken,
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
    meta: { display: 'IGNORED' },
  });
}
