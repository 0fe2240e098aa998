import type { OfferChoice } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creditsEstimateQueryOptions, estimateCredits } from './estimate-credits';
import { estimateProgramProvider, providerEstimateQueryOptions } from './estimate-program-provider';

/** The estimate's key: the chosen ids', or the whole provider's; at the best offer unless `offerId` is given. */
export function estimateKey(
  providerId: number,
  creditIds: readonly number[],
  offerId?: OfferChoice,
): readonly unknown[] {
  return creditIds.length > 0
    ? creditsEstimateQueryOptions(creditIds, offerId).queryKey
    : providerEstimateQueryOptions(providerId, offerId).queryKey;
}

/**
 * With selected ids, their estimate; with none, every credit of the provider
 * (docs/product/screens-and-routes.md#simulation-page). At the best offer, or at `offerId` once the supplier
 * chooses another (docs/product/funders.md#pricing).
 */
export function useEstimate(providerId: number, creditIds: readonly number[], offerId?: OfferChoice) {
  const isChosen = creditIds.length > 0;
  return useQuery({
    queryKey: estimateKey(providerId, creditIds, offerId),
    queryFn: ({ signal }) =>
      isChosen
        ? estimateCredits(creditIds, offerId, signal)
        : estimateProgramProvider(providerId, offerId, signal),
    // Leaving the screen drops the estimate (docs/product/screens-and-routes.md#simulation-page); coming back
    // prices again.
    gcTime: 0,
    staleTime: 0,
    // Another offer chosen: the figures stay on screen while it is priced (the view says it is repricing).
    placeholderData: keepPreviousData,
  });
}
