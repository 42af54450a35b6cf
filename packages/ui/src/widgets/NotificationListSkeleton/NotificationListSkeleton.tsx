import { SKELETON_COUNTS } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';

export interface NotificationListSkeletonProps {
  /** How many rows; spec §9: 3 by default. */
  count?: number;
  className?: string;
}

/** Rows shaped like a notification: avatar with its type badge, one line of text, the time. */
export function NotificationListSkeleton({ count = SKELETON_COUNTS.notificationList, className }: NotificationListSkeletonProps) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading notifications" data-slot="notification-list-skeleton" className={cn('flex flex-col gap-1', className)}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-slot="notification-skeleton-item" className="flex items-center gap-3 px-3 py-3">
          <Skeleton shape="circle" className="size-10 shrink-0" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}
