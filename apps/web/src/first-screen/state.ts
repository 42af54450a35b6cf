// The query cache a page drawn on the server was drawn from, written into the page beside it
// (render.tsx) and read by the app before its first render (main.tsx), so the app draws the same
// screen at once, from the same replies, instead of a spinner while it asks for them again.
import type { DehydratedState, QueryClient } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` holding the cache. */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/**
 * `state` as the JSON element's text. JSON.parse reads it back; `<` is escaped so that nothing a
 * person wrote (a caption holding `</script>`) can end the element early.
 */
export function stateElement(state: unknown): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${json}</script>`;
}

/**
 * Puts the replies of `state` (TanStack Query's `dehydrate`, render.tsx) in the app's empty cache,
 * each as fresh as when the server fetched it. Its `hydrate` would do the same and more (promises,
 * mutations, merging into a cache already holding data), none of which a cache at the app's start
 * needs, and it was ~0.4 KB gzip more on every page's first load (issue 22's budget).
 */
export function seedQueryCache(queryClient: QueryClient, state: DehydratedState): void {
  for (const { queryKey, state: query } of state.queries) {
    if (query.status === 'success') queryClient.setQueryData(queryKey, query.data, { updatedAt: query.dataUpdatedAt });
  }
}

/** The cache written into this page, once (the element goes), or null on a page drawn in the browser. */
export function takeFirstScreenState(): DehydratedState | null {
  const element = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as DehydratedState;
  } catch {
    return null; // the app then asks for everything itself, as on any other page
  }
}

/**
 * The reader's locale and time zone, kept in a cookie so a page drawn on the server writes its
 * dates as the app in this browser will (first-screen/render.tsx): the server cannot know the
 * zone otherwise, and a feed's dates drawn in the server's would change under the reader's eyes.
 */
export const DATES_COOKIE = 'pitlane_dates';

/** Writes DATES_COOKIE for the next page load, when it differs from this browser's format. */
export function rememberDateFormat(): void {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  const value = encodeURIComponent(`${locale} ${timeZone}`);
  if (document.cookie.split('; ').includes(`${DATES_COOKIE}=${value}`)) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${DATES_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * DATES_COOKIE's value read back (as the server's cookie parser hands it over, decoded): a valid
 * locale and time zone, or null. Without them the server draws nothing: dates written any other
 * way than the reader's would not match what the browser hydrates.
 */
export function readDateFormat(value: string | undefined): { locale: string; timeZone: string } | null {
  const [locale, timeZone, ...rest] = value?.split(' ') ?? [];
  if (!locale || !timeZone || rest.length > 0) return null;
  try {
    // Both checked by Intl itself: a made-up value throws (RangeError).
    const resolved = new Intl.DateTimeFormat(locale, { timeZone }).resolvedOptions();
    return { locale: resolved.locale, timeZone: resolved.timeZone };
  } catch {
    return null;
  }
}
