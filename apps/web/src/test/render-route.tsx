// Renders one page of the app the way the app mounts it (query client, API client, session,
// router), over the fake backend of `@pitlane/api/mocks`, for page tests under jsdom.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactElement } from 'react';
import { Route, Switch } from 'wouter';
import { createApiClient } from '@pitlane/api/client';
import { ApiClientProvider, SessionProvider } from '@pitlane/api/hooks';
import { createMockBackend, fetchThroughHandlers, fixtures, handlers, type MockSeed } from '@pitlane/api/mocks';
import { LocationProvider, memoryHistory } from '../app/location.tsx';

export interface RenderRouteOptions {
  /** The page's route pattern, e.g. `/profile/:username`. */
  path: string;
  /** Where the test starts, e.g. `/profile/maya.drives`. */
  url: string;
  /** Default: the standard fixture, signed in as maya.drives. */
  seed?: MockSeed;
  /** Extra routes (where the page navigates to), rendered as their path; `path` is matched first. */
  otherPaths?: string[];
  /** How long read data stays fresh; default 0 (refetch on every mount); the app's is 30 s (App.tsx). */
  staleTime?: number;
}

// jsdom has no layout: media queries never match (desktop is the default the widgets assume
// first), and nothing ever scrolls into view, so infinite scroll stays at the first page.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('IntersectionObserver' in window)) {
  class NoIntersection {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(window, { IntersectionObserver: NoIntersection });
}

// The unit project runs without globals, so Testing Library cannot clean up by itself.
afterEach(cleanup);

/** Every call the page made, as `METHOD /path?query`. */
export type CallLog = string[];

export function renderRoute(page: ReactElement, { path, url, seed = fixtures.standard(), otherPaths = [], staleTime = 0 }: RenderRouteOptions) {
  const backend = createMockBackend(seed);
  const through = fetchThroughHandlers(handlers(backend));
  const calls: CallLog = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const request = new URL(String(input instanceof Request ? input.url : input), 'http://pitlane.test');
    calls.push(`${init?.method ?? 'GET'} ${request.pathname}${request.search}`);
    return through(input, init);
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } } });
  // The app's own router (location.tsx) over a history in memory: navigations are transitions, as in the app.
  const history = memoryHistory(url);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ fetch })}>
        <SessionProvider>
          <LocationProvider history={history}>
            <Switch>
              <Route path={path}>{page}</Route>
              {otherPaths.map((other) => (
                <Route key={other} path={other}>
                  <p data-testid="elsewhere">{other}</p>
                </Route>
              ))}
            </Switch>
          </LocationProvider>
        </SessionProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { ...view, backend, history, calls, queryClient };
}
