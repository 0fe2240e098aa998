import { acceptQuoteCall, createQuoteCall, getQuoteCall } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

/*
 * Asking the funders for bids (docs/product/auction.md): the quote, read again every second while it is open so
 * bids arrive without a reload, and its acceptance, which makes a request like any other.
 */

/** How often an open quote is read again: a bid shows within this (and the answer's time) of its 201. */
export const QUOTE_POLL_MS = 1000;

export function useAskFunders() {
  return useMutation({
    mutationFn: (creditIds: readonly number[]) =>
      callApi(createQuoteCall, { body: { creditIds: [...creditIds] } }),
  });
}

export function useQuote(id: number | null) {
  return useQuery({
    queryKey: ['quotes', id],
    queryFn: ({ signal }) => callApi(getQuoteCall, { params: { id: id! }, signal }),
    enabled: id !== null,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'OPEN' ? QUOTE_POLL_MS : false),
  });
}

/** After the request the credits, programs, dashboard figures, companies' values and the history all change. */
const changedByBatch = ['credits', 'programs', 'dashboard', 'companies', 'batches', 'quotes'];

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, bidId, pin }: { id: number; bidId: number; pin?: string }) =>
      callApi(acceptQuoteCall, { params: { id }, body: { bidId, ...(pin !== undefined && { pin }) } }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => changedByBatch.includes(String(query.queryKey[0])),
      }),
  });
}
