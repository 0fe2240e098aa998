import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * The next page is asked for when the last shown row is within 15 of the end
 * (docs/product/screens-and-routes.md#invoice-selection).
 */
export const loadThreshold = 15;

type Options = {
  count: number;
  /** The row height; phones' cards are measured after rendering, from this estimate. */
  estimateSize: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
};

/** Where an element starts on the page: the window virtualizer counts its rows from there. */
function useOffsetTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  // Every render: a dismissed notice or a message above the list moves it.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const next = Math.round(element.getBoundingClientRect().top + window.scrollY);
    if (next !== top) setTop(next);
  });
  return top;
}

/**
 * Rows virtualized against the window scroll, so only the rows on screen (plus a few) are in the DOM however
 * many pages are loaded, and infinite loading: the next page once the visible end nears the loaded end.
 */
export function useVirtualList(listRef: RefObject<HTMLElement | null>, options: Options) {
  const scrollMargin = useOffsetTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: options.count,
    estimateSize: () => options.estimateSize,
    overscan: 6,
    scrollMargin,
  });
  const items: VirtualItem[] = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { count, hasNextPage, isFetchingNextPage, onLoadMore } = options;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= count - loadThreshold) onLoadMore();
  }, [lastIndex, count, hasNextPage, isFetchingNextPage, onLoadMore]);
  const first = items[0];
  const last = items.at(-1);
  return {
    virtualizer,
    items,
    scrollMargin,
    /** Space above and below the rendered rows, for spacer rows in a table. */
    paddingTop: first ? first.start - scrollMargin : 0,
    paddingBottom: last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0,
  };
}
