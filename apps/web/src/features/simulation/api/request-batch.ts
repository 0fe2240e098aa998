import { requestBatchCall } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export type BatchRequest = {
  creditIds: readonly number[];
  idempotencyKey: string;
  /** The transaction PIN, where the program requires it (docs/product/account-security.md#pin). */
  pin?: string;
};

/**
 * The key makes the request safe to repeat: the server answers a replay with the first batch. The credits go
 * as a bare array, or as `{creditIds, pin}` with the PIN.
 */
export const requestBatch = ({ creditIds, idempotencyKey, pin }: BatchRequest) =>
  callApi(requestBatchCall, {
    body: pin === undefined ? [...creditIds] : { creditIds: [...creditIds], pin },
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
