import { listUnavailableCreditsCall } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { creditPageSize } from './list-credits';

export const listUnavailableCredits = (
  { providerId, page }: { providerId: number; page: number },
  signal?: AbortSignal,
) =>
  callApi(listUnavailableCreditsCall, {
    params: { programProviderId: providerId },
    query: { page, size: creditPageSize },
    signal,
  });

/**
 * The credits of a program provider that cannot be advanced now, with the reason, a page at a time ("show
 * more"). Its key starts with 'credits', so whatever refreshes the invoice list (a request, a cancel)
 * refreshes it too, but not with creditsKey(providerId): an upload's in-place patch of the list's pages is
 * not for these items.
 */
export const unavailableCreditsQueryOptions = (providerId: number) =>
  infiniteQueryOptions({
    queryKey: ['credits', 'unavailable', providerId],
    queryFn: ({ pageParam, signal }) => listUnavailableCredits({ providerId, page: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.last ? undefined : last.number + 1),
  });

export function useUnavailableCredits(providerId: number) {
  return useInfiniteQuery(unavailableCreditsQueryOptions(providerId));
}
