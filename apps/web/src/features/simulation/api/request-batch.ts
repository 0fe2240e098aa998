import { type OfferChoice, requestBatchCall } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export type BatchRequest = {
  creditIds: readonly number[];
  /** The offer whose figures the supplier saw: exactly that one, or 409 error.offer.unavailable. */
  offerId: OfferChoice;
  idempotencyKey: string;
  /** The transaction PIN, where the program requires it (docs/product/account-security.md#pin). */
  pin?: string;
};

/**
 * The key makes the request safe to repeat: the server answers a replay with the first batch. The body names
 * the offer, so the request is made at the figures shown or not at all (docs/product/funders.md#pricing).
 */
export const requestBatch = ({ creditIds, offerId, idempotencyKey, pin }: BatchRequest) =>
  callApi(requestBatchCall, {
    body: { creditIds: [...creditIds], offerId, ...(pin !== undefined && { pin }) },
    headers: { 'idempotency-key': idempotencyKey },
  });

/** After a request the credits, programs, dashboard figures, companies' values and the history all change. */
const changedByBatch = ['credits', 'programs', 'dashboard', 'companies', 'batches'];

export function useRequestBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestBatch,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => changedByBatch.includes(String(query.queryKey[0])),
      }),
  });
}
