import * as React from 'react';
import { MOBILE_BREAKPOINT_PX } from '@pitlane/api/contract';

/** Phones (spec §9's breakpoint): Tailwind's `md:` classes apply from MOBILE_BREAKPOINT_PX up. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
/** Wider than a phone: where the `md:` classes apply. */
export const WIDE_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** Whether a media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return React.useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
