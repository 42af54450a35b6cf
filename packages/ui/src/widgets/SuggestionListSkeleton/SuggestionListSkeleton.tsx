import { SKELETON_COUNTS } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';

export interface SuggestionListSkeletonProps {
  /** How many rows; spec §9: 3 by default (the suggestions panel asks for 5). */
  count?: number;
  /** What screen readers hear instead of a pile of empty boxes. */
  label?: string;
  className?: string;
}

/** Rows shaped like a suggestion: avatar, name and @username, and the follow button. */
export function SuggestionListSkeleton({ count = SKELETON_COUNTS.suggestionList, label = 'Loading suggestions', className }: SuggestionListSkeletonProps) {
  return (
    <div role="status" aria-busy="true" aria-label={label} data-slot="suggestion-list-skeleton" className={cn('flex flex-col gap-4', className)}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-slot="suggestion-skeleton-item" className="flex items-center gap-3">
          <Skeleton shape="circle" className="size-10 shrink-0" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="h-8 w-20 shrink-0" />
        </div>
      ))}
    </div>
  );
}
