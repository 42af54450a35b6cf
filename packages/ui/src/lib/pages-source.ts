import { useInfiniteScroll } from './use-infinite-scroll.ts';

/**
 * What a paged list needs from an infinite query. Any infinite query (`useUserPosts`,
 * `useUpcomingMeets`, …) fits as it is, so the page picks the hook and passes its result; `Page`
 * is one page's shape (`{ posts: Post[] }`, `{ meets: Meet[] }`).
 */
export interface PagesSource<Page> {
  data?: { pages: Page[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** True when the last `fetchNextPage` failed (the first page is fine). */
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
  refetch?: () => unknown;
}

/**
 * The ref for the empty element after a paged list: the next page loads as it comes near (spec §9),
 * except after a failure (the list offers "Try again" instead of retrying in a loop) or while
 * `enabled` is false.
 */
export function usePagesScroll(query: PagesSource<unknown>, enabled = true): (node: Element | null) => void {
  return useInfiniteScroll({
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    enabled: enabled && !query.isError && !query.isFetchNextPageError,
  });
}
