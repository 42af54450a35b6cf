import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { matchPath, Route, Routes, useLocation, useMatch, type Location } from 'react-router-dom';
import { isValidTag, normalizeTag, PAGE_PATTERNS, type PageName } from '@pitlane/api/contract';
import { FullScreenSpinner } from '@pitlane/ui';
import { loadOrReload } from './chunk-reload.ts';
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

/** A lazily loaded module: React renders it, `preload()` starts fetching it before that. */
type LazyPage = ComponentType & { preload: () => Promise<unknown> };

function page(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | null = null;
  const fetch = () => load().then((Component) => (loaded = Component));
  // Only rendering reloads on a missing chunk: a failed prefetch must not reload a page someone
  // is typing in (the render that needs the chunk will try again).
  const Lazy = lazy(() => loadOrReload(fetch).then((Component) => ({ default: Component })));
  // A module already loaded draws in the render that asks for it, with no Suspense in between:
  // the server's render of a page (first-screen/render.tsx) cannot wait for one, and the browser
  // hydrating that page draws it the same way (main.tsx loads the page's modules first). Which of
  // the two is chosen once per mount, so a page never remounts midway.
  function Page() {
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Shown />;
  }
  return Object.assign(Page, { preload: fetch });
}

// Each a dynamic import of its own, named as page-modules.ts names it but from this folder.
const loaders: Record<string, () => Promise<ComponentType>> = {
  ...import.meta.glob<ComponentType>('../pages/*Page.tsx', { import: 'default' }),
  ...import.meta.glob<ComponentType>('./DashboardShell.tsx', { import: 'DashboardShell' }),
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
const DEFAULT_BACKGROUND = { pathname: PAGE_PATTERNS[DEFAULT_BACKGROUND_PAGE], search: '', hash: '', state: null, key: 'modal-background' } satisfies Location;

/**
 * The chunks the page at `pathname` renders first (page-modules.ts: `firstModules`), fetched at
 * start-up beside the session check instead of after it (the guards wait for the session before
 * rendering the page). Settles when they have loaded or failed.
 */
export function preloadPage(pathname: string): Promise<void> {
  const name = (Object.keys(PAGE_PATTERNS) as PageName[]).find((candidate) => matchPath(PAGE_PATTERNS[candidate], pathname));
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
  const location = useLocation();
  const background = useBackgroundLocation(location);
  const modal = MODAL_PATHS.has(location.pathname);

  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SessionExpiryWatcher />
      {/* While a modal page is open, the page beneath stays as it was. */}
      <Routes location={modal ? background : location}>
        <Route path={PAGE_PATTERNS.root} element={<RootRedirect />} />
        {PUBLIC_PAGES.map((name) => {
          const Page = pageComponent(name);
          return <Route key={name} path={PAGE_PATTERNS[name]} element={<PublicOnly><PrefetchDashboard /><Page /></PublicOnly>} />;
        })}
        <Route element={<KnownAddress><RequireSession><DashboardShell /></RequireSession></KnownAddress>}>
          {DASHBOARD_PAGES.map((name) => {
            const Page = pageComponent(name);
            return <Route key={name} path={PAGE_PATTERNS[name]} element={<Page />} />;
          })}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {modal ? (
        <Routes>
          {MODAL_PAGES.map((name) => {
            const Page = pageComponent(name);
            return <Route key={name} path={PAGE_PATTERNS[name]} element={<RequireSession><Page /></RequireSession>} />;
          })}
        </Routes>
      ) : null}
    </Suspense>
  );
}

/**
 * An address that fits a page's pattern but names nothing that could exist there (a `/tags/`
 * address that is no tag, issue 21) is not found, like any other unknown address.
 */
function KnownAddress({ children }: { children: ReactNode }) {
  const tag = useMatch(PAGE_PATTERNS.tag)?.params.tag;
  if (tag !== undefined && !isValidTag(normalizeTag(tag))) return <NotFoundPage />;
  return children;
}

/** The last location that was not a modal page: what a modal page is drawn over. */
function useBackgroundLocation(location: Location): Location {
  const modal = MODAL_PATHS.has(location.pathname);
  const [background, setBackground] = useState<Location>(modal ? DEFAULT_BACKGROUND : location);
  // Kept while rendering (React's pattern for state that follows a prop), not in an effect, so
  // the modal's first frame already has the right page beneath it.
  if (!modal && background !== location) setBackground(location);
  return modal ? background : location;
}
