import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '@pitlane/ui';
import { PublicOnly, RootRedirect, SessionExpiryWatcher } from './guards.tsx';

// Every page is its own chunk, so the first page loads only what it needs.
const LoginPage = lazy(() => import('../pages/LoginPage.tsx'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx'));

/** Routes of spec §2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SessionExpiryWatcher />
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
