import { type InboxPage, listInboxCall } from '@portal/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

/**
 * The key every inbox query starts with. Whatever changes the inbox (a request, a cancel, a settlement seen
 * by the user) invalidates it: `invalidateInbox` below, or `queryClient.invalidateQueries({ queryKey:
 * inboxQueryKey })`. The bell re-reads it too after any successful change the user makes
 * (use-refresh-inbox-after-changes.ts), so a feature does not need to know about the inbox.
 */
export const inboxQueryKey = ['inbox'] as const;

/** The notification centre's pages: small, as the panel shows a handful at a time. */
export const inboxPageSize = 10;

export const listInbox = (page: number, signal?: AbortSignal) =>
  callApi(listInboxCall, { query: { page, size: inboxPageSize }, signal });

export type InboxPages = InfiniteData<InboxPage>;

/**
 * The inbox, newest first, a page at a time; each answer carries the unread count of the whole inbox, which
 * the bell shows. Always re-read when looked at again (opening the panel, the window regaining focus). Its
 * failures are not toasted: the count is a side detail of every page, read again on focus, and the panel says
 * it could not load with a try-again.
 */
export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...inboxQueryKey, 'list'],
    queryFn: ({ pageParam, signal }) => listInbox(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastPage) => (last.last ? undefined : lastPage + 1),
    staleTime: 0,
    refetchOnWindowFocus: true,
    meta: { display: 'IGNORED' },
  });

/** `enabled`: the inbox belongs to a company the user acts for; without one the server refuses the call. */
export function useInbox(enabled = true) {
  return useInfiniteQuery({ ...inboxQueryOptions(), enabled });
}

/** The unread count of the whole inbox (the newest answer's), or undefined before the first one. */
export const unreadOf = (data: InboxPages | undefined): number | undefined => data?.pages[0]?.unread;

/** Makes the bell and the panel read the inbox again (every page loaded so far). */
export function invalidateInbox(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: inboxQueryKey });
}
