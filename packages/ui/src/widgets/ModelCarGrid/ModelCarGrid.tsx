import * as React from 'react';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { flattenModelCars, useModelCars } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { countLabel } from '../../lib/garage.ts';
import { usePagesScroll } from '../../lib/pages-source.ts';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { CarCard, CarCardSkeleton } from '../CarCard/CarCard.tsx';
import { ListError, ListNotice } from '../ListNotice/ListNotice.tsx';

export interface ModelCarGridProps {
  /** The make and model as the URL names them (`/cars/{make}/{model}`), matched without regard to case. */
  make: string;
  model: string;
  className?: string;
}

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3';

/**
 * The top of a model's page (issue 17): the model's name as the page's heading ("Porsche 911",
 * spelt as its first car has it), how many cars of it are on Pitlane, and their cards with their
 * owners, newest added first, loading more as the page scrolls.
 */
export function ModelCarGrid({ make, model, className }: ModelCarGridProps) {
  const query = useModelCars(make, model);
  const cars = React.useMemo(() => flattenModelCars(query.data?.pages), [query.data]);
  const first = query.data?.pages[0];
  const sentinelRef = usePagesScroll(query);

  // Until the first page says how the cars spell it, the heading is the URL's words, read out
  // but drawn as a placeholder (they may be in any case: "porsche").
  const heading = query.isPending ? (
    <div className="flex flex-col gap-1">
      <h1 className="sr-only">{`${make} ${model}`}</h1>
      <Skeleton aria-hidden className="h-8 w-48" />
      <Skeleton aria-hidden className="h-4 w-28" />
    </div>
  ) : (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl leading-tight font-bold break-words">{first ? `${first.make} ${first.model}` : `${make} ${model}`}</h1>
      {first ? <p className="text-sm text-muted-foreground tabular-nums">{`${countLabel(first.totalCars, 'car', 'cars')} on Pitlane`}</p> : null}
    </div>
  );

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading cars" className={GRID}>
        {[0, 1, 2].map((card) => (
          <CarCardSkeleton key={card} />
        ))}
      </div>
    );
  } else if (query.isError && cars.length === 0) {
    body = <ListError error={query.error} fallback={FALLBACK_MESSAGES.modelFailed} onRetry={() => void query.refetch()} />;
  } else if (cars.length === 0) {
    body = <ListNotice boxed>No one has added this model to their garage yet.</ListNotice>;
  } else {
    body = (
      <div className="flex flex-col">
        <ul aria-label={`Cars: ${first?.make ?? make} ${first?.model ?? model}`} aria-busy={query.isFetchingNextPage || undefined} className={GRID}>
          {cars.map((car) => (
            <li key={car._id} className="flex">
              <CarCard car={car} showOwner headingLevel="h2" className="flex-1" />
            </li>
          ))}
        </ul>
        {query.isFetchingNextPage ? (
          <div role="status" aria-label="Loading more cars" className={cn(GRID, 'mt-3')}>
            <CarCardSkeleton />
          </div>
        ) : null}
        <div ref={sentinelRef} data-slot="model-car-grid-sentinel" aria-hidden className="h-px" />
        {query.isFetchNextPageError ? (
          <ListError error={query.error} fallback={FALLBACK_MESSAGES.modelFailed} onRetry={() => void query.fetchNextPage()} />
        ) : null}
      </div>
    );
  }

  return (
    <section data-slot="model-car-grid" aria-busy={query.isPending || undefined} className={cn('flex flex-col gap-4', className)}>
      {heading}
      {body}
    </section>
  );
}
