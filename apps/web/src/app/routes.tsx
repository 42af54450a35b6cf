import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { matchPath, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { FullScreenSpinner } from '@pitlane/ui';
import { loadOrReload } from './chunk-reload.ts';
import { PublicOnly, RequireSession, RootRedirect, SessionExpiryWatcher } from './guards.tsx';

/** A lazily loaded module: React renders it, `preload()` starts fetching it before that. */
type LazyPage = ComponentType & { preload: () => Promise<unknown> };

function page(load: () => Promise<{ default: ComponentType }>): LazyPage {
  // Only rendering reloads on a missing chunk: a failed prefetch must not reload a page someone
  // is typing in (the render that needs the chunk will try again).
  return Object.assign(lazy(() => loadOrReload(load)), { preload: load });
}

// Every page is its own chunk, so the first page loads only what it needs. The signed-in layout
// (sidebar, menus, dialogs) is one too: the login and registration pages never need it.
const DashboardShell = page(() => import('./DashboardShell.tsx').then((m) => ({ default: m.DashboardShell })));
const LoginPage = page(() => import('../pages/LoginPage.tsx'));
const RegisterPage = page(() => import('../pages/RegisterPage.tsx'));
const ForgotPasswordPage = page(() => import('../pages/ForgotPasswordPage.tsx'));
const FeedsPage = page(() => import('../pages/FeedsPage.tsx'));
const DiscoverPage = page(() => import('../pages/DiscoverPage.tsx'));
const DiscoverPostPage = page(() => import('../pages/DiscoverPostPage.tsx'));
const CommunitiesPage = page(() => import('../pages/CommunitiesPage.tsx'));
const CommunityPage = page(() => import('../pages/CommunityPage.tsx'));
const EventsPage = page(() => import('../pages/EventsPage.tsx'));
const NotificationsPage = page(() => import('../pages/NotificationsPage.tsx'));
const CreatePostPage = page(() => import('../pages/CreatePostPage.tsx'));
const PostPage = page(() => import('../pages/PostPage.tsx'));
const EditPostPage = page(() => import('../pages/EditPostPage.tsx'));
const ProfilePage = page(() => import('../pages/ProfilePage.tsx'));
const EditProfilePage = page(() => import('../pages/EditProfilePage.tsx'));
const NotFoundPage = page(() => import('../pages/NotFoundPage.tsx'));

/** Pages for signed-out people (spec §2). */
const PUBLIC_PAGES: ReadonlyArray<readonly [path: string, LazyPage]> = [
  ['/login', LoginPage],
  ['/register', RegisterPage],
  ['/forgot-password', ForgotPasswordPage],
];

/** Signed-in pages, drawn inside the dashboard layout (spec §2). */
const DASHBOARD_PAGES: ReadonlyArray<readonly [path: string, LazyPage]> = [
  ['/feeds', FeedsPage],
  ['/discover', DiscoverPage],
  ['/discover/post/:postId', DiscoverPostPage],
  ['/community', CommunitiesPage],
  ['/community/:id', CommunityPage],
  ['/events', EventsPage],
  ['/notifications', NotificationsPage],
  ['/post/:postId', PostPage],
  ['/post/:postId/edit', EditPostPage],
  ['/profile/edit', EditProfilePage],
  ['/profile/:username', ProfilePage],
];

/** Pages shown as a modal over the page they were opened from (spec §2: Create Post). */
export const MODAL_PATHS = new Set(['/create-post']);
/** Under a modal opened directly (a typed or shared link) there is no page yet: the feed. */
const DEFAULT_BACKGROUND = { pathname: '/feeds', search: '', hash: '', state: null, key: 'modal-background' } satisfies Location;

/**
 * The chunks the page at `pathname` renders first, fetched at start-up beside the session check
 * instead of after it (the guards wait for the session before rendering the page). `/` goes to
 * the feed for a signed-in person, the usual case there.
 */
export function preloadPage(pathname: string): void {
  const modules: LazyPage[] = [];
  const publicPage = PUBLIC_PAGES.find(([path]) => matchPath(path, pathname));
  if (publicPage) modules.push(publicPage[1]);
  else if (pathname === '/' || MODAL_PATHS.has(pathname)) modules.push(DashboardShell, FeedsPage);
  else {
    const dashboardPage = DASHBOARD_PAGES.find(([path]) => matchPath(path, pathname));
    if (dashboardPage) modules.push(DashboardShell, dashboardPage[1]);
  }
  if (MODAL_PATHS.has(pathname)) modules.push(CreatePostPage);
  // A failed fetch here is retried by React.lazy when the page renders, and reported there.
  for (const module of modules) module.preload().catch(() => {});
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
      FeedsPage.preload().catch(() => {});
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
        <Route path="/" element={<RootRedirect />} />
        {PUBLIC_PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<PublicOnly><PrefetchDashboard /><Page /></PublicOnly>} />
        ))}
        <Route element={<RequireSession><DashboardShell /></RequireSession>}>
          {DASHBOARD_PAGES.map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {modal ? (
        <Routes>
          <Route path="/create-post" element={<RequireSession><CreatePostPage /></RequireSession>} />
        </Routes>
      ) : null}
    </Suspense>
  );
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
