// Spec §7 "Notifications": the list (newest first), the unread count, mark-as-read (the PATCH
// reading) and clear all. Created by modules/posts (like), modules/comments and modules/users
// (follow) through ./service.ts; each change is published to the live stream (modules/live).
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { notifications } from '../../db/schema.ts';
import { contractRoute } from '../contract-route.ts';
import { notificationsOf, unreadCountOf } from './service.ts';

export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'notifications.list', {}, async ({ viewer }) => notificationsOf(app.db, viewer.user.id));

  contractRoute(app, 'notifications.unreadCount', {}, async ({ viewer }) => ({ count: await unreadCountOf(app.db, viewer.user.id) }));

  contractRoute(app, 'notifications.markAsRead', {}, async ({ viewer }) => {
    await app.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.recipientId, viewer.user.id), eq(notifications.read, false)));
    // The person's other windows and devices hear it too.
    app.live.publish({ kind: 'notifications', userId: viewer.user.id });
    return { message: SUCCESS_MESSAGES.notificationsRead };
  });

  contractRoute(app, 'notifications.clearAll', {}, async ({ viewer }) => {
    await app.db.delete(notifications).where(eq(notifications.recipientId, viewer.user.id));
    app.live.publish({ kind: 'notifications', userId: viewer.user.id });
    return { message: SUCCESS_MESSAGES.notificationsCleared };
  });
};
