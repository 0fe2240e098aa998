import { cancelBatchCall } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { batchQueryOptions } from './get-batch';

/** The body is `{}`, or `{pin}` where the program requires the transaction PIN (docs/product/account-security.md#pin). */
export const cancelBatch = (id: number, pin?: string) =>
  callApi(cancelBatchCall, { params: { id }, body: pin === undefined ? {} : { pin } });

/**
 * A cancel releases the credits: the request's detail, the history, the invoice list, the programs' and
 * companies' values and the dashboard all change (the same set a new request changes).
 */
const changedByCancel = ['batches', 'credits', 'programs', 'dashboard', 'companies'];

/**
 * Cancels one request. The answer is the cancelled detail, shown at once; then everything it changed is
 * fetched again. A refusal (error.provider.cannotCancel, error.batch.wrongStatus) goes the one error path (the
 * MutationCache's toast) and the detail is fetched again, since its status may have moved meanwhile.
 */
export function useCancelBatch(id: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (query) => changedByCancel.includes(String(query.queryKey[0])),
    });
  return useMutation({
    mutationFn: (pin: string | undefined) => cancelBatch(id, pin),
    onSuccess: (detail) => {
      queryClient.setQueryData(batchQueryOptions(id).queryKey, detail);
      void refresh();
    },
    onError: () => void refresh(),
  });
}
