import { describe, expect, it } from 'vitest';
import type { Notification } from '@pitlane/api/contract';
import { groupNotifications, hasNewNotifications, timeAgo } from './group-notifications.ts';

// Local-time dates, so the test holds in every time zone: "now" is 22 Nov 2026, 09:30 local.
const now = new Date(2026, 10, 22, 9, 30);
const at = (day: number, hour = 12) => new Date(2026, 10, day, hour).toISOString();
const note = (id: string, createdAt: string, read = true): Notification => ({
  _id: id,
  type: 'follow',
  read,
  createdAt,
  sender: { username: 'kenji.r', fullName: 'Kenji Watanabe', profilePictureUrl: '' },
});

describe('groupNotifications', () => {
  it('puts unread items in New and read items by their date', () => {
    const groups = groupNotifications(
      [
        note('older', at(15, 23)),
        note('week-edge', at(16, 0)),
        note('today', at(22, 1)),
        note('yesterday', at(21, 23)),
        note('unread-old', at(1), false),
        note('unread-new', at(22, 9), false),
      ],
      now,
    );
    expect(groups.map((g) => [g.title, g.items.map((i) => i._id)])).toEqual([
      ['New', ['unread-new', 'unread-old']],
      ['Today', ['today']],
      ['This Week', ['yesterday', 'week-edge']],
      ['Older', ['older']],
    ]);
  });

  it('leaves empty groups out', () => {
    expect(groupNotifications([note('a', at(22, 8))], now).map((g) => g.key)).toEqual(['today']);
    expect(groupNotifications([], now)).toEqual([]);
  });
});

describe('helpers', () => {
  it('knows whether anything is new', () => {
    expect(hasNewNotifications([note('a', at(22), true)])).toBe(false);
    expect(hasNewNotifications([note('a', at(22), false)])).toBe(true);
    expect(hasNewNotifications(undefined)).toBe(false);
  });

  it('writes short relative times', () => {
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    expect([ago(0), ago(5), ago(90), ago(3 * 1440), ago(15 * 1440)].map((d) => timeAgo(d, now))).toEqual(['just now', '5m', '1h', '3d', '2w']);
  });
});
