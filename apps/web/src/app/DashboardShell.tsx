import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { paths } from '@pitlane/api/contract';
import { DashboardLayout, LazySuggestionsPanel, Spinner } from '@pitlane/ui';

/** Every protected page sits in the dashboard layout, with the suggestions column on desktop. */
export function DashboardShell() {
  const navigate = useNavigate();
  return (
    <DashboardLayout suggestions={<LazySuggestionsPanel className="px-5 py-6" />} onLoggedOut={() => navigate(paths.root, { replace: true })}>
      {/* A page chunk loading keeps the sidebar in place: only the main column waits. */}
      <Suspense fallback={<div className="grid place-items-center py-16"><Spinner /></div>}>
        <Outlet />
      </Suspense>
    </DashboardLayout>
  );
}
