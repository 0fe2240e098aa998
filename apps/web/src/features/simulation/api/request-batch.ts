import { requestBatchCall } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export type BatchRequest = { creditIds: readonly number[]; idempotencyKey: string };

/** The key makes the request safe to repeat: the server answers a replay with the first batch. */
export const requestBatch = ({ creditIds, idempotencyKey }: BatchRequest) =>
  callApi(requestBatchCall, { body: creditIds, headers: { 'idempotency-key': idempotencyKey } });

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
