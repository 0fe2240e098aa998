import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateInbox } from './api/list-inbox';

/** Changes that do not touch the inbox (or already re-read it themselves), by their mutation key. */
const ownKeys: readonly unknown[] = ['inbox', 'notification-preferences'];

/**
 * The one place that keeps the bell's count current after the user changes something: any change of theirs
 * that succeeds (a request, a cancel, a company switch…) may have written to the inbox in the same transaction
 * (docs/product/requests.md#notifications), so the inbox is read again. Listening to the query client's
 * mutation cache means no feature has to know the inbox exists; one more GET after each change is cheap.
 */
export function useRefreshInboxAfterChanges(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (ownKeys.includes(event.mutation.options.mutationKey?.[0])) return;
      void invalidateInbox(queryClient);
    });
  }, [queryClient, enabled]);
}
