// The viewer's notifications, the unread count, mark-as-read and clear-all.
import { SUCCESS_MESSAGES } from '../../contract/index.ts';
import type { DomainRoutes } from './context.ts';
import { byNewest, type World } from './world.ts';

export function notificationsRoutes(world: World): DomainRoutes<'notifications'> {
  const { state, notification } = world;
  return {
    'notifications.list': ({ viewer }) => state.notifications.filter((n) => n.recipientId === viewer.id).sort(byNewest).map(notification),
    'notifications.unreadCount': ({ viewer }) => ({ count: state.notifications.filter((n) => n.recipientId === viewer.id && !n.read).length }),
    'notifications.markAsRead': ({ viewer }) => {
      for (const n of state.notifications) if (n.recipientId === viewer.id) n.read = true;
      return { message: SUCCESS_MESSAGES.notificationsRead };
    },
    'notifications.clearAll': ({ viewer }) => {
      state.notifications = state.notifications.filter((n) => n.recipientId !== viewer.id);
      return { message: SUCCESS_MESSAGES.notificationsCleared };
    },
  };
}
