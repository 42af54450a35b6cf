import { useDeferredValue, useEffect, useEffectEvent, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { FullScreenSpinner } from '@pitlane/ui';
import { paths } from '@pitlane/api/contract';
import { useSession } from '@pitlane/api/hooks';
import { onAuthError } from '@pitlane/api/client';
import { useAppLocation, useHistoryState } from './location.tsx';
import { afterLoginPath, type LoginNotice } from './third-party.ts';

export const SESSION_ENDED_NOTICE = 'Your session has ended. Please log in again.';

/**
 * Whose session ended with a 401, from that moment until someone is signed in again (see
 * `SessionExpiryWatcher`). Read by the protected routes when they send the person to log in.
 */
let endedSession: { userId: string } | null = null;

/** The login page's state for leaving `from`: with the note and whose session it was, if it ended. */
function loginStateFor(from: string): LoginNotice {
  return endedSession ? { notice: SESSION_ENDED_NOTICE, from, endedUserId: endedSession.userId } : { from };
}

/** `/`: the spinner while the session loads, then the feed or the login page. */
export function RootRedirect() {
  const { status } = useSession();
  if (status === 'loading') return <FullScreenSpinner />;
  return <Redirect to={status === 'signedIn' ? paths.feeds : paths.login} replace />;
}

/** Protected routes: the spinner while the session loads; signed out → `/login`, replacing history. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  // The first draw of a signed-in page (the layout and the page: the app's largest render) runs
  // as a transition, which React draws in slices with the spinner still up, instead of in one long
  // task as the session check answers (issue 22). Signing out still leaves at once.
  const drawn = useDeferredValue(status);
  const location = useAppLocation();
  if (status === 'signedOut') return <Redirect to={paths.login} replace state={loginStateFor(location.pathname + location.search)} />;
  if (status === 'loading' || drawn === 'loading') return <FullScreenSpinner />;
  return <>{children}</>;
}

/**
 * Public auth pages: a signed-in person goes straight on, to the page they were sent to log in
 * from (the moment a login succeeds, too), or else to the feed.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const notice = useHistoryState<LoginNotice>();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signedIn' && user) return <Redirect to={afterLoginPath(notice, user.id)} replace />;
  return <>{children}</>;
}

/**
 * Spec §4 leaves the global 401 event's handling open. A signed-in person whose session ends
 * (expired, or ended elsewhere) is signed out by the session; the protected page they are on then
 * sends them to the login page with a short note saying why, and they come back to where they
 * were after logging in. Someone else logging in there starts at their own feed instead.
 *
 * This only remembers whose session it was. It does not navigate itself: the router applies a
 * navigation in a transition, which may render before the session says signed out (the login
 * page would then send the still-signed-in person straight back) or after the protected page's
 * own redirect (which would replace it). The protected page's redirect follows the session.
 */
export function SessionExpiryWatcher() {
  const { user } = useSession();
  // Reads the latest render's user when a 401 arrives, without re-subscribing on each render.
  const sessionEnded = useEffectEvent(() => {
    if (user) endedSession = { userId: user.id };
  });
  useEffect(() => onAuthError(() => sessionEnded()), []);
  // Someone is signed in again: the ended session is history.
  useEffect(() => {
    if (user) endedSession = null;
  }, [user]);
  return null;
}
