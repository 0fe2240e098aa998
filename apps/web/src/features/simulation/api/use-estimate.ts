import { useQuery } from '@tanstack/react-query';
import { creditsEstimateQueryOptions, estimateCredits } from './estimate-credits';
import { estimateProgramProvider, providerEstimateQueryOptions } from './estimate-program-provider';

/** PORTAL_SPEC 4: with selected ids, their estimate; with none, every credit of the provider. */
export function useEstimate(providerId: number, creditIds: readonly number[]) {
  const isChosen = creditIds.length > 0;
  const queryKey: readonly unknown[] = isChosen
    ? creditsEstimateQueryOptions(creditIds).queryKey
    : providerEstimateQueryOptions(providerId).queryKey;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      isChosen ? estimateCredits(creditIds, signal) : estimateProgramProvider(providerId, signal),
    // Leaving the screen drops the estimate (PORTAL_SPEC 4); coming back prices again.
    gcTime: 0,
    staleTime: 0,
  });
}
