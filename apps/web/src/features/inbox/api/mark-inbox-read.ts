import { markInboxItemReadCall, markInboxReadCall } from '@portal/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { type InboxPages, inboxQueryKey, inboxQueryOptions, invalidateInbox } from './list-inbox';

/** The inbox's own changes carry this key, so the bell does not re-read the inbox twice after them. */
export const inboxMutationKey = [...inboxQueryKey, 'read'] as const;

export const markInboxItemRead = (id: number) => callApi(markInboxItemReadCall, { params: { id } });
export const markInboxRead = () => callApi(markInboxReadCall);

/**
 * The cached pages with `isRead(id)` items marked read at `now` and the unread count lowered by as many as
 * changed (to 0 when `isAll`: the count covers pages not loaded too), so the bell and the list show it before
 * the inbox is read again.
 */
export function withRead(
  data: InboxPages,
  isRead: (id: number) => boolean,
  now: string,
  isAll = false,
): InboxPages {
  let changed = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    content: page.content.map((item) => {
      if (item.readAt !== null || !isRead(item.id)) return item;
      changed += 1;
      return { ...item, readAt: now };
    }),
  }));
  const unread = (page: { unread: number }) => (isAll ? 0 : Math.max(0, page.unread - changed));
  return { ...data, pages: pages.map((page) => ({ ...page, unread: unread(page) })) };
}

function markCached(queryClient: QueryClient, isRead: (id: number) => boolean, isAll = false) {
  const now = new Date().toISOString();
  queryClient.setQueryData(
    inboxQueryOptions().queryKey,
    (data) => data && withRead(data, isRead, now, isAll),
  );
}

/**
 * Marks one item read. The hook's own callbacks run even when the panel has closed meanwhile (opening an item
 * navigates at once).
 */
export function useMarkInboxItemRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: inboxMutationKey,
    mutationFn: markInboxItemRead,
    onSuccess: (_answer, id) => {
      markCached(queryClient, (itemId) => itemId === id);
      return invalidateInbox(queryClient);
    },
  });
}

export function useMarkInboxRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: inboxMutationKey,
    mutationFn: markInboxRead,
    onSuccess: () => {
      markCached(queryClient, () => true, true);
      return invalidateInbox(queryClient);
    },
  });
}
