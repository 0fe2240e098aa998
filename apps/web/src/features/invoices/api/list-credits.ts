import { type Credit, type CreditSort, listCreditsCall, pageDefaults } from '@portal/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

/**
 * The list pages 30 credits at a time, also the infinite scroll's minimum batch
 * (docs/product/screens-and-routes.md#invoice-selection).
 */
export const creditPageSize = pageDefaults.size;

type PageInput = { providerId: number; page: number; size?: number; sort?: CreditSort };

export const listCredits = (
  { providerId, page, size = creditPageSize, sort }: PageInput,
  signal?: AbortSignal,
) =>
  callApi(listCreditsCall, {
    params: { programProviderId: providerId },
    query: { page, size, sort },
    signal,
  });

/** The key every credit query of a program provider starts with (for updates after an upload or a request). */
export const creditsKey = (providerId: number) => ['credits', providerId] as const;

/** The paged list the infinite scroll reads; a new sort is a new list. */
export const creditsInfiniteQueryOptions = (providerId: number, sort: CreditSort | undefined) =>
  infiniteQueryOptions({
    queryKey: [...creditsKey(providerId), 'pages', sort ?? 'none'],
    queryFn: ({ pageParam, signal }) => listCredits({ providerId, page: pageParam, sort }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.last ? undefined : last.number + 1),
  });

export function useCreditPages(providerId: number, sort: CreditSort | undefined) {
  return useInfiniteQuery(creditsInfiniteQueryOptions(providerId, sort));
}

const bulkPageSize = pageDefaults.maxSize;
const bulkParallel = 4;

/**
 * Every AVAILABLE credit of the program provider, in pages of 100 fetched four at a time: what "select all"
 * counts and totals, what "all but one" lists, and what the CSV export writes.
 */
export async function listAllCredits(providerId: number, signal?: AbortSignal): Promise<Credit[]> {
  const first = await listCredits({ providerId, page: 0, size: bulkPageSize }, signal);
  const pageCount = Math.ceil(first.totalElements / bulkPageSize);
  const rest: Credit[][] = [];
  for (let start = 1; start < pageCount; start += bulkParallel) {
    const pages = Array.from(
      { length: Math.min(bulkParallel, pageCount - start) },
      (_, offset) => start + offset,
    );
    const loaded = await Promise.all(
      pages.map((page) => listCredits({ providerId, page, size: bulkPageSize }, signal)),
    );
    rest.push(...loaded.map((page) => page.content));
  }
  // A credit requested meanwhile shifts the pages by one: keep each credit once.
  return [...new Map([...first.content, ...rest.flat()].map((credit) => [credit.id, credit])).values()];
}

export const allCreditsQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: [...creditsKey(providerId), 'all'],
    queryFn: ({ signal }) => listAllCredits(providerId, signal),
    staleTime: 0,
  });

export function useAllCredits(providerId: number, enabled: boolean) {
  return useQuery({ ...allCreditsQueryOptions(providerId), enabled });
}
