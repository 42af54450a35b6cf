import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FullScreenSpinner } from '@pitlane/ui';
import { useSession } from '@pitlane/api/hooks';
import { onAuthError } from '@pitlane/api/client';
import { afterLoginPath } from './third-party.ts';

/** Why the login page was shown, when it was not the person's own choice. */
export interface LoginNotice {
  notice?: string;
  from?: string;
}

export const SESSION_ENDED_NOTICE = 'Your session has ended. Please log in again.';

/** `/`: the spinner while the session loads, then the feed or the login page. */
export function RootRedirect() {
  const { status } = useSession();
  if (status === 'loading') return <FullScreenSpinner />;
  return <Navigate to={status === 'signedIn' ? '/feeds' : '/login'} replace />;
}

/** Protected routes: the spinner while the session loads; signed out → `/login`, replacing history. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signedOut') {
    const state: LoginNotice = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

/**
 * Public auth pages: a signed-in person goes straight on, to the page they were sent to log in
 * from (the moment a login succeeds, too), or else to the feed.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signedIn') return <Navigate to={afterLoginPath((location.state as LoginNotice | null)?.from)} replace />;
  return <>{children}</>;
}

/**
 * Spec §4 leaves the global 401 event's handling open. A signed-in person whose session ends
 * (expired, or ended elsewhere) is sent to the login page with a short note saying why, and
 * comes back to where they were after logging in.
 */
export function SessionExpiryWatcher() {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  // Reads the latest render's values when a 401 arrives, without re-subscribing on each render.
  const sessionEnded = useEffectEvent(() => {
    if (!isAuthenticated) return;
    const state: LoginNotice = { notice: SESSION_ENDED_NOTICE, from: location.pathname + location.search };
    navigate('/login', { replace: true, state });
  });
  useEffect(() => onAuthError(() => sessionEnded()), []);
  return null;
}
