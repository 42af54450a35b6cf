// Spec §2/§4 notification groups: unread items are "New"; read items go by their date into
// "Today", "This Week" (today and the previous 6 days) or "Older". Days are the viewer's
// local calendar days.
import { NOTIFICATIONS_WEEK_DAYS, type Notification } from '@pitlane/api/contract';

export type NotificationGroupKey = 'new' | 'today' | 'thisWeek' | 'older';

export const NOTIFICATION_GROUP_TITLES: Record<NotificationGroupKey, string> = {
  new: 'New',
  today: 'Today',
  thisWeek: 'This Week',
  older: 'Older',
};

export interface NotificationGroup {
  key: NotificationGroupKey;
  title: string;
  items: Notification[];
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** Groups in display order, empty groups left out, each newest first. */
export function groupNotifications(notifications: readonly Notification[], now: Date): NotificationGroup[] {
  const today = startOfDay(now);
  const weekStart = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (NOTIFICATIONS_WEEK_DAYS - 1));
  const buckets: Record<NotificationGroupKey, Notification[]> = { new: [], today: [], thisWeek: [], older: [] };
  const sorted = [...notifications].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  for (const item of sorted) {
    const created = new Date(item.createdAt);
    if (!item.read) buckets.new.push(item);
    else if (created >= today) buckets.today.push(item);
    else if (created >= weekStart) buckets.thisWeek.push(item);
    else buckets.older.push(item);
  }
  return (Object.keys(buckets) as NotificationGroupKey[])
    .filter((key) => buckets[key].length > 0)
    .map((key) => ({ key, title: NOTIFICATION_GROUP_TITLES[key], items: buckets[key] }));
}

/** Whether any notification is unread: the page marks all as read on leaving only then (spec §4). */
export const hasNewNotifications = (notifications: readonly Notification[] | undefined): boolean =>
  notifications?.some((item) => !item.read) ?? false;

/** "just now", "5m", "3h", "2d", "3w": short, and the same in every time zone. */
export function timeAgo(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  return `${Math.floor(days / 7)}w`;
}
