import { listNextCreditsCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const nextCreditsLimit = 5;

export const listNextCredits = (limit: number, signal?: AbortSignal) =>
  callApi(listNextCreditsCall, { query: { limit }, signal });

/** The company's next invoices to fall due, across its ACTIVATED programs. */
export const nextCreditsQueryOptions = (limit = nextCreditsLimit) =>
  queryOptions({
    queryKey: ['dashboard', 'next-credits', limit],
    queryFn: ({ signal }) => listNextCredits(limit, signal),
  });

export function useNextCredits(enabled = true, limit = nextCreditsLimit) {
  return useQuery({ ...nextCreditsQueryOptions(limit), enabled });
}
