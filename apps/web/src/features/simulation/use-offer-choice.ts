import type { OfferChoice } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { estimateKey, useEstimate } from './api/use-estimate';
import { isOfferUnavailable } from './offers';

/**
 * The estimate at the offer the supplier chose (the best until they choose another), and the way back to fresh
 * offers when the chosen one can no longer take the set (docs/product/screens-and-routes.md#offer-unavailable):
 * a 409 error.offer.unavailable, on pricing at it or on the request, re-simulates at the best offer of the
 * moment and says so (`isResimulated`). The selection is the screen's, untouched.
 */
export function useOfferChoice(providerId: number, creditIds: readonly number[]) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<OfferChoice | undefined>(undefined);
  const [isResimulated, setResimulated] = useState(false);
  const estimate = useEstimate(providerId, creditIds, chosen);

  const resimulate = useCallback(() => {
    setResimulated(true);
    setChosen(undefined);
    // The best offer's estimate may be on screen already (or kept by the page): asked again, not reused.
    void queryClient.invalidateQueries({ queryKey: estimateKey(providerId, creditIds), exact: true });
  }, [queryClient, providerId, creditIds]);

  // The offer chosen went away between the list and the choice.
  const isChosenGone = chosen !== undefined && isOfferUnavailable(estimate.error);
  useEffect(() => {
    if (isChosenGone) resimulate();
  }, [isChosenGone, resimulate]);

  const choose = (offerId: OfferChoice) => {
    setResimulated(false);
    setChosen(offerId);
  };

  return {
    estimate,
    /** The offer being priced after a choice, while its figures are not there yet. */
    pendingOffer: estimate.isPlaceholderData ? (chosen ?? null) : null,
    /** Prices are being asked (a choice, a re-simulation): nothing is requested meanwhile. */
    isRepricing: estimate.isFetching && !estimate.isPending,
    isChosenGone,
    isResimulated,
    choose,
    resimulate,
  };
}
