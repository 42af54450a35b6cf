import { lazy, Suspense, useState } from 'react';
import { Route, Routes, useLocation, type Location } from 'react-router-dom';
import { FullScreenSpinner } from '@pitlane/ui';
import { PublicOnly, RequireSession, RootRedirect, SessionExpiryWatcher } from './guards.tsx';
import { DashboardShell } from './DashboardShell.tsx';

// Every page is its own chunk, so the first page loads only what it needs.
const LoginPage = lazy(() => import('../pages/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../pages/RegisterPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../pages/ForgotPasswordPage.tsx'));
const FeedsPage = lazy(() => import('../pages/FeedsPage.tsx'));
const DiscoverPage = lazy(() => import('../pages/DiscoverPage.tsx'));
const DiscoverPostPage = lazy(() => import('../pages/DiscoverPostPage.tsx'));
const CommunitiesPage = lazy(() => import('../pages/CommunitiesPage.tsx'));
const CommunityPage = lazy(() => import('../pages/CommunityPage.tsx'));
const EventsPage = lazy(() => import('../pages/EventsPage.tsx'));
const NotificationsPage = lazy(() => import('../pages/NotificationsPage.tsx'));
const CreatePostPage = lazy(() => import('../pages/CreatePostPage.tsx'));
const PostPage = lazy(() => import('../pages/PostPage.tsx'));
const EditPostPage = lazy(() => import('../pages/EditPostPage.tsx'));
const ProfilePage = lazy(() => import('../pages/ProfilePage.tsx'));
const EditProfilePage = lazy(() => import('../pages/EditProfilePage.tsx'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx'));

/** Pages shown as a modal over the page they were opened from (spec §2: Create Post). */
export const MODAL_PATHS = new Set(['/create-post']);
/** Under a modal opened directly (a typed or shared link) there is no page yet: the feed. */
const DEFAULT_BACKGROUND = { pathname: '/feeds', search: '', hash: '', state: null, key: 'modal-background' } satisfies Location;

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
        <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
        <Route path="/register" element={<PublicOnly><RegisterPage /></PublicOnly>} />
        <Route path="/forgot-password" element={<PublicOnly><ForgotPasswordPage /></PublicOnly>} />
        <Route element={<RequireSession><DashboardShell /></RequireSession>}>
          <Route path="/feeds" element={<FeedsPage />} />
          <Route path="/discover" element={<DiscoverPage />} />
          <Route path="/discover/post/:postId" element={<DiscoverPostPage />} />
          <Route path="/community" element={<CommunitiesPage />} />
          <Route path="/community/:id" element={<CommunityPage />} />
          <Route path="/events" element={<EventsPage />} />
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="/post/:postId" element={<PostPage />} />
          <Route path="/post/:postId/edit" element={<EditPostPage />} />
          <Route path="/profile/edit" element={<EditProfilePage />} />
          <Route path="/profile/:username" element={<ProfilePage />} />
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
