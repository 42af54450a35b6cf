// The day-before reminder (issue 21.4) on both engines, the app's clock moved by the test: one
// `meet-reminder` to everyone going or interested once the meet starts within a day, never twice
// (the job run again, or two rounds at once as two instances would), none for a cancelled meet,
// again for a meet moved to another day; the job is on the queue's schedule every ten minutes.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MEET_REMINDER, type Meet, type Notification } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import type { Person } from '../../../test/browser.ts';
import { join, newCommunity } from '../../../test/communities.ts';
import { meetForm, newMeet, rsvp, updateMeet, wallClockAfter } from '../../../test/meets.ts';
import { openLiveStream, type LiveStream } from '../../../test/live-stream.ts';
import { peopleOf } from '../../../test/posts.ts';
import { MEET_REMINDERS_QUEUE, runMeetReminders } from './service.ts';

const sink = useSmtpSink();
const START = new Date('2027-03-01T00:05:00.000Z');
let now = START;
const clock = () => now;
const HOUR = 3_600_000;
const at = (hours: number) => {
  now = new Date(START.getTime() + hours * HOUR);
};

describe.each(backends)('meet reminders on $name', (backend) => {
  const t = useApp(backend, { sink, clock });

  const remindersOf = async (who: Person) => {
    const list = (await who.browser.get('/api/notifications')).json<Notification[]>();
    return list.filter((n) => n.type === 'meet-reminder').map((n) => [n.sender.username, n.meet?.title]);
  };

  async function world() {
    now = START;
    const [maya, leo, sam, kim] = await peopleOf(t.app, sink, 'maya', 'leo', 'sam', 'kim');
    const community = await newCommunity(maya.browser, 'Air Cooled');
    for (const who of [leo, sam, kim]) await join(who.browser, community._id);
    // Starts in 72 h; Leo created it (going), Maya is going, Sam interested, Kim did not answer.
    const meet = await newMeet(leo.browser, community._id, meetForm(now, { title: 'Breakfast run', startsAt: wallClockAfter(now, 72), endsAt: wallClockAfter(now, 75) }));
    await rsvp(maya.browser, meet._id, 'going');
    await rsvp(sam.browser, meet._id, 'interested');
    return { maya, leo, sam, kim, community, meet };
  }

  it('reminds everyone who answered once, within a day of the start, and never twice', async () => {
    const { maya, leo, sam, kim } = await world();
    at(47);
    expect(await runMeetReminders(t.app)).toBe(0);
    at(48.1);
    expect(await runMeetReminders(t.app)).toBe(3);
    for (const who of [maya, sam, leo]) expect(await remindersOf(who), who.username).toEqual([['leo', 'Breakfast run']]);
    expect(await remindersOf(kim)).toEqual([]);
    // The job again, and two rounds at once (two instances): nothing more.
    expect(await runMeetReminders(t.app)).toBe(0);
    expect(await Promise.all([runMeetReminders(t.app), runMeetReminders(t.app)])).toEqual([0, 0]);
    at(71.9);
    expect(await runMeetReminders(t.app)).toBe(0);
    expect(await remindersOf(maya)).toEqual([['leo', 'Breakfast run']]);
    const unread = (await maya.browser.get('/api/notifications/unread-count')).json<{ count: number }>();
    expect(unread.count).toBe(1);
  });

  it('sends one reminder when two rounds race before any was sent', async () => {
    const { maya } = await world();
    at(50);
    const sent = await Promise.all([runMeetReminders(t.app), runMeetReminders(t.app)]);
    expect(sent.sort()).toEqual([0, 3]);
    expect(await remindersOf(maya)).toHaveLength(1);
  });

  it('none for a cancelled meet, nor for one that has started', async () => {
    const { maya, leo, community, meet } = await world();
    const started = await newMeet(leo.browser, community._id, meetForm(now, { title: 'Now', startsAt: wallClockAfter(now, 1), endsAt: wallClockAfter(now, 5) }));
    await rsvp(maya.browser, started._id, 'going');
    expect((await leo.browser.post(`/api/meets/${meet._id}/cancel`)).statusCode).toBe(200);
    at(2);
    expect(await runMeetReminders(t.app)).toBe(0);
    at(50);
    expect(await runMeetReminders(t.app)).toBe(0);
    expect(await remindersOf(maya)).toEqual([]);
  });

  it('reminds again when the meet moves to another day, not when it moves by an hour', async () => {
    const { maya, leo, meet } = await world();
    at(50);
    expect(await runMeetReminders(t.app)).toBe(3);
    const fields = (startHours: number) => meetForm(START, { title: 'Breakfast run', startsAt: wallClockAfter(START, startHours), endsAt: wallClockAfter(START, startHours + 3) });
    expect((await updateMeet(leo.browser, meet._id, fields(73))).json<Meet>().startsAt).toBe('2027-03-04T01:05:00.000Z');
    expect(await runMeetReminders(t.app)).toBe(0);
    // A day later: reminded again the day before the new start.
    expect((await updateMeet(leo.browser, meet._id, fields(97))).statusCode).toBe(200);
    expect(await runMeetReminders(t.app)).toBe(0);
    at(74);
    expect(await runMeetReminders(t.app)).toBe(3);
    expect(await remindersOf(maya)).toHaveLength(2);
  });

  describe('the live stream', () => {
    const streams: LiveStream[] = [];
    afterEach(() => {
      for (const stream of streams.splice(0)) stream.close();
    });

    it('tells each person reminded, changed or cancelled their new unread count at once', async () => {
      const { maya, leo, meet } = await world();
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openLiveStream(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, maya.browser);
      streams.push(stream);
      expect(await stream.next()).toEqual({ type: 'unread', count: 0 });
      at(50);
      await runMeetReminders(t.app);
      expect(await stream.next()).toEqual({ type: 'unread', count: 1 });
      expect((await leo.browser.post(`/api/meets/${meet._id}/cancel`)).statusCode).toBe(200);
      expect(await stream.next()).toEqual({ type: 'unread', count: 2 });
    });
  });

  it('is on the job queue’s schedule every ten minutes', async () => {
    const result = await t.db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${MEET_REMINDERS_QUEUE}`);
    expect(result.rows).toEqual([{ cron: `*/${MEET_REMINDER.everyMinutes} * * * *` }]);
    expect(MEET_REMINDER.everyMinutes).toBe(10);
  });
});
