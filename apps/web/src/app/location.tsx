import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Router, type Parser } from 'wouter';
import { parse } from 'regexparam';

// The address the app draws, for wouter's <Router>: ONE state for the whole app, changed in a
// React transition whenever the address changes (a link, `navigate`, <Redirect>, back/forward).
//
// Why not wouter's own location hook: it reads the address with useSyncExternalStore, whose
// updates React always draws at once, never as a transition. Going to a page whose code has not
// loaded yet would then swap the page being left for the <Suspense> fallback (routes.tsx: the
// full-screen spinner). As a transition, as React Router drew it, React keeps the current page on
// screen until the next one can be drawn ("a login replaces the page without a spinner").
//
// The history entries the app makes hold `{ usr: state, idx }`, React Router's shape (so entries
// made before the switch to wouter read the same): `idx` counts the entries the app opened before
// this one in the tab, so a page opened directly (a typed or shared link) knows it has no page of
// the app to go back to (go-back.ts).

/** One entry of the tab's history, as the app reads it. */
export interface AppLocation {
  /** As in the address bar (percent-encoded). */
  pathname: string;
  /** `''` or `?…`. */
  search: string;
  /** The `state` the navigation here was made with, or null. */
  state: unknown;
  /** How many entries the app opened before this one: 0 for a page opened directly. */
  index: number;
}

export interface NavigateOptions {
  /** Replace the current entry instead of adding one; by default only when going where it already is. */
  replace?: boolean;
  state?: unknown;
}

/** Where the locations come from: the browser's history, or one in memory (the server's render, tests). */
export interface AppHistory {
  location(): AppLocation;
  navigate(to: string, options?: NavigateOptions): void;
  back(): void;
  /** Calls `onChange` after each change of location; returns the function that stops it. */
  listen(onChange: () => void): () => void;
}

type Entry = { usr?: unknown; idx?: number } | null;

/** As React Router's <Link>: a link to where one already is replaces the entry rather than adding another. */
const replaces = (here: AppLocation, to: string, replace: boolean | undefined) => replace ?? to === here.pathname + here.search;

/** The browser's history (the browser's app only: it reads `window`). */
export const browserHistory: AppHistory = {
  location() {
    const entry = window.history.state as Entry;
    return { pathname: window.location.pathname, search: window.location.search, state: entry?.usr ?? null, index: entry?.idx ?? 0 };
  },
  navigate(to, { replace, state = null } = {}) {
    const here = browserHistory.location();
    const replacing = replaces(here, to, replace);
    window.history[replacing ? 'replaceState' : 'pushState']({ usr: state, idx: here.index + (replacing ? 0 : 1) } satisfies Entry, '', to);
  },
  back: () => window.history.back(),
  // wouter (use-browser-location) makes pushState and replaceState dispatch events of their names.
  listen(onChange) {
    const events = ['popstate', 'pushState', 'replaceState'];
    for (const event of events) window.addEventListener(event, onChange);
    return () => events.forEach((event) => window.removeEventListener(event, onChange));
  },
};

/** A history in memory starting at `url` (a path and query): the server's render of a page, and tests. */
export function memoryHistory(url: string): AppHistory {
  const at = (to: string, state: unknown, index: number): AppLocation => {
    const { pathname, search } = new URL(to, 'http://pitlane.invalid');
    return { pathname, search, state, index };
  };
  const entries = [at(url, null, 0)];
  let index = 0;
  const listeners = new Set<() => void>();
  const history: AppHistory = {
    location: () => entries[index] as AppLocation,
    navigate(to, { replace, state = null } = {}) {
      const replacing = replaces(history.location(), to, replace);
      if (!replacing) entries.length = ++index; // a new entry drops those ahead, as the browser's does
      entries[index] = at(to, state, index);
      listeners.forEach((listener) => listener());
    },
    back() {
      if (index === 0) return;
      index -= 1;
      listeners.forEach((listener) => listener());
    },
    listen(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  return history;
}

const LocationContext = createContext<{ location: AppLocation; history: AppHistory } | null>(null);

function useLocationContext() {
  const context = useContext(LocationContext);
  if (!context) throw new Error('The app location is read inside <LocationProvider> only');
  return context;
}

/** The location drawn (the page beneath a modal page reads its own: `DrawnLocation`). */
export const useAppLocation = (): AppLocation => useLocationContext().location;
/** The navigation's `state` (React Router's `location.state`). */
export const useHistoryState = <State,>(): State | null => useLocationContext().location.state as State | null;
/** The tab's history: to go back. */
export const useAppHistory = (): AppHistory => useLocationContext().history;

// wouter's location and search hooks (module-level: the router keeps them across renders).
const usePath = () => {
  const { location, history } = useLocationContext();
  return [location.pathname, history.navigate] as [string, AppHistory['navigate']];
};
const useSearchString = () => useLocationContext().location.search;

/**
 * Route patterns (`/cars/:make/:model`) as wouter's default parser reads them, with the values
 * decoded: wouter matches a path decoded with `decodeURI`, which leaves `%2F`, `%26`, `%23`, `%3F`,
 * `%40` and the like (`/cars/H%26R/M3%2FM4`) as they are; React Router handed pages `H&R`, `M3/M4`.
 */
export const parseRoute: Parser = (route, loose) => {
  const { keys, pattern } = parse(route, loose);
  const decode = (value: string | undefined) => value?.replace(/%(2[346BCF]|3[ABDF]|40)/gi, (escape) => decodeURIComponent(escape));
  return { keys, pattern: { exec: (path: string) => pattern.exec(path)?.map((value, at) => (at ? decode(value) : value)) ?? null } as Pick<RegExp, 'exec'> };
};

/** The router around the app: wouter's, reading the location from `history` (default: the browser's). */
export function LocationProvider({ history = browserHistory, children }: { history?: AppHistory; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useEffect(() => {
    const update = () => {
      const next = history.location();
      startTransition(() => setLocation((shown) => (same(shown, next) ? shown : next)));
    };
    const stop = history.listen(update);
    // A navigation before this effect ran: a <Redirect> in the first render's effects.
    update();
    return stop;
  }, [history]);
  const value = useMemo(() => ({ location, history }), [location, history]);
  return (
    <LocationContext.Provider value={value}>
      <Router hook={usePath} searchHook={useSearchString} parser={parseRoute}>
        {children}
      </Router>
    </LocationContext.Provider>
  );
}

/**
 * What is beneath draws `location` instead of the address's (routes.tsx: the page under a modal
 * page, as React Router's `<Routes location>` did): wouter's hooks (`useLocation`, `useSearch`,
 * `useParams` of its routes) and `useHistoryState` read it; navigating still goes through the tab's history.
 */
export function DrawnLocation({ location, children }: { location: AppLocation; children: ReactNode }) {
  const { history } = useLocationContext();
  const value = useMemo(() => ({ location, history }), [location, history]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

const same = (a: AppLocation, b: AppLocation) => a.pathname === b.pathname && a.search === b.search && a.state === b.state && a.index === b.index;
