// The current user's notifications (spec §7, /api/notifications).
import { z } from 'zod';
import { at } from '../endpoints.ts';
import { MessageBody, Notification, UnreadCount } from '../schemas.ts';
import { EmptyBody, json, route } from './define.ts';

export const notificationsRoutes = {
  'notifications.list': route({
    ...at('notifications.list'), tag: 'notifications', auth: true,
    summary: "The current user's notifications, newest first.",
    response: z.array(Notification), errors: [401],
  }),
  'notifications.unreadCount': route({
    ...at('notifications.unreadCount'), tag: 'notifications', auth: true,
    summary: 'How many notifications are unread.',
    response: UnreadCount, errors: [401],
  }),
  'notifications.markAsRead': route({
    ...at('notifications.markAsRead'), tag: 'notifications', auth: true,
    summary: 'Mark every notification read (the spec reading with a call). Body not shown by the spec: { message }.',
    body: json(EmptyBody), response: MessageBody, errors: [401],
  }),
  'notifications.clearAll': route({
    ...at('notifications.clearAll'), tag: 'notifications', auth: true,
    summary: 'Delete every notification. Body not shown by the spec: { message }.',
    response: MessageBody, errors: [401],
  }),
} as const;
