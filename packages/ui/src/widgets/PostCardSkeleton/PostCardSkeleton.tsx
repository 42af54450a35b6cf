import * as React from 'react';
import { IMAGE_SLIDER_DEFAULT_HEIGHT_PX } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';

export interface PostCardSkeletonProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** What screen readers hear while it shows. */
  label?: string;
}

/**
 * A post card while it loads, in the real card's shape (spec §2 "Loading skeletons"): author row,
 * title and text, the 400 px photo box, like and share, a comment and the comment field. The same
 * box sizes mean nothing jumps when the card arrives.
 */
export function PostCardSkeleton({ label = 'Loading post', className, ...props }: PostCardSkeletonProps) {
  return (
    <div
      data-slot="post-card-skeleton"
      role="status"
      className={cn('flex flex-col overflow-hidden rounded-lg bg-surface shadow-card', className)}
      {...props}
    >
      <span className="sr-only">{label}</span>
      <div aria-hidden className="flex flex-col">
        <div className="flex items-center gap-3 px-4 pt-4">
          <Skeleton shape="circle" className="size-10 shrink-0" />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-4 w-36" />
            <Skeleton className="h-3 w-28" />
          </div>
        </div>
        <div className="flex flex-col gap-2 px-4 py-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-4/5" />
        </div>
        <Skeleton shape="flush" className="w-full" style={{ height: IMAGE_SLIDER_DEFAULT_HEIGHT_PX }} />
        <div className="flex items-center gap-3 px-4 pt-3.5 pb-1.5">
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-5 w-16" />
        </div>
        <div className="flex flex-col gap-3 px-4 pt-3 pb-4">
          <div className="flex gap-3">
            <Skeleton shape="circle" className="size-8 shrink-0" />
            <div className="flex flex-1 flex-col gap-2 pt-1">
              <Skeleton className="h-3 w-32" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          </div>
          <Skeleton className="h-9 w-full" />
        </div>
      </div>
    </div>
  );
}
