// The viewer's notifications, the unread count, mark-as-read and clear-all.
import { SUCCESS_MESSAGES } from '../../contract/index.ts';
import type { MockUser } from '../state.ts';
import type { DomainRoutes } from './context.ts';
import { byNewest, type World } from './world.ts';

export function notificationsRoutes(world: World): DomainRoutes<'notifications'> {
  const { state, notification, notHidden } = world;
  /**
   * The viewer's notifications, less those whose actor is hidden from them (block pairs, muted),
   * and mentions in comments since deleted (the server's ON DELETE CASCADE).
   */
  const mine = (viewer: MockUser) => {
    const shown = notHidden(viewer);
    const exists = (commentId: string) => state.comments.some((c) => c.id === commentId);
    return state.notifications.filter((n) => n.recipientId === viewer.id && shown(n.senderId) && (!n.commentId || exists(n.commentId)));
  };
  return {
    'notifications.list': ({ viewer }) => mine(viewer).sort(byNewest).map(notification),
    'notifications.unreadCount': ({ viewer }) => ({ count: mine(viewer).filter((n) => !n.read).length }),
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
