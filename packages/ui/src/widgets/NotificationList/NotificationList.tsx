import * as React from 'react';
import { Link } from 'wouter';
import { AtSign, CalendarClock, CalendarCog, CalendarX, Heart, MessageCircle, ShieldAlert, UserPlus } from 'lucide-react';
import { FALLBACK_MESSAGES, paths, type Notification, type NotificationType, type Removal } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useClearNotifications, useNotifications } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { NotificationListSkeleton } from '../NotificationListSkeleton/NotificationListSkeleton.tsx';
import { groupNotifications, timeAgo } from './group-notifications.ts';

export { groupNotifications, hasNewNotifications, NOTIFICATION_GROUP_TITLES, type NotificationGroup, type NotificationGroupKey } from './group-notifications.ts';

/**
 * Spec §2: the text after the sender's name. A `removed` notification (issue 18) does not name
 * the moderator: its text is the whole sentence (`removalText`).
 */
export function notificationText(notification: Pick<Notification, 'type' | 'post' | 'removal' | 'commentId' | 'meet'>): string {
  switch (notification.type) {
    // Meets (issue 21): a reminder is the whole sentence ("Tomorrow: …"), the others follow the name.
    case 'meet-reminder':
      return `Tomorrow: ${notification.meet?.title ?? ''}`;
    case 'meet-changed':
      return `changed the meet: ${notification.meet?.title ?? ''}`;
    case 'meet-cancelled':
      return `cancelled the meet: ${notification.meet?.title ?? ''}`;
    case 'like':
      return `liked your post: ${notification.post?.title ?? ''}`;
    case 'comment':
      return `commented on your post: ${notification.post?.title ?? ''}`;
    case 'mention':
      // A mention in a comment names the post it is on: the comment itself has no title.
      return notification.commentId
        ? `mentioned you in a comment on: ${notification.post?.title ?? ''}`
        : `mentioned you in a post: ${notification.post?.title ?? ''}`;
    case 'follow':
      return 'started following you.';
    case 'removed':
      return notification.removal ? removalText(notification.removal) : '';
  }
}

/** The longest excerpt quoted of removed content: the start of a long comment is enough to recognise it. */
const MAX_EXCERPT_LENGTH = 80;

