// Notifications other modules create and take back (likes, comments, follows, mentions of
// modules/tags; a moderator's removal, modules/moderation; a meet's reminder, change and
// cancellation, modules/meets), and the list.
// Never for one's own actions; undoing a like or a follow deletes its notification; deleting a
// post deletes its notifications (ON DELETE CASCADE).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Notification, Removal } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { notHidden } from '../safety/hidden.ts';

/** The list shows at most this many, newest first (older ones stay until cleared). */
export const NOTIFICATION_LIST_LIMIT = 100;

export interface NotificationEvent {
  type: 'like' | 'comment' | 'follow' | 'mention';
  senderId: string;
  recipientId: string;
  /** The liked or commented post, the post mentioned in or commented on (mention); null for a follow. */
  postId: string | null;
  /** For a mention in a comment: that comment (deleting it takes the notification back). */
  commentId?: string | null;
}

/** Notifies the recipient, unless it is the sender's own content. */
export async function notify(db: Db, event: NotificationEvent): Promise<void> {
  if (event.senderId === event.recipientId) return;
  await db.insert(notifications).values(event);
}

/** Takes back the notification of an undone like or follow. */
export async function unnotify(db: Db, event: NotificationEvent): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.type, event.type),
        eq(notifications.senderId, event.senderId),
        eq(notifications.recipientId, event.recipientId),
        event.postId === null ? isNull(notifications.postId) : eq(notifications.postId, event.postId),
      ),
    );
}

/**
 * The recipient's newest notifications with sender and post, in one query; without those whose
 * sender is hidden from the recipient (block pairs and muted, modules/safety), as the unread count.
 */
export async function notificationsOf(db: Db, recipientId: string): Promise<Notification[]> {
  const result = await db.execute<{
    id: string;
    type: Notification['type'];
    read: boolean;
    created_at: string;
    username: string;
    full_name: string;
    profile_picture_url: string | null;
    post_id: string | null;
    post_title: string | null;
    comment_id: string | null;
    removal: Removal | string | null;
    meet_id: string | null;
    meet_title: string | null;
    meet_starts_at: string | null;
  }>(sql`
    select n.id, n.type, n.read,
      to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      s.username, s.full_name, s.profile_picture_url, p.id as post_id, p.title as post_title, n.comment_id, n.removal,
      mt.id as meet_id, mt.title as meet_title, to_char(mt.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as meet_starts_at
    from notifications n
    join users s on s.id = n.sender_id
    left join posts p on p.id = n.post_id
    left join meets mt on mt.id = n.meet_id
    where n.recipient_id = ${recipientId} and ${notHidden(sql`n.sender_id`, recipientId)}
    order by n.created_at desc, n.id desc
    limit ${NOTIFICATION_LIST_LIMIT}`);
  return result.rows.map((row) => ({
    _id: row.id,
    type: row.type,
    read: row.read,
    createdAt: row.created_at,
    sender: { username: row.username, fullName: row.full_name, profilePictureUrl: row.profile_picture_url ?? '' },
    post: row.post_id ? { _id: row.post_id, title: row.post_title ?? '' } : null,
    ...(row.comment_id === null ? {} : { commentId: row.comment_id }),
    // `removed` (modules/moderation): what was removed and why, as it was written.
    ...(row.removal === null ? {} : { removal: typeof row.removal === 'string' ? (JSON.parse(row.removal) as Removal) : row.removal }),
    // The meet notifications (issue 21, modules/meets): the meet as it is now.
    ...(row.meet_id === null ? {} : { meet: { _id: row.meet_id, title: row.meet_title ?? '', startsAt: row.meet_starts_at! } }),
  }));
}

/** What the badge shows (and the live stream sends): the unread notifications the list shows. */
export async function unreadCountOf(db: Db, recipientId: string): Promise<number> {
  const result = await db.execute<{ count: number | string }>(
    sql`select count(*) as count from notifications n where n.recipient_id = ${recipientId} and not n.read and ${notHidden(sql`n.sender_id`, recipientId)}`,
  );
  return Number(result.rows[0]?.count ?? 0);
}
