import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoute, Route, Switch, useRoute } from 'wouter';
import { parse } from 'regexparam';
import { isValidTag, normalizeTag, PAGE_PATTERNS, type PageName } from '@pitlane/api/contract';
import { FullScreenSpinner } from '@pitlane/ui';
import { loadOrReload } from './chunk-reload.ts';
import { DrawnLocation, parseRoute, useAppLocation, type AppLocation } from './location.tsx';
import { PublicOnly, RequireSession, RootRedirect, SessionExpiryWatcher } from './guards.tsx';
import {
  DASHBOARD_PAGES,
  DEFAULT_BACKGROUND_PAGE,
  firstModules,
  MODAL_PAGES,
  NOT_FOUND_MODULE,
  PAGE_MODULES,
  PUBLIC_PAGES,
  SHELL_MODULE,
  type AppPage,
} from './page-modules.ts';

/** A page or the layout around one (its `children`). */
type PageComponent = ComponentType<{ children?: ReactNode }>;
/** A lazily loaded module: React renders it, `preload()` starts fetching it before that. */
type LazyPage = PageComponent & { preload: () => Promise<unknown> };

function page(load: () => Promise<PageComponent>): LazyPage {
  let loaded: PageComponent | null = null;
  const fetch = () => load().then((Component) => (loaded = Component));
  // Only rendering reloads on a missing chunk: a failed prefetch must not reload a page someone
  // is typing in (the render that needs the chunk will try again).
  const Lazy = lazy(() => loadOrReload(fetch).then((Component) => ({ default: Component })));
  // A module already loaded draws in the render that asks for it, with no Suspense in between:
  // the server's render of a page (first-screen/render.tsx) cannot wait for one, and the browser
  // hydrating that page draws it the same way (main.tsx loads the page's modules first). Which of
  // the two is chosen once per mount, so a page never remounts midway.
  function Page({ children }: { children?: ReactNode }) {
    const [Shown] = useState<PageComponent>(() => loaded ?? Lazy);
    return <Shown>{children}</Shown>;
  }
  return Object.assign(Page, { preload: fetch });
}

// Each a dynamic import of its own, named as page-modules.ts names it but from this folder.
const loaders: Record<string, () => Promise<PageComponent>> = {
  ...import.meta.glob<PageComponent>('../pages/*Page.tsx', { import: 'default' }),
  ...import.meta.glob<PageComponent>('./DashboardShell.tsx', { import: 'DashboardShell' }),
};
const lazyModules = new Map<string, LazyPage>();

/** The module of page-modules.ts (a path from apps/web), loaded lazily: one component each. */
function lazyModule(module: string): LazyPage {
  let found = lazyModules.get(module);
  if (!found) {
    const load = loaders[module.startsWith('src/app/') ? `./${module.slice('src/app/'.length)}` : `../${module.slice('src/'.length)}`];
    if (!load) throw new Error(`${module} is not a page module of the app`);
    found = page(load);
    lazyModules.set(module, found);
  }
  return found;
}

const DashboardShell = lazyModule(SHELL_MODULE);
const NotFoundPage = lazyModule(NOT_FOUND_MODULE);
const pageComponent = (name: AppPage) => lazyModule(PAGE_MODULES[name]);

/** Pages shown as a modal over the page they were opened from (spec §2: Create Post). */
export const MODAL_PATHS: ReadonlySet<string> = new Set(MODAL_PAGES.map((name) => PAGE_PATTERNS[name]));
/** Under a modal opened directly (a typed or shared link) there is no page yet: the feed. */
const DEFAULT_BACKGROUND = { pathname: PAGE_PATTERNS[DEFAULT_BACKGROUND_PAGE], search: '', state: null, index: 0 } satisfies AppLocation;
/**
 * The addresses of the pages drawn in the dashboard layout, any of them: the layout's route, which
 * stays mounted from one of these pages to the next (React Router's layout route).
 */
const DASHBOARD_ROUTE = new RegExp(DASHBOARD_PAGES.map((name) => parse(PAGE_PATTERNS[name]).pattern.source).join('|'), 'i');

