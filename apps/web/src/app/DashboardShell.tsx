import { Suspense, type ReactNode } from 'react';
import { useLiveUpdates } from '@pitlane/api/hooks';
import { DashboardLayout, LazySuggestionsPanel, Spinner } from '@pitlane/ui';

/**
 * Every protected page sits in the dashboard layout, with the suggestions column on desktop: the
 * page is `children` (routes.tsx), and the layout stays mounted from one page to the next.
 *
 * Logout navigates nowhere itself: once the session says signed out, the page's `RequireSession`
 * sends the person to the login page with the page they were on, so logging in again returns
 * there (guards.tsx). Navigating to `/` as well would race that redirect: `/` drawn while the
 * session still said signed in went on to the feed, and the login page then remembered the feed.
 * React hid the race (a navigation is a transition, which the session's update overtook);
 * preact/compat, which draws a navigation at once, lost the page every time (issue 22).
 */
export function DashboardShell({ children }: { children: ReactNode }) {
  // The live stream (new posts, the unread badge) is for the signed-in pages, which all sit here.
  useLiveUpdates();
  return (
    <DashboardLayout suggestions={<LazySuggestionsPanel className="px-5 py-6" />}>
      {/* A page chunk loading keeps the sidebar in place: only the main column waits. */}
      <Suspense fallback={<div className="grid place-items-center py-16"><Spinner /></div>}>
        {children}
      </Suspense>
    </DashboardLayout>
  );
}
