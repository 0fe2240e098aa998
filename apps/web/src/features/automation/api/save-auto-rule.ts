import {
  type AutoRuleBody,
  type AutoRuleSettings,
  createAutoRuleCall,
  deleteAutoRuleCall,
  updateAutoRuleCall,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { autoRulesQueryKey, invalidateAutoRules } from './list-auto-rules';

export const createAutoRule = (body: AutoRuleBody) => callApi(createAutoRuleCall, { body });

export const updateAutoRule = (id: number, settings: AutoRuleSettings) =>
  callApi(updateAutoRuleCall, { params: { id }, body: settings });

export const deleteAutoRule = (id: number) => callApi(deleteAutoRuleCall, { params: { id } });

/**
 * The changes of a participation's rules. Each success reads the list and the runs again; a refusal
 * (error.autoRule.timeOutsideWindow, error.autoRule.tooMany, error.autoRule.notFound…) goes the one error path
 * (the MutationCache's toast) and the list is read again too, since a rule may have gone meanwhile.
 */
function useRuleMutation<Variables, Answer>(
  programProviderId: number,
  mutationFn: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...autoRulesQueryKey, 'change'],
    mutationFn,
    onSettled: () => invalidateAutoRules(queryClient, programProviderId),
  });
}

export function useCreateAutoRule(programProviderId: number) {
  return useRuleMutation(programProviderId, createAutoRule);
}

/** Edits a rule, or pauses and resumes it (the whole settings with `active` changed). */
export function useUpdateAutoRule(programProviderId: number) {
  return useRuleMutation(programProviderId, (input: { id: number; settings: AutoRuleSettings }) =>
    updateAutoRule(input.id, input.settings),
  );
}

export function useDeleteAutoRule(programProviderId: number) {
  return useRuleMutation(programProviderId, deleteAutoRule);
}
