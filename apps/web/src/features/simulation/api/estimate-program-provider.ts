import { estimateProgramProviderCall, type OfferChoice } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { offerKey } from './estimate-credits';

export const estimateProgramProvider = (providerId: number, offerId?: OfferChoice, signal?: AbortSignal) =>
  callApi(estimateProgramProviderCall, {
    params: { id: providerId },
    query: offerId === undefined ? undefined : { offerId },
    signal,
  });

/** The estimate of every AVAILABLE credit of the program provider (nothing selected one by one). */
export const providerEstimateQueryOptions = (providerId: number, offerId?: OfferChoice) =>
  queryOptions({
    queryKey: ['estimates', 'provider', providerId, ...offerKey(offerId)],
    queryFn: ({ signal }) => estimateProgramProvider(providerId, offerId, signal),
    gcTime: 0,
    staleTime: 0,
  });
