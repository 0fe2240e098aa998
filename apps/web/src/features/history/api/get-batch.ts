import { type BatchDetail, getBatchCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/errors/app-error';

export const getBatch = (id: number, signal?: AbortSignal) =>
  callApi(getBatchCall, { params: { id }, signal });

/**
 * One request with its frozen figures, credits and events, or null when there is none for the caller (404
 * error.batch.notFound: none, or another company's): the page shows its not-found state for that, not a toast
 * as well. Any other failure is an error, for the one error path. Under the history's `batches` key, so
 * whatever changes the requests (a new one, a cancel) refreshes the detail too.
 */
export const batchQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['batches', 'detail', id],
    queryFn: async ({ signal }): Promise<BatchDetail | null> => {
      try {
        return await getBatch(id, signal);
      } catch (error) {
        if (isApiError(error) && error.detail.httpStatus === 404) return null;
        throw error;
      }
    },
  });

export function useBatch(id: number) {
  return useQuery(batchQueryOptions(id));
}
