import { estimateCreditsCall } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const estimateCredits = (creditIds: readonly number[], signal?: AbortSignal) =>
  callApi(estimateCreditsCall, { body: [...creditIds], signal });

/**
 * The estimate of the chosen credits. A PUT that changes nothing, so it is read as a query; gcTime 0 drops it
 * as soon as the screen is left (leaving resets the estimate:
 * docs/product/screens-and-routes.md#simulation-page).
 */
export const creditsEstimateQueryOptions = (creditIds: readonly number[]) =>
  queryOptions({
    queryKey: ['estimates', 'credits', creditIds],
    queryFn: ({ signal }) => estimateCredits(creditIds, signal),
    gcTime: 0,
    staleTime: 0,
  });
