import { estimateCreditsCall, type OfferChoice } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

/** `offerId` prices at that offer (409 error.offer.unavailable when it cannot take them); none, at the best. */
export const estimateCredits = (creditIds: readonly number[], offerId?: OfferChoice, signal?: AbortSignal) =>
  callApi(estimateCreditsCall, {
    body: [...creditIds],
    query: offerId === undefined ? undefined : { offerId },
    signal,
  });

/**
 * The estimate of the chosen credits, at the best offer or at the one chosen. A PUT that changes nothing, so it
 * is read as a query; gcTime 0 drops it as soon as the screen is left (leaving resets the estimate:
 * docs/product/screens-and-routes.md#simulation-page).
 */
export const creditsEstimateQueryOptions = (creditIds: readonly number[], offerId?: OfferChoice) =>
  queryOptions({
    queryKey: ['estimates', 'credits', creditIds, ...offerKey(offerId)],
    queryFn: ({ signal }) => estimateCredits(creditIds, offerId, signal),
    gcTime: 0,
    staleTime: 0,
  });

/** The estimate at the best offer keeps the key it had before offers; a chosen offer adds itself to it. */
export const offerKey = (offerId: OfferChoice | undefined) => (offerId === undefined ? [] : [{ offerId }]);
