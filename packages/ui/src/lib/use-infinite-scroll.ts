import * as React from 'react';
import { WINDOW_INFINITE_SCROLL_TRIGGER_PX } from '@pitlane/api/contract';

export interface UseInfiniteScrollOptions {
  /** From the infinite query: is there another page? */
  hasNextPage: boolean | undefined;
  /** From the infinite query: a page is on its way (no second request meanwhile). */
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /**
   * How far before the end the next page loads. Default: spec §9's window trigger (300 px); the
   * comments modal passes its 50 px.
   */
  offsetPx?: number;
  /** The scrolling element; default the page itself (the window). */
  root?: Element | null;
  /**
   * False pauses loading, e.g. after a next page failed: the sentinel is still in view, so
   * without this it would retry in a tight loop instead of waiting for "Try again".
   */
  enabled?: boolean;
}

/**
 * Infinite scroll on an IntersectionObserver: put the returned ref on an empty element after the
 * list, and the next page loads once that element comes within `offsetPx` of the visible area.
 *
 * The observer is rebuilt whenever a page arrives, and a new observer reports the sentinel's
 * current state at once: so when a short page leaves the end still in view, the next one loads
 * without waiting for a scroll that may never come.
 */
export function useInfiniteScroll({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  offsetPx = WINDOW_INFINITE_SCROLL_TRIGGER_PX,
  root,
  enabled = true,
}: UseInfiniteScrollOptions): (node: Element | null) => void {
  const [sentinel, setSentinel] = React.useState<Element | null>(null);
  const fetchNext = React.useRef(fetchNextPage);
  React.useEffect(() => {
    fetchNext.current = fetchNextPage;
  }, [fetchNextPage]);

  const active = enabled && Boolean(hasNextPage) && !isFetchingNextPage;
  React.useEffect(() => {
    if (!sentinel || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          fetchNext.current();
        }
      },
      // `document` as the root (rather than none) measures against this document's own viewport,
      // so the margin also holds inside an iframe (Storybook, embeds).
      { root: root ?? sentinel.ownerDocument, rootMargin: `0px 0px ${offsetPx}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, active, root, offsetPx]);

  return setSentinel;
}
