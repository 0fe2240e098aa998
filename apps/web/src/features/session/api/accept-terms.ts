import { acceptTermsCall } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { acceptedTermsQueryOptions } from './get-accepted-terms';

export const acceptTerms = () => callApi(acceptTermsCall);

/** PUT accept-terms answers the new state, which replaces the cached one (no second call). */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (terms) => queryClient.setQueryData(acceptedTermsQueryOptions().queryKey, terms),
  });
}
