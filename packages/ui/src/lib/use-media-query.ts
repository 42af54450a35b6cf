import * as React from 'react';
import { MOBILE_BREAKPOINT_PX } from '@pitlane/api/contract';

/** Phones (spec §9's breakpoint): Tailwind's `md:` classes apply from MOBILE_BREAKPOINT_PX up. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
/** Wider than a phone: where the `md:` classes apply. */
export const WIDE_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/**
 * Whether a media query matches now, following it as the window changes. A page drawn on the
 * server has no window to ask: there the answer is `serverValue` (false unless given; `null`
 * for "unknown", where a caller draws for every width and leaves the choice to the CSS).
 */
export function useMediaQuery(query: string): boolean;
export function useMediaQuery<Server extends boolean | null>(query: string, serverValue: Server): boolean | Server;
export function useMediaQuery(query: string, serverValue: boolean | null = false): boolean | null {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return React.useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => serverValue);
}
