import { estimateProgramProviderCall } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const estimateProgramProvider = (providerId: number, signal?: AbortSignal) =>
  callApi(estimateProgramProviderCall, { params: { id: providerId }, signal });

/** The estimate of every AVAILABLE credit of the program provider (nothing selected one by one). */
export const providerEstimateQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: ['estimates', 'provider', providerId],
    queryFn: ({ signal }) => estimateProgramProvider(providerId, signal),
    gcTime: 0,
    staleTime: 0,
  });
