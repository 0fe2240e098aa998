import {
  getNotificationPreferencesCall,
  type NotificationPreferences,
  setNotificationPreferencesCall,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getNotificationPreferences = (signal?: AbortSignal) =>
  callApi(getNotificationPreferencesCall, { signal });

/** The whole set, every event type: the server refuses a partial one. */
export const setNotificationPreferences = (body: NotificationPreferences) =>
  callApi(setNotificationPreferencesCall, { body });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['notification-preferences'],
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/** Saves the set; the answer (what the server kept) becomes the cached one. */
export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notification-preferences'],
    mutationFn: setNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, saved),
  });
}
