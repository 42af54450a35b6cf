import * as React from 'react';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { useTrendingTags } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { ListError } from '../ListNotice/ListNotice.tsx';
import { TagChip } from './TagChip.tsx';

export interface TrendingTagsProps {
  className?: string;
}

/**
 * Discover's "Trending tags" (issue 21): the tags of the most posts of the last days as chips,
 * each linking to its tag page with its post count. Chip-shaped skeletons while loading, the
 * failure with Try again, and nothing at all when no tag is trending.
 */
export function TrendingTags({ className }: TrendingTagsProps) {
  const trending = useTrendingTags();
  const headingId = React.useId();
  if (trending.isSuccess && trending.data.length === 0) return null;

  return (
    <section data-slot="trending-tags" aria-labelledby={headingId} aria-busy={trending.isPending || undefined} className={cn('flex flex-col gap-2', className)}>
      <h2 id={headingId} className="text-lg font-semibold">
        Trending tags
      </h2>
      {trending.isPending ? (
        <div className="flex flex-wrap gap-2">
          <span className="sr-only">Loading trending tags</span>
          {[20, 16, 24, 14, 18].map((width) => (
            <Skeleton key={width} shape="circle" className="h-8" style={{ width: `${width * 4}px` }} />
          ))}
        </div>
      ) : trending.isError ? (
        <ListError error={trending.error} fallback={FALLBACK_MESSAGES.trendingTagsFailed} onRetry={() => void trending.refetch()} spacing="tight" align="start" />
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-wrap gap-2">
          {trending.data.map(({ tag, postCount }) => (
            <li key={tag} className="flex min-w-0">
              <TagChip tag={tag} postCount={postCount} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