/**
 * The chunks the page at `pathname` renders first (page-modules.ts: `firstModules`), fetched at
 * start-up beside the session check instead of after it (the guards wait for the session before
 * rendering the page). Settles when they have loaded or failed.
 */
export function preloadPage(pathname: string): Promise<void> {
  const name = (Object.keys(PAGE_PATTERNS) as PageName[]).find((candidate) => matchRoute(parseRoute, PAGE_PATTERNS[candidate], pathname)[0]);
  if (!name) return Promise.resolve();
  // A failed fetch here is retried by React.lazy when the page renders, and reported there.
  return Promise.all(firstModules(name).map((module) => lazyModule(module).preload().catch(() => {}))).then(() => {});
}

/**
 * On a signed-out page, once the browser is idle, the dashboard layout and the feed are fetched,
 * so that logging in goes straight to them (a login replaces the page without a spinner while
 * the next chunk loads) without putting them on the signed-out page's first load.
 */
function PrefetchDashboard() {
  useEffect(() => {
    const prefetch = () => {
      DashboardShell.preload().catch(() => {});
      pageComponent(DEFAULT_BACKGROUND_PAGE).preload().catch(() => {});
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 1000);
    return () => clearTimeout(id);
  }, []);
  return null;
}

/** Routes of spec §2. */
export function AppRoutes() {
  const location = useAppLocation();
  const background = useBackgroundLocation(location);
  const modal = MODAL_PATHS.has(location.pathname);

  // A <Switch> draws the first route that matches: a page with a fixed address (`/profile/edit`)
  // comes before one with a parameter in its place (`/profile/:username`), as page-modules.ts lists them.
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SessionExpiryWatcher />
      {/* While a modal page is open, the page beneath stays as it was, reading the location it was drawn at. */}
      <DrawnLocation location={background}>
        <Switch>
          <Route path={PAGE_PATTERNS.root}>
            <RootRedirect />
          </Route>
          {PUBLIC_PAGES.map((name) => {
            const Page = pageComponent(name);
            return (
              <Route key={name} path={PAGE_PATTERNS[name]}>
                <PublicOnly>
                  <PrefetchDashboard />
                  <Page />
                </PublicOnly>
              </Route>
            );
          })}
          <Route path={DASHBOARD_ROUTE}>
            <KnownAddress>
              <RequireSession>
                <DashboardShell>
                  <Switch>
                    {DASHBOARD_PAGES.map((name) => {
                      const Page = pageComponent(name);
                      return (
                        <Route key={name} path={PAGE_PATTERNS[name]}>
                          <Page />
                        </Route>
                      );
                    })}
                  </Switch>
                </DashboardShell>
              </RequireSession>
            </KnownAddress>
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </DrawnLocation>
      {modal ? (
        <Switch>
          {MODAL_PAGES.map((name) => {
            const Page = pageComponent(name);
            return (
              <Route key={name} path={PAGE_PATTERNS[name]}>
                <RequireSession>
                  <Page />
                </RequireSession>
              </Route>
            );
          })}
        </Switch>
      ) : null}
    </Suspense>
  );
}

/**
 * An address that fits a page's pattern but names nothing that could exist there (a `/tags/`
 * address that is no tag, issue 21) is not found, like any other unknown address.
 */
function KnownAddress({ children }: { children: ReactNode }) {
  const tag = useRoute(PAGE_PATTERNS.tag)[1]?.tag;
  if (tag !== undefined && !isValidTag(normalizeTag(tag))) return <NotFoundPage />;
  return children;
}

/** The last location that was not a modal page: what a modal page is drawn over. */
function useBackgroundLocation(location: AppLocation): AppLocation {
  const modal = MODAL_PATHS.has(location.pathname);
  const [background, setBackground] = useState<AppLocation>(modal ? DEFAULT_BACKGROUND : location);
  // Kept while rendering (React's pattern for state that follows a prop), not in an effect, so
  // the modal's first frame already has the right page beneath it.
  if (!modal && background !== location) setBackground(location);
  return modal ? background : location;
}
