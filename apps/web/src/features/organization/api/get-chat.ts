import { getChatCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getChat = (signal?: AbortSignal) => callApi(getChatCall, { signal });

/** The chat is a convenience: when its settings cannot be loaded the page works on without a toast. */
export const chatQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'chat'],
    queryFn: ({ signal }) => getChat(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { display: 'IGNORED' as const },
  });

export function useChat(enabled = true) {
  return useQuery({ ...chatQueryOptions(), enabled });
}
