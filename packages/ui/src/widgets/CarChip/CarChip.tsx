import { Link } from 'wouter';
import { CarFront } from 'lucide-react';
import { carLabel, paths, type CarRef } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';

export interface CarChipProps {
  /** The car a post is tagged to (`post.car`). */
  car: CarRef;
  className?: string;
}

/**
 * The car a post is tagged to (issue 17), as a small chip on the card: "1991 Porsche 911 Carrera
 * 2" with a car icon, linking to the car's page. Quiet like the card's other small print, so it
 * never competes with the photos; a long name is cut short rather than wrapping the card.
 */
export function CarChip({ car, className }: CarChipProps) {
  return (
    <Link
      to={paths.car(car._id)}
      data-slot="car-chip"
      className={cn(
        'inline-flex h-7 max-w-full min-w-0 items-center gap-1.5 rounded-full bg-surface-sunken px-2.5 text-xs font-medium text-foreground ring-1 ring-border hover:bg-muted hover:ring-input',
        className,
      )}
    >
      <CarFront aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="min-w-0 truncate">{carLabel(car)}</span>
    </Link>
  );
}
