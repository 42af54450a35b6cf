import * as React from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * How many of a list's `total` items to draw. A list that mounts with its items already there (a
 * page seen before, from the cache) draws them all at once. A list whose items arrive after it
 * mounted draws the `first` few, then `step` more in each following transition until all are
 * drawn, and from then on every item at once (a like, the next page).
 *
 * Why (issue 22): a feed page of ten full cards took ~700 ms of main thread at Lighthouse's 4× CPU
 * before the first card's photo could paint, all of it for cards below the fold. Drawn this way,
 * the first screen commits in a short task and paints; the rest is built in small commits after.
 */
export function useRevealedCount(total: number, first: number, step: number): number {
  // A page drawn on the server (apps/web/src/first-screen) comes with its items, but drawing them
  // all there and hydrating them all here is one long stretch of main thread after the first
  // paint: both draw the `first` few, and the browser reveals the rest as above.
  const hydrated = useHydrated();
  const [limit, setLimit] = React.useState(() => (total > 0 && hydrated ? Infinity : first));
  const shown = Math.min(total, limit);
  React.useEffect(() => {
    if (shown >= total) return;
    // The last step lifts the limit, so later items (the next page) are drawn at once.
    const next = shown + step >= total ? Infinity : shown + step;
    React.startTransition(() => setLimit(next));
  }, [shown, total, step]);
  return shown;
}
