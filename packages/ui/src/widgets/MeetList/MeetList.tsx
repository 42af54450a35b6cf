import * as React from 'react';
import type { Meet } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { usePagesScroll, type PagesSource } from '../../lib/pages-source.ts';
import { ListError, ListNotice } from '../ListNotice/ListNotice.tsx';
import { MeetCard, MeetCardSkeleton } from '../MeetCard/MeetCard.tsx';

/** Pages of meets: an infinite query's result (`useUpcomingMeets`, `useCommunityMeets`). */
export type MeetPagesSource = PagesSource<{ meets: Meet[] }>;

export interface MeetListProps {
  query: MeetPagesSource;
  /** Accessible name of the list, e.g. "Upcoming meets". */
  label: string;
  /** Shown when there are none: the Events page's "No upcoming events.". */
  emptyText?: React.ReactNode;
  /** Shown when the first page fails and the server gave no message. */
  errorText: string;
  /** The cards' heading level (3 under a section's heading). */
  headingLevel?: 2 | 3;
  /**
   * Load the next page when the end comes near (the Events page); false shows what is loaded and
   * nothing more (a community page's first few, with a link to all).
   */
  infinite?: boolean;
  /** At most this many meets (a community page's first few); default all. */
  limit?: number;
  skeletonCount?: number;
  className?: string;
}

/**
 * Meet cards one under another, soonest first as the server sends them, loading the next page
 * 300 px before the end (spec §9, as the post lists). Loading (card skeletons), empty, error and
 * next-page states included.
 */
export function MeetList({ query, label, emptyText = 'No upcoming events.', errorText, headingLevel = 2, infinite = true, limit, skeletonCount = 2, className }: MeetListProps) {
  const all = React.useMemo(() => query.data?.pages.flatMap((page) => page.meets) ?? [], [query.data]);
  const meets = limit === undefined ? all : all.slice(0, limit);
  const sentinelRef = usePagesScroll(query, infinite);

  if (query.isPending) {
    return (
      <div data-slot="meet-list" aria-busy className={cn('flex flex-col gap-4', className)}>
        {Array.from({ length: skeletonCount }, (_, i) => (
          <MeetCardSkeleton key={i} label={i === 0 ? 'Loading meets' : ''} aria-hidden={i > 0 || undefined} />
        ))}
      </div>
    );
  }
  if (query.isError && all.length === 0) {
    return <ListError className={className} error={query.error} fallback={errorText} onRetry={query.refetch ? () => void query.refetch?.() : undefined} />;
  }
  if (meets.length === 0) return <ListNotice boxed className={className}>{emptyText}</ListNotice>;

  return (
    <div data-slot="meet-list" className={cn('flex flex-col', className)}>
      <ul aria-label={label} aria-busy={query.isFetchingNextPage || undefined} className="flex flex-col gap-4">
        {meets.map((meet) => (
          <li key={meet._id}>
            <MeetCard meet={meet} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      {infinite ? (
        <>
          {query.isFetchingNextPage ? <MeetCardSkeleton label="Loading more meets..." className="mt-4" /> : null}
          <div ref={sentinelRef} data-slot="meet-list-sentinel" aria-hidden className="h-px" />
          {query.isFetchNextPageError ? <ListError error={query.error} fallback={errorText} onRetry={() => void query.fetchNextPage()} /> : null}
        </>
      ) : null}
    </div>
  );
}
