import * as React from 'react';
import { Plus } from 'lucide-react';
import { FALLBACK_MESSAGES, type CarTimelineItem } from '@pitlane/api/contract';
import { flattenTimeline, useCar, useCarTimeline, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { usePagesScroll } from '../../lib/pages-source.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { LogEntryCard } from '../LogEntryCard/LogEntryCard.tsx';
import { LogEntryForm } from '../LogEntryForm/LogEntryForm.tsx';
import { ListError, ListNotice } from '../ListNotice/ListNotice.tsx';
import { PostCard } from '../PostCard/PostCard.tsx';
import { PostCardSkeleton } from '../PostCardSkeleton/PostCardSkeleton.tsx';

export interface BuildLogProps {
  carId: string;
  className?: string;
}

const itemKey = (item: CarTimelineItem) => (item.type === 'post' ? `post-${item.post._id}` : `log-${item.entry._id}`);

/**
 * A car's build log (issue 17), under its header: the posts tagged to the car (full post cards)
 * and its log entries in one timeline, newest first, loading the next page 300 px before the end
 * like the feed. The owner adds entries ("Add log entry") and edits or deletes each one.
 */
export function BuildLog({ carId, className }: BuildLogProps) {
  const { user } = useSession();
  const car = useCar(carId);
  const timeline = useCarTimeline(carId);
  const [adding, setAdding] = React.useState(false);
  const headingId = React.useId();
  const heading = React.useRef<HTMLHeadingElement>(null);
  const own = car.data !== undefined && user?.id === car.data.owner._id;
  const items = React.useMemo(() => flattenTimeline(timeline.data?.pages), [timeline.data]);
  const sentinelRef = usePagesScroll(timeline);
  // An entry's Delete button goes with it: the focus then goes to the heading.
  const focusHeading = React.useCallback(() => heading.current, []);

  let body: React.ReactNode;
  if (timeline.isPending) {
    body = (
      <div aria-busy className="flex flex-col gap-4">
        <PostCardSkeleton label="Loading build log" />
      </div>
    );
  } else if (timeline.isError && items.length === 0) {
    body = <ListError error={timeline.error} fallback={FALLBACK_MESSAGES.timelineFailed} onRetry={() => void timeline.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <ListNotice boxed>
        <p className="font-medium text-foreground">No build log yet.</p>
        {own ? <p>Log what you do to the car (services, parts, track days) and tag your posts with it.</p> : null}
      </ListNotice>
    );
  } else {
    body = (
      <div className="flex flex-col">
        <ul aria-label="Build log" aria-busy={timeline.isFetchingNextPage || undefined} className="flex flex-col gap-4">
          {items.map((item, index) => (
            <li key={itemKey(item)}>
              {item.type === 'post' ? (
                <PostCard post={item.post} priority={index === 0} headingLevel={3} />
              ) : (
                <LogEntryCard entry={item.entry} editable={own} headingLevel={3} fallbackFocus={focusHeading} />
              )}
            </li>
          ))}
        </ul>
        {timeline.isFetchingNextPage ? <PostCardSkeleton label="Loading more of the build log..." className="mt-4" /> : null}
        <div ref={sentinelRef} data-slot="build-log-sentinel" aria-hidden className="h-px" />
        {timeline.isFetchNextPageError ? (
          <ListError error={timeline.error} fallback={FALLBACK_MESSAGES.timelineFailed} onRetry={() => void timeline.fetchNextPage()} />
        ) : null}
        {!timeline.hasNextPage && !timeline.isFetchNextPageError ? <ListNotice>That's the whole story so far.</ListNotice> : null}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} data-slot="build-log" className={cn('flex flex-col gap-4', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-semibold outline-none">
          Build log
        </h2>
        {own ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add log entry
          </Button>
        ) : null}
      </div>
      {body}
      {own ? <LogEntryForm carId={carId} open={adding} onOpenChange={setAdding} /> : null}
    </section>
  );
}
