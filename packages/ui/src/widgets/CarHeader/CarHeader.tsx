import * as React from 'react';
import { Link } from 'wouter';
import { ArrowRight, CarFront, Pencil, Trash2 } from 'lucide-react';
import { carLabel, FALLBACK_MESSAGES, paths, type Car } from '@pitlane/api/contract';
import { useCar, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { carCountsLabel, ownershipLabel } from '../../lib/garage.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { CarCover } from '../CarCard/CarCover.tsx';
import { CarForm } from '../CarForm/CarForm.tsx';
import { RemoveCarDialog } from '../CarForm/RemoveCarDialog.tsx';
import { AltBadge } from '../ImageSlider/AltBadge.tsx';
import { PageError } from '../PageError/PageError.tsx';

export interface CarHeaderProps {
  carId: string;
  /** After the owner removed the car: the page goes to their profile (`paths.profile(username)`). */
  onRemoved: (car: Car) => void;
  className?: string;
}

function CarHeaderSkeleton() {
  return (
    <div role="status" aria-label="Loading car" className="flex flex-col gap-4">
      <Skeleton shape="card" className="aspect-[16/7] w-full" />
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-full" />
    </div>
  );
}

/** One line of the specs: its term, and what the car has. */
function Spec({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

// The cover spans the car page's column (at most ~670 px) or the phone's width.
const HEADER_COVER_SIZES = '(min-width: 768px) 700px, 100vw';

/**
 * The top of a car's page (issue 17): the cover (or the placeholder), the car's name, its specs
 * (year, make and model linking to every car of that model, trim, colour, owned now or past),
 * its description and its owner, linking to their profile. The owner gets Edit (the car form)
 * and Remove (behind the confirmation). "Car not found." when it does not exist (any more).
 */
export function CarHeader({ carId, onRemoved, className }: CarHeaderProps) {
  const { user } = useSession();
  const query = useCar(carId);
  const [editing, setEditing] = React.useState(false);
  const [removing, setRemoving] = React.useState(false);
  const [removeError, setRemoveError] = React.useState<string | null>(null);

  if (query.isPending) return <CarHeaderSkeleton />;
  if (query.isError) {
    return <PageError error={query.error} fallback={FALLBACK_MESSAGES.carFailed} />;
  }

  const car = query.data;
  const own = user?.id === car.owner._id;
  const model = paths.carModel(car.make, car.model);
  return (
    <header data-slot="car-header" className={cn('flex flex-col gap-4', className)}>
      <div className="relative">
        <CarCover car={car} priority sizes={HEADER_COVER_SIZES} className="aspect-[16/7] w-full rounded-lg" />
        {car.coverImageUrl && car.coverImageAlt ? <AltBadge description={car.coverImageAlt} /> : null}
        {!car.current ? (
          <span className="absolute top-3 left-3 rounded-full bg-asphalt/85 px-2.5 py-1 text-xs font-semibold text-white">Past car</span>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h1 className="text-2xl leading-tight font-bold break-words">{carLabel(car)}</h1>
          <Link to={paths.profile(car.owner.username)} className="group flex w-fit min-w-0 items-center gap-2 text-sm">
            <Avatar name={car.owner.fullName} src={car.owner.profilePictureUrl} alt="" size="sm" />
            <span className="min-w-0 truncate">
              <span className="text-muted-foreground">{car.current ? 'Owned by' : 'Formerly owned by'}</span>{' '}
              <span className="font-semibold group-hover:underline">{car.owner.fullName}</span>
            </span>
          </Link>
        </div>
        {own ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Edit
            </Button>
            <Button
              variant="danger"
              size="sm"
              onClick={() => {
                setRemoveError(null);
                setRemoving(true);
              }}
            >
              <Trash2 aria-hidden />
              Remove
            </Button>
          </div>
        ) : null}
      </div>

      {removeError ? (
        <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {removeError}
        </p>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg bg-surface-sunken p-4 sm:grid-cols-3">
        <Spec term="Year">
          <span className="tabular-nums">{car.year}</span>
        </Spec>
        <Spec term="Make">{car.make}</Spec>
        <Spec term="Model">{car.model}</Spec>
        {car.trim ? <Spec term="Trim or nickname">{car.trim}</Spec> : null}
        {car.colour ? <Spec term="Colour">{car.colour}</Spec> : null}
        <Spec term="Ownership">{ownershipLabel(car.current)}</Spec>
      </dl>

      {/* One clearly named way to the model's page, rather than a make name that leads to a model. */}
      <Link to={model} className="group flex w-fit items-center gap-1.5 text-sm font-medium">
        <CarFront aria-hidden className="size-4 text-muted-foreground" />
        <span className="underline-offset-4 group-hover:underline">{`Every ${car.make} ${car.model} on Pitlane`}</span>
        <ArrowRight aria-hidden className="size-4 text-muted-foreground" />
      </Link>

      {car.description ? <p className="text-sm break-words whitespace-pre-line">{car.description}</p> : null}
      <p className="text-xs font-medium text-muted-foreground tabular-nums">{carCountsLabel(car)}</p>

      {own ? (
        <>
          <CarForm car={car} open={editing} onOpenChange={setEditing} onRemoved={() => onRemoved(car)} />
          <RemoveCarDialog car={car} open={removing} onOpenChange={setRemoving} onRemoved={() => onRemoved(car)} onError={setRemoveError} />
        </>
      ) : null}
    </header>
  );
}