/** The removed post's title or comment's text, shortened at a word when long. */
export function removalExcerpt(excerpt: string): string {
  const text = excerpt.replace(/\s+/g, ' ').trim();
  if (text.length <= MAX_EXCERPT_LENGTH) return text;
  const cut = text.slice(0, MAX_EXCERPT_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > MAX_EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?]+$/, '')}…`;
}

/**
 * What a `removed` notification says: “A moderator removed your post “911 SC…” from Air-Cooled
 * Porsche Club: Off-topic.” Without a community (a site operator removed it from a profile),
 * no “from”.
 */
export function removalText(removal: Removal): string {
  const where = removal.community ? ` from ${removal.community.name}` : '';
  return `A moderator removed your ${removal.kind} “${removalExcerpt(removal.excerpt)}”${where}: ${removal.reason}`;
}

/** Follow items go to the sender's profile; like, comment and mention items to the post; a removal to its community (or nowhere). */
export function notificationHref(notification: Pick<Notification, 'type' | 'post' | 'sender' | 'removal' | 'meet'>): string | null {
  if (notification.meet && notification.type.startsWith('meet-')) return paths.meet(notification.meet._id);
  if (notification.type === 'removed') return notification.removal?.community ? paths.community(notification.removal.community._id) : null;
  if (notification.type !== 'follow' && notification.post) return paths.post(notification.post._id);
  return paths.profile(notification.sender.username);
}

const typeIcons: Record<NotificationType, { icon: typeof Heart; className: string; label: string }> = {
  like: { icon: Heart, className: 'bg-accent text-accent-foreground [&_svg]:fill-current', label: 'Like' },
  comment: { icon: MessageCircle, className: 'bg-strong text-strong-foreground', label: 'Comment' },
  follow: { icon: UserPlus, className: 'bg-concrete text-white', label: 'Follow' },
  mention: { icon: AtSign, className: 'bg-graphite text-white', label: 'Mention' },
  removed: { icon: ShieldAlert, className: 'bg-danger text-danger-foreground', label: 'Removed by a moderator' },
  'meet-reminder': { icon: CalendarClock, className: 'bg-strong text-strong-foreground', label: 'Meet reminder' },
  'meet-changed': { icon: CalendarCog, className: 'bg-strong text-strong-foreground', label: 'Meet changed' },
  'meet-cancelled': { icon: CalendarX, className: 'bg-danger text-danger-foreground', label: 'Meet cancelled' },
};

const rowClasses = (unread: boolean) => cn('flex items-center gap-3 rounded-md px-3 py-3', unread && 'bg-surface-sunken');

function UnreadDot() {
  return (
    <span className="size-2 shrink-0 rounded-full bg-accent">
      <span className="sr-only">Unread</span>
    </span>
  );
}

/**
 * A moderator removed the person's post or comment (issue 18): a shield where the sender's
 * picture would be (the moderator is not named), and the sentence. The content is gone, so the
 * row is no link; the community's name is, when there is one.
 */
function RemovedItem({ notification, removal, now }: { notification: Notification; removal: Removal; now: Date }) {
  const { icon: Icon, className, label } = typeIcons.removed;
  const unread = !notification.read;
  const { community } = removal;
  return (
    <li>
      <div data-unread={unread || undefined} className={rowClasses(unread)}>
        <span role="img" aria-label={label} className={cn('inline-flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5', className)}>
          <Icon aria-hidden />
        </span>
        <span className="min-w-0 flex-1 text-sm break-words">
          A moderator removed your {removal.kind} “{removalExcerpt(removal.excerpt)}”
          {community ? (
            <>
              {' from '}
              <Link to={paths.community(community._id)} className="font-semibold underline underline-offset-2 hover:decoration-2">
                {community.name}
              </Link>
            </>
          ) : null}
          : {removal.reason}
          <time dateTime={notification.createdAt} className="block text-xs text-muted-foreground">
            {timeAgo(notification.createdAt, now)}
          </time>
        </span>
        {unread ? <UnreadDot /> : null}
      </div>
    </li>
  );
}

function NotificationItem({ notification, now }: { notification: Notification; now: Date }) {
  if (notification.type === 'removed') {
    return notification.removal ? <RemovedItem notification={notification} removal={notification.removal} now={now} /> : null;
  }
  const { icon: Icon, className, label } = typeIcons[notification.type];
  const unread = !notification.read;
  return (
    <li>
      <Link
        to={notificationHref(notification) ?? paths.profile(notification.sender.username)}
        data-unread={unread || undefined}
        className={cn(
          'flex items-center gap-3 rounded-md px-3 py-3',
          unread ? 'bg-surface-sunken hover:bg-muted/60' : 'hover:bg-surface-sunken',
        )}
      >
        <span className="relative shrink-0">
          <Avatar name={notification.sender.fullName} src={notification.sender.profilePictureUrl} alt="" />
          <span
            role="img"
            aria-label={label}
            className={cn('absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full ring-2 ring-surface [&_svg]:size-3', className)}
          >
            <Icon aria-hidden />
          </span>
        </span>
        <span className="min-w-0 flex-1 text-sm break-words">
          {notification.type === 'meet-reminder' ? (
            notificationText(notification)
          ) : (
            <>
              <span className="font-semibold">{notification.sender.fullName}</span> {notificationText(notification)}
            </>
          )}
          <time dateTime={notification.createdAt} className="block text-xs text-muted-foreground">
            {timeAgo(notification.createdAt, now)}
          </time>
        </span>
        {unread ? <UnreadDot /> : null}
      </Link>
    </li>
  );
}

export interface NotificationListProps {
  /** "Now" for grouping and times; stories pass a fixed date so the groups never drift. */
  now?: Date;
  /** The page heading beside "Clear All". */
  title?: React.ReactNode;
  className?: string;
}

/**
 * Spec §2 Notifications: grouped New / Today / This Week / Older, each item with its type icon,
 * the sender and the text, linking to the profile or the post; "Clear All" behind a confirmation.
 *
 * Mark-as-read on leaving is page logic: read `useNotifications()` (the same cache) with
 * `hasNewNotifications()`, and call the session's `markAsRead()` after `MIN_NOTIFICATIONS_VIEW_MS`.
 */
export function NotificationList({ now, title = 'Notifications', className }: NotificationListProps) {
  const notifications = useNotifications();
  const clear = useClearNotifications();
  const [confirming, setConfirming] = React.useState(false);
  const [clearError, setClearError] = React.useState<string | null>(null);
  const headingId = React.useId();
  // One "now" per render pass, so every item and every group agree.
  const at = now ?? new Date();

  const list = notifications.data;
  const groups = list ? groupNotifications(list, at) : [];

  const confirmClear = () =>
    // Resolves either way so the dialog closes; a failure shows the spec §8 alert on the page.
    clear.mutateAsync().then(
      () => undefined,
      (error: unknown) => setClearError(errorMessage(error, FALLBACK_MESSAGES.clearNotificationsFailed)),
    );

  return (
    <section aria-labelledby={headingId} data-slot="notification-list" className={cn('flex flex-col gap-4', className)}>
      <div className="flex items-center justify-between gap-3">
        <h1 id={headingId} className="text-xl font-bold">
          {title}
        </h1>
        {list && list.length > 0 ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setClearError(null);
              setConfirming(true);
            }}
          >
            Clear All
          </Button>
        ) : null}
      </div>
      {clearError ? (
        <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {clearError}
        </p>
      ) : null}

      {notifications.isPending ? (
        <NotificationListSkeleton />
      ) : notifications.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorMessage(notifications.error, FALLBACK_MESSAGES.genericError)}
        </p>
      ) : groups.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">You have no notifications yet.</p>
      ) : (
        groups.map((group) => (
          <section key={group.key} aria-labelledby={`${headingId}-${group.key}`} className="flex flex-col gap-1">
            <h2 id={`${headingId}-${group.key}`} className="px-3 pt-2 text-sm font-semibold text-muted-foreground">
              {group.title}
            </h2>
            <ul className="flex flex-col gap-1">
              {group.items.map((item) => (
                <NotificationItem key={item._id} notification={item} now={at} />
              ))}
            </ul>
          </section>
        ))
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete All Notifications"
        message="Are you sure you want to permanently delete all of your notifications?"
        tone="danger"
        onConfirm={confirmClear}
      />
    </section>
  );
}
