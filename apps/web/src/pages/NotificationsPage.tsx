import { useEffect, useRef } from 'react';
import { MIN_NOTIFICATIONS_VIEW_MS } from '@pitlane/api/contract';
import { useNotifications, useSession } from '@pitlane/api/hooks';
import { hasNewNotifications, NotificationList } from '@pitlane/ui';

/**
 * Spec §4: leaving the page marks everything read, but only when the person stayed at least
 * `MIN_NOTIFICATIONS_VIEW_MS` and there were new items. The list is the widget's; this timing is
 * the page's, because "leaving" is a routing fact.
 */
function useMarkAsReadOnLeave() {
  const { markAsRead } = useSession();
  const notifications = useNotifications();
  const hasNew = hasNewNotifications(notifications.data);
  // Once new items were shown they count, even if they are cleared before leaving.
  const hadNew = useRef(false);
  useEffect(() => {
    if (hasNew) hadNew.current = true;
  }, [hasNew]);

  useEffect(() => {
    let stayedLongEnough = false;
    const timer = setTimeout(() => {
      stayedLongEnough = true;
    }, MIN_NOTIFICATIONS_VIEW_MS);
    return () => {
      clearTimeout(timer);
      if (stayedLongEnough && hadNew.current) markAsRead();
    };
  }, [markAsRead]);
}

/** Spec §2 Notifications (`/notifications`). */
export default function NotificationsPage() {
  useMarkAsReadOnLeave();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 md:py-8">
      <NotificationList />
    </div>
  );
}
