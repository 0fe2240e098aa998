import { listActiveNotificationsCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const listActiveNotifications = (programId: number, signal?: AbortSignal) =>
  callApi(listActiveNotificationsCall, { params: { id: programId }, signal });

/** A notice is a convenience: when it cannot be loaded the list still works, without a toast. */
export const activeNotificationsQueryOptions = (programId: number) =>
  queryOptions({
    queryKey: ['notifications', programId],
    queryFn: ({ signal }) => listActiveNotifications(programId, signal),
    meta: { display: 'IGNORED' as const },
  });

export function useActiveNotifications(programId: number, enabled = true) {
  return useQuery({ ...activeNotificationsQueryOptions(programId), enabled });
}
