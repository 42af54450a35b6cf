// The first screen of a signed-in page, drawn on the server (issue 22): the server (apps/server/
// src/plugins/first-screen.ts) loads this module's build (dist/.server/first-screen.js) and calls
// `renderFirstScreen` for a page load that came with a session cookie.
//
// Drawn in the browser, the feed's first photo waits for the scripts (~120 KB), React, the session
// check, the feed's reply and the first card's render before it is even requested; on a phone
// that is seconds. Drawn here, the page arrives with its layout and first card in the HTML, and the
// photo is requested and painted before any script has run. The replies it was drawn from go
// with it (state.ts); the app hydrates the page from them (main.tsx): it takes these very
// elements over, so what is drawn here must be what the app's first render draws. Hence the
// reader's date format from their cookie, the layout drawn for both widths (the CSS shows one;
// useMediaQuery's server value), and the later-loaded parts as their stand-ins (useHydrated).
// Lists draw their first item only, here and while hydrating (useRevealedCount): drawn and
// hydrated whole, ten cards were one long stretch of main thread right after the first paint.
//
// Each call gets its own query cache and router; nothing is kept between requests.
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { matchRoute } from 'wouter';
import { PAGE_PATTERNS } from '@pitlane/api/contract';
import { createApiClient, type ApiClient } from '@pitlane/api/client';
import { authQueries, postQueries, sessionQueries } from '@pitlane/api/hooks';
import { DateTimeFormatProvider } from '@pitlane/ui';
import { App, createAppQueryClient } from '../app/App.tsx';
import { LocationProvider, memoryHistory, parseRoute } from '../app/location.tsx';
import { preloadPage } from '../app/routes.tsx';
import { DATES_COOKIE, readDateFormat, stateElement } from './state.ts';

export interface FirstScreenRequest {
  /** The page's address as requested: path and query. */
  url: string;
  /** index.html as built, with its empty `<div id="root"></div>`. */
  template: string;
  /** Answers the app's API calls as the person loading the page (the server, in-process). */
  fetch: typeof fetch;
  /** The request's cookies: the reader's date format (state.ts, DATES_COOKIE) is among them. */
  cookies: Readonly<Record<string, string | undefined>>;
  /** The files the page loads first beyond the entry's, as URLs (the server reads them from the build). */
  modules?: readonly string[];
}

/**
 * The pages drawn here, for whom (a signed-in page for the person signed in; the login page for
 * someone who is not: a signed-in visitor goes on to the feed), with the data each draws from,
 * fetched first, as the page's hooks ask.
 */
const DRAWN_PAGES: ReadonlyArray<{ pattern: string; signedIn: boolean; fetch: (queryClient: QueryClient, client: ApiClient) => Promise<unknown> }> = [
  {
    pattern: PAGE_PATTERNS.feeds,
    signedIn: true,
    fetch: (queryClient, client) => queryClient.fetchInfiniteQuery(postQueries.feed(client)),
  },
  {
    // Every visitor's first page: its heading and form painted before any script has run.
    pattern: PAGE_PATTERNS.login,
    signedIn: false,
    fetch: (queryClient, client) => queryClient.fetchQuery(authQueries.providerInfo(client)),
  },
];

const EMPTY_ROOT = '<div id="root"></div>';
/** The app's code in index.html: its entry and the files the entry imports. */
const APP_CODE = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;
/** Where the app's code goes in a drawn page, held (public/drawn-page.js takes it from there by this id). */
const APP_CODE_ID = 'app-code';
/**
 * Holds the presses made before the app has taken the drawn page over, and starts the app once
 * the page's first photo has been painted (public/drawn-page.js). Async: it runs as soon as it
 * has arrived, while the page may still be arriving, without holding up its first paint.
 */
const DRAWN_PAGE_SCRIPT = '<script async src="/drawn-page.js"></script>';
/** index.html's preload of the session check: the answer is in the page now, nothing to fetch. */
const SESSION_PRELOAD = /<link rel="preload" href="\/api\/auth\/verify"[^>]*>\s*/;

/**
 * index.html with the page at `url` drawn into it for the person `fetch` calls as, or null when
 * it is not drawn here: not one of DRAWN_PAGES, not that page's visitor (signed in or not), no
 * date format in the cookies for a signed-in page, or a reply it needs failed (the app in the browser then shows what it would have shown, its
 * error included).
 */
export async function renderFirstScreen({ url, template, fetch, cookies, modules = [] }: FirstScreenRequest): Promise<string | null> {
  // Hydrated by React only: the browser's app on preact/compat (scripts/renderer.ts) is not what
  // this drawing is made and tested for.
  if (import.meta.env.PITLANE_BROWSER_RENDERER === 'preact') return null;
  const pathname = new URL(url, 'http://pitlane.invalid').pathname;
  const page = DRAWN_PAGES.find(({ pattern }) => matchRoute(parseRoute, pattern, pathname)[0]);
  // A browser that has not run the app yet has not said how it writes dates (state.ts): a
  // signed-in page has dates (the login page has none).
  const dates = readDateFormat(cookies[DATES_COOKIE]);
  if (!page || (page.signedIn && !dates) || !template.includes(EMPTY_ROOT)) return null;

  const client = createApiClient({ fetch });
  // No second try here: the page load would wait for it; the browser's app tries again itself.
  const queryClient = createAppQueryClient({ retry: false });
  const user = await queryClient.fetchQuery(sessionQueries.user(client));
  if (Boolean(user) !== page.signedIn) return null;
  try {
    await Promise.all([
      page.fetch(queryClient, client),
      // What the layout draws around every signed-in page: the unread badge, the person's communities.
      ...(user ? [queryClient.prefetchQuery(sessionQueries.unreadCount(client)), queryClient.prefetchQuery(sessionQueries.communities(client, user.id))] : []),
      preloadPage(pathname),
    ]);
  } catch {
    return null;
  }

  // Nothing here suspends: the page's modules are loaded (above), and the parts whose code comes
  // later draw their stand-ins (@pitlane/ui's useHydrated), as the hydrating browser will.
  const app = <App queryClient={queryClient} apiClient={client} router={(routes) => <LocationProvider history={memoryHistory(url)}>{routes}</LocationProvider>} />;
  const markup = renderToString(
    dates ? (
      <DateTimeFormatProvider locale={dates.locale} timeZone={dates.timeZone}>
        {app}
      </DateTimeFormatProvider>
    ) : (
      app
    ),
  );
  const state = dehydrate(queryClient);
  queryClient.clear();
  // The app's code is held in an inert <template> until the first photo has been painted: fetched
  // beside it, ~130 KB of scripts would share the phone's bandwidth with it and delay it (the
  // issue's LCP). A press meanwhile is held and pressed again once the app has the page.
  const code = [...template.matchAll(APP_CODE)].map(([tag]) => tag.trim());
  const held = [...code, ...modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)];
  // A function, not a string: `$&` in what people wrote is text, not a replacement pattern.
  return template
    .replace(SESSION_PRELOAD, '')
    .replace(APP_CODE, '')
    .replace('</head>', `  ${DRAWN_PAGE_SCRIPT}\n  </head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>${stateElement(state)}<template id="${APP_CODE_ID}">${held.join('')}</template>`);
}
