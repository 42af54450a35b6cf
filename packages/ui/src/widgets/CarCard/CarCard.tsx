import type * as React from 'react';
import { Link } from 'wouter';
import { carLabel, paths, type Car } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { carCountsLabel } from '../../lib/garage.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { CarCover } from './CarCover.tsx';

export interface CarCardProps {
  car: Car;
  /** Shows who owns it (a model's page, where cars of many people meet); a garage leaves it out. */
  showOwner?: boolean;
  /** The heading level of the car's name inside the surrounding page. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** Controls over the card (a garage owner's Edit), above the card's link. */
  actions?: React.ReactNode;
  className?: string;
}

// Cards sit two or three to a row in a column at most ~900 px wide.
const CARD_COVER_SIZES = '(min-width: 768px) 300px, 50vw';

/**
 * A car as a link to its page (issue 17): cover (or the placeholder), "1991 Porsche 911 Carrera
 * 2", its colour, "Past" for a car no longer owned, and its posts and log entries. The whole card
 * is the link (a stretched link): one tab stop, and its name is the car's.
 */
export function CarCard({ car, showOwner = false, headingLevel: Heading = 'h3', actions, className }: CarCardProps) {
  return (
    <article
      data-slot="car-card"
      className={cn(
        'group relative flex min-w-0 flex-col overflow-hidden rounded-lg bg-surface shadow-card ring-1 ring-border focus-within:ring-2 focus-within:ring-ring hover:ring-input',
        className,
      )}
    >
      <div className="relative">
        <CarCover car={car} sizes={CARD_COVER_SIZES} className="aspect-[4/3] w-full" />
        {!car.current ? (
          <span className="absolute top-2 left-2 rounded-full bg-asphalt/85 px-2 py-0.5 text-xs font-semibold text-white">Past</span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <Heading className="text-sm leading-snug font-semibold break-words text-foreground">
          <Link to={paths.car(car._id)} className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:underline">
            {carLabel(car)}
          </Link>
        </Heading>
        {car.colour ? <p className="truncate text-xs text-muted-foreground">{car.colour}</p> : null}
        <p className="mt-auto pt-1 text-xs font-medium text-muted-foreground tabular-nums">{carCountsLabel(car)}</p>
        {showOwner ? (
          <p className="flex min-w-0 items-center gap-1.5 pt-1 text-xs text-muted-foreground">
            <Avatar name={car.owner.fullName} src={car.owner.profilePictureUrl} alt="" size="xs" />
            <span className="truncate">{car.owner.fullName}</span>
          </p>
        ) : null}
      </div>
      {/* Above the stretched link, so its buttons stay clickable. */}
      {actions ? <div className="absolute top-2 right-2 z-10 flex gap-1">{actions}</div> : null}
    </article>
  );
}

/** A car card while it loads: the same box, so nothing jumps when the garage arrives. */
export function CarCardSkeleton() {
  return (
    <div aria-hidden className="flex flex-col overflow-hidden rounded-lg bg-surface shadow-card ring-1 ring-border">
      <Skeleton shape="flush" className="aspect-[4/3] w-full" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="mt-1 h-3 w-2/3" />
      </div>
    </div>
  );
}
