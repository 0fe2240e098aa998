import { useQuery } from '@tanstack/react-query';
import { creditsEstimateQueryOptions, estimateCredits } from './estimate-credits';
import { estimateProgramProvider, providerEstimateQueryOptions } from './estimate-program-provider';

/**
 * With selected ids, their estimate; with none, every credit of the provider
 * (docs/product/screens-and-routes.md#simulation-page).
 */
export function useEstimate(providerId: number, creditIds: readonly number[]) {
  const isChosen = creditIds.length > 0;
  const queryKey: readonly unknown[] = isChosen
    ? creditsEstimateQueryOptions(creditIds).queryKey
    : providerEstimateQueryOptions(providerId).queryKey;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      isChosen ? estimateCredits(creditIds, signal) : estimateProgramProvider(providerId, signal),
    // Leaving the screen drops the estimate (docs/product/screens-and-routes.md#simulation-page); coming back
    // prices again.
    gcTime: 0,
    staleTime: 0,
  });
}
