import * as React from 'react';
import { Link } from 'wouter';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { paths, type Meet } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../../primitives/Badge/Badge.tsx';
import { CoverPhoto } from '../../primitives/CoverPhoto/CoverPhoto.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { useDateTimeFormat } from '../DateTime/DateTime.tsx';
import { meetCountsLabel, meetDateBlock, meetWhen } from './meet-format.ts';

export interface MeetCardProps {
  meet: Meet;
  /** The title's heading level: 2 on the Events page, 3 under a community page's "Meets". */
  headingLevel?: 2 | 3;
  className?: string;
}

/** The word a cancelled meet carries until it ends (issue 21.4). */
export function CancelledBadge({ className }: { className?: string }) {
  return (
    <Badge tone="danger" className={className}>
      Cancelled
    </Badge>
  );
}

/**
 * A meet's cover photo, or a quiet placeholder of the same shape. The description is the alt
 * text; without one the picture is decorative (the title is printed beside it).
 */
export function MeetCover({ meet, className, priority = false }: { meet: Pick<Meet, 'coverImageUrl' | 'coverImageAlt'>; className?: string; priority?: boolean }) {
  return (
    <CoverPhoto
      slot="meet-cover"
      src={meet.coverImageUrl}
      alt={meet.coverImageAlt}
      icon={CalendarDays}
      iconClassName="size-1/3 max-h-14 max-w-14"
      priority={priority}
      className={className}
    />
  );
}

/**
 * One meet in a list (the Events page, a community's "Meets"): its cover, the day in a date block,
 * the title linking to the meet's page (the whole card is the link's target), when in the meet's
 * own zone, the community and the place, and who is going. A cancelled meet says so.
 */
export function MeetCard({ meet, headingLevel = 2, className }: MeetCardProps) {
  const { locale } = useDateTimeFormat();
  const Heading = `h${headingLevel}` as const;
  const block = meetDateBlock(meet, locale);
  const cancelled = meet.status === 'cancelled';
  return (
    <article data-slot="meet-card" className={cn('relative flex flex-col overflow-hidden rounded-lg border border-border bg-surface', className)}>
      {/* Without a cover the date block leads: an empty placeholder would only push the list down. */}
      {meet.coverImageUrl ? <MeetCover meet={meet} className={cn('aspect-[16/6] w-full', cancelled && 'opacity-60')} /> : null}
      <div className="flex gap-3 p-4">
        <div aria-hidden className="flex w-12 shrink-0 flex-col items-center self-start rounded-md bg-surface-sunken py-1.5 leading-none">
          <span className="text-[0.6875rem] font-semibold text-muted-foreground uppercase">{block.month}</span>
          <span className="mt-1 text-xl font-bold tabular-nums">{block.day}</span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="truncate text-xs font-medium text-muted-foreground">{meet.community.name}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="min-w-0 text-base leading-snug font-semibold break-words">
              <Link to={paths.meet(meet._id)} className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-ring">
                {meet.title}
              </Link>
            </Heading>
            {cancelled ? <CancelledBadge /> : null}
          </div>
          <p className="text-sm tabular-nums">
            <time dateTime={meet.startsAt}>{meetWhen(meet, locale)}</time>
          </p>
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin aria-hidden className="size-4 shrink-0" />
            <span className="min-w-0 truncate">{meet.place.address}</span>
          </p>
          <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground tabular-nums">
            <Users aria-hidden className="size-3.5 shrink-0" />
            {meetCountsLabel(meet)}
          </p>
        </div>
      </div>
    </article>
  );
}

/** A card's shape while the list loads. */
export function MeetCardSkeleton({ label, className, ...props }: { label?: string } & React.ComponentProps<'div'>) {
  return (
    <div role={label ? 'status' : undefined} aria-label={label || undefined} className={cn('flex flex-col overflow-hidden rounded-lg border border-border', className)} {...props}>
      <Skeleton shape="flush" className="aspect-[16/6] w-full" />
      <div className="flex gap-3 p-4">
        <Skeleton className="h-12 w-12 shrink-0" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      </div>
    </div>
  );
}
