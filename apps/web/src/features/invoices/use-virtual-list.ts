import {
  measureElement,
  useWindowVirtualizer,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { type RefObject, useEffect, useState } from 'react';

/**
 * The next page is asked for when the last shown row is within 15 of the end
 * (docs/product/screens-and-routes.md#invoice-selection).
 */
export const loadThreshold = 15;

type Options = {
  count: number;
  /** The row height; phones' cards are measured after rendering, from this estimate. */
  estimateSize: number;
  /**
   * Rows drawn beyond each edge of the screen, so that scrolling shows rows already laid out: a few hundred
   * pixels (six 52 px table rows, two cards of a phone). Every one is mounted with the list on the page's first
   * load too, so a larger number costs the phone's first commit (docs/decisions/web-first-load.md#light-rows).
   */
  overscan: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
};

/**
 * Where an element starts on the page: the window virtualizer counts its rows from there. Read after the browser
 * has painted (a passive effect), when its layout is already done: read in a layout effect, it forced a layout of
 * the page in the middle of React's commit, and the new value a synchronous re-render of the list
 * (docs/decisions/web-first-load.md#virtual-list). Null until then.
 */
function useOffsetTop(ref: RefObject<HTMLElement | null>): number | null {
  const [top, setTop] = useState<number | null>(null);
  // Every render: a dismissed notice or a message above the list moves it.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const next = Math.round(element.getBoundingClientRect().top + window.scrollY);
    if (next !== top) setTop(next);
  });
  return top;
}

/**
 * A row's height from its ResizeObserver entry (TanStack's own measureElement reads it), which the browser
 * delivers after its own layout. When React's ref hands a new row over there is no entry yet: the height known so
 * far (the estimate at first) stands, rather than reading the layout there, which forced a layout of the whole page inside React's commit and a synchronous
 * re-render after it (docs/decisions/web-first-load.md#virtual-list).
 */
function observedHeight(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  virtualizer: Virtualizer<Window, Element>,
): number {
  if (entry) return measureElement(element, entry, virtualizer);
  const index = virtualizer.indexFromElement(element);
  return (
    virtualizer.itemSizeCache.get(virtualizer.options.getItemKey(index)) ??
    virtualizer.options.estimateSize(index)
  );
}

/**
 * Rows virtualized against the window scroll, so only the rows on screen (plus a few) are in the DOM however
 * many pages are loaded, and infinite loading: the next page once the visible end nears the loaded end.
 */
export function useVirtualList(listRef: RefObject<HTMLElement | null>, options: Options) {
  const offsetTop = useOffsetTop(listRef);
  // The window's size from the first render: without it the virtualizer draws no row until its layout effect
  // has read the size, and then draws them all in a synchronous render that React cannot slice. Read once:
  // reading it in a render that follows a commit would force a layout there.
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  // Until the list's place is known it counts as starting at the top of the page, which only draws a few more rows.
  const scrollMargin = offsetTop ?? 0;
  const virtualizer = useWindowVirtualizer({
    count: options.count,
    estimateSize: () => options.estimateSize,
    overscan: options.overscan,
    scrollMargin,
    initialRect,
    measureElement: observedHeight,
  });
  const items: VirtualItem[] = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { count, hasNextPage, isFetchingNextPage, onLoadMore } = options;
  const isPlaced = offsetTop !== null;
  useEffect(() => {
    // Not before the list's place is known: rows counted as on screen from the top of the page may be below it.
    if (!isPlaced) return;
    if (hasNextPage && !isFetchingNextPage && lastIndex >= count - loadThreshold) onLoadMore();
  }, [isPlaced, lastIndex, count, hasNextPage, isFetchingNextPage, onLoadMore]);
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
