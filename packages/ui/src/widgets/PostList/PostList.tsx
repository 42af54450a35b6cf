import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { ListError, ListNotice } from '../ListNotice/ListNotice.tsx';
import { usePagesScroll } from '../../lib/pages-source.ts';
import { useRevealedCount } from '../../lib/use-revealed-count.ts';
import { PostCard } from '../PostCard/PostCard.tsx';
import { PostCardSkeleton } from '../PostCardSkeleton/PostCardSkeleton.tsx';
import type { PostPagesSource } from '../PostGrid/PostGrid.tsx';

/**
 * Cards drawn first when a page of posts arrives, and then in each following commit: one, so the
 * page's main picture (the first card's photo, which fills a phone's first screen) paints before
 * the cards below the fold are built, and each later commit is a short task (issue 22).
 */
const CARDS_PER_STEP = 1;

export interface PostListProps {
  /** The posts: an infinite query's result (`useFeed`, `useRelatedPosts`, a community's posts…). */
  query: PostPagesSource;
  /** Shown after the last page, e.g. "You've reached the end of the road!". */
  endText: React.ReactNode;
  /** Shown when there are no posts at all. */
  emptyText: React.ReactNode;
  /** Shown when the first page fails and the server gave no message (spec §8: server message first). */
  errorText: string;
  /** How many card skeletons stand in for the first page. */
  skeletonCount?: number;
  /** Accessible name of the list, e.g. "Your feed". */
  label: string;
  /** Passed to each card: after a post is deleted (spec §2: the page goes to `/`). */
  onDeleted?: (postId: string) => void;
  /**
   * The first card's photo is the page's main picture, loaded at once at high priority (the
   * others lazily). False where the list is not the top of the page (related posts under a post).
   */
  priority?: boolean;
  className?: string;
}

/**
 * Full post cards one under another, loading the next page 300 px before the end of the page
 * (spec §9), as the feed, related posts and a community's posts show them. Loading (card
 * skeletons), empty, error, next-page and end states included.
 */
export function PostList({
  query,
  endText,
  emptyText,
  errorText,
  skeletonCount = 2,
  label,
  onDeleted,
  priority = true,
  className,
}: PostListProps) {
  // The first page of full cards is the heaviest render of the app. When it arrives, React draws
  // it as a transition, in slices that leave the main thread free for input, instead of one long
  // task; the skeletons stay until the cards are ready. Later changes (a like, the next page)
  // show at once, as before.
  const firstPageReady = React.useDeferredValue(query.data) !== undefined;
  const data = firstPageReady ? query.data : undefined;
  const posts = React.useMemo(() => data?.pages.flatMap((page) => page.posts) ?? [], [data]);
  const shown = useRevealedCount(posts.length, CARDS_PER_STEP, CARDS_PER_STEP);
  // Until every card of the page is drawn, the end of the list is not where it will be: no next
  // page, no end notice yet.
  const drawn = shown === posts.length;
  const sentinelRef = usePagesScroll(query, drawn);

  if (query.isPending || (query.data !== undefined && !firstPageReady)) {
    return (
      <div data-slot="post-list" aria-busy className={cn('flex flex-col gap-4', className)}>
        {Array.from({ length: skeletonCount }, (_, i) => (
          <PostCardSkeleton key={i} label={i === 0 ? 'Loading posts' : ''} aria-hidden={i > 0 || undefined} />
        ))}
      </div>
    );
  }

  if (query.isError && posts.length === 0) {
    return (
      <ListError className={className} error={query.error} fallback={errorText} onRetry={query.refetch ? () => void query.refetch?.() : undefined} />
    );
  }

  if (posts.length === 0) return <ListNotice className={className}>{emptyText}</ListNotice>;

  const atEnd = drawn && !query.hasNextPage && !query.isFetchNextPageError;
  return (
    <div data-slot="post-list" className={cn('flex flex-col', className)}>
      <ul aria-label={label} aria-busy={query.isFetchingNextPage || undefined} className="flex flex-col gap-4">
        {posts.slice(0, shown).map((post, index) => (
          <li key={post._id}>
            <PostCard post={post} onDeleted={onDeleted} priority={priority && index === 0} />
          </li>
        ))}
      </ul>
      {query.isFetchingNextPage ? <PostCardSkeleton label="Loading more posts..." className="mt-4" /> : null}
      <div ref={sentinelRef} data-slot="post-list-sentinel" aria-hidden className="h-px" />
      {query.isFetchNextPageError ? (
        <ListError error={query.error} fallback={errorText} onRetry={() => void query.fetchNextPage()} />
      ) : null}
      {atEnd ? <ListNotice>{endText}</ListNotice> : null}
    </div>
  );
}
