import * as React from 'react';
import { CarFront, Pencil, Plus } from 'lucide-react';
import { carLabel, FALLBACK_MESSAGES, type Car } from '@pitlane/api/contract';
import { useGarage, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { CarCard, CarCardSkeleton } from '../CarCard/CarCard.tsx';
import { CarForm } from '../CarForm/CarForm.tsx';
import { ListError } from '../ListNotice/ListNotice.tsx';

export interface GarageSectionProps {
  /** The profile's user id (the profile query's `_id`). */
  userId: string;
  /** After a car was added (e.g. to go to its page); the garage shows it either way. */
  onCarAdded?: (car: Car) => void;
  className?: string;
}

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3';

/**
 * A profile's "Garage" (issue 17), between the header and the communities: the person's cars,
 * current first, then past ones, each a card linking to its page. On one's own profile, "Add car"
 * and an Edit button on each card open the car form (where a car is also removed).
 */
export function GarageSection({ userId, onCarAdded, className }: GarageSectionProps) {
  const { user: me } = useSession();
  const garage = useGarage(userId);
  const own = me?.id === userId;
  const headingId = React.useId();
  const heading = React.useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = React.useState(false);
  const [editing, setEditing] = React.useState<Car | null>(null);

  const cars = garage.data ?? [];
  return (
    <section aria-labelledby={headingId} aria-busy={garage.isPending || undefined} data-slot="garage-section" className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 ref={heading} id={headingId} tabIndex={-1} className="text-base font-semibold outline-none">
          Garage
        </h2>
        {own && cars.length > 0 ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add car
          </Button>
        ) : null}
      </div>

      {garage.isPending ? (
        <div role="status" aria-label="Loading garage" className={GRID}>
          {[0, 1, 2].map((card) => (
            <CarCardSkeleton key={card} />
          ))}
        </div>
      ) : garage.isError ? (
        <ListError error={garage.error} fallback={FALLBACK_MESSAGES.garageFailed} onRetry={() => void garage.refetch()} boxed spacing="short" />
      ) : cars.length === 0 ? (
        own ? (
          <div className="flex flex-col items-center gap-3 rounded-lg bg-surface-sunken px-4 py-8 text-center">
            <CarFront aria-hidden strokeWidth={1.5} className="size-8 text-muted-foreground" />
            <div className="flex flex-col gap-1">
              <p className="text-sm font-medium">Your garage is empty.</p>
              <p className="text-sm text-muted-foreground">Add the cars you drive, and the ones you miss: then tag your posts with them.</p>
            </div>
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              Add your first car
            </Button>
          </div>
        ) : (
          <p className="rounded-lg bg-surface-sunken px-4 py-6 text-center text-sm text-muted-foreground">No cars in the garage yet.</p>
        )
      ) : (
        <ul className={GRID}>
          {cars.map((car) => (
            <li key={car._id} className="flex">
              <CarCard
                car={car}
                className="flex-1"
                actions={
                  own ? (
                    <IconButton
                      aria-label={`Edit ${carLabel(car)}`}
                      size="sm"
                      variant="floating"
                      onClick={() => setEditing(car)}
                    >
                      <Pencil />
                    </IconButton>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}

      {own ? (
        <>
          <CarForm open={adding} onOpenChange={setAdding} onSaved={onCarAdded} />
          <CarForm
            key={editing?._id}
            car={editing ?? undefined}
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
            // A removed car's Edit button is gone: the focus goes to the heading instead.
            fallbackFocus={() => heading.current}
          />
        </>
      ) : null}
    </section>
  );
}
