// Meets (issue 21.4) through real HTTP on both engines, with the app's clock fixed (no test
// depends on the real date): creating (members only, each refusal with its sentence, a DST-gap
// wall clock), a meet open to everyone signed in, the Events page (communities, followed people,
// own and answered meets) and a community's list (order, blocks, suspensions, ended and cancelled
// meets), RSVPs and their counts, the people going, edits and cancellations
// with their notifications.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_MESSAGES,
  PAGE_SIZES,
  REFUSAL_MESSAGES,
  routes,
  type Meet,
  type MeetAttendeePage,
  type MeetPage,
  type Notification,
} from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { codeAfter, inboxMark, type Person } from '../../../test/browser.ts';
import { mediaFiles } from '../../../test/cars.ts';
import { answer, join, newCommunity } from '../../../test/communities.ts';
import { createMeet, meetForm, newMeet, rsvp, updateMeet, wallClockAfter } from '../../../test/meets.ts';
import { makeOperator, suspend } from '../../../test/moderation.ts';
import { image, NO_SUCH_ID, peopleOf } from '../../../test/posts.ts';
import { block, hidden, mute } from '../../../test/safety.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-meets-');
const covers = () => mediaFiles(dataDir.path).filter((file) => file.startsWith('covers/'));
const filesOf = (url: string | null) => (url ? [url, url.replace('-wide.', '-thumb.')].map((u) => u.replace(/^\/media\//, '')) : []);
// The stories' moment: 1 March 2027, five past midnight UTC.
const START = new Date('2027-03-01T00:05:00.000Z');
let now = START;
const clock = () => now;
const HOUR = 3_600_000;
const later = (hours: number) => {
  now = new Date(now.getTime() + hours * HOUR);
};

describe.each(backends)('meets on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir, clock });
  const people = <const N extends readonly string[]>(...handles: N) => {
    now = START;
    return peopleOf(t.app, sink, ...handles);
  };
  const getJson = async <T>(who: Person, url: string): Promise<T> => {
    const response = await who.browser.get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const events = (who: Person, page = 1) => getJson<MeetPage>(who, `/api/meets?page=${page}`);
  const titles = (page: MeetPage) => page.meets.map((meet) => meet.title);
  const notificationsOf = (who: Person) => getJson<Notification[]>(who, '/api/notifications');
  const meetCount = async () => Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from meets`)).rows[0]!.n);

  /** A club Maya created, Leo joined; Sam is outside. */
  async function club() {
    const [maya, leo, sam] = await people('maya', 'leo', 'sam');
    const community = await newCommunity(maya.browser, 'Air Cooled');
    await join(leo.browser, community._id);
    return { maya, leo, sam, community };
  }

  it('answers 401 with a message to every meets call without a session', async () => {
    for (const [name, route] of Object.entries(routes).filter(([n]) => n.startsWith('meets.'))) {
      const url = route.path.replace(/:([A-Za-z]+)/g, () => NO_SUCH_ID);
      const response = await t.app.inject({ method: route.method, url, ...(route.method === 'GET' ? {} : { payload: {} }) });
      expect(answer(response), name).toEqual([401, { message: REFUSAL_MESSAGES.notSignedIn }]);
    }
  });

  it('a member creates a meet: its times in the zone given, the creator going; a non-member is refused', async () => {
    const { maya, leo, sam, community } = await club();
    const response = await createMeet(leo.browser, community._id, meetForm(now, {
      title: '  Spring opener  ', startsAt: '2027-03-28T10:00', endsAt: '2027-03-28T13:30', timeZone: 'Europe/London', latitude: '51.2558', longitude: '-0.3228',
    }));
    expect(response.statusCode, response.body).toBe(201);
    const meet = response.json<Meet>();
    expect(meet).toEqual({
      _id: expect.any(String), title: 'Spring opener', description: 'Coffee and #aircooled cars. Bring a friend.',
      // British Summer Time starts at 01:00 UTC that day: 10:00 in London is 09:00 UTC.
      startsAt: '2027-03-28T09:00:00.000Z', endsAt: '2027-03-28T12:30:00.000Z', timeZone: 'Europe/London',
      place: { address: 'Box Hill, Surrey', latitude: 51.2558, longitude: -0.3228 },
      coverImageUrl: null, coverImageAlt: '', status: 'scheduled',
      community: { _id: community._id, name: 'Air Cooled' },
      creator: { _id: leo.id, username: 'leo', fullName: 'Leo Driver', profilePictureUrl: expect.any(String) },
      goingCount: 1, interestedCount: 0, myRsvp: 'going', canEdit: true, canCancel: true, ended: false, createdAt: expect.stringMatching(/Z$/),
    });
    // As others see it: Maya created the community, so she may cancel it, not edit it.
    expect(await getJson<Meet>(maya, `/api/meets/${meet._id}`)).toMatchObject({ myRsvp: null, canEdit: false, canCancel: true, goingCount: 1 });
    // Sam is not a member: refused, nothing stored; he still sees the meet (it is open to everyone signed in).
    const before = await meetCount();
    expect(answer(await createMeet(sam.browser, community._id, meetForm(now)))).toEqual([403, { message: REFUSAL_MESSAGES.membersCreateMeets }]);
    expect(await meetCount()).toBe(before);
    expect(await getJson<Meet>(sam, `/api/meets/${meet._id}`)).toMatchObject({ _id: meet._id, myRsvp: null, canEdit: false, canCancel: false, ended: false });
    expect(answer(await createMeet(leo.browser, NO_SUCH_ID, meetForm(now)))).toEqual([404, { message: NOT_FOUND_MESSAGES.community }]);
    expect(answer(await leo.browser.get(`/api/meets/${NO_SUCH_ID}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.meet }]);
    expect(answer(await leo.browser.get('/api/meets/not-an-id'))).toEqual([404, { message: NOT_FOUND_MESSAGES.meet }]);
  });

  it('refuses each invalid field with its sentence and stores nothing', async () => {
    const { leo, community } = await club();
    const cases: Array<[Record<string, string>, string]> = [
      [{ title: ' ' }, REFUSAL_MESSAGES.meetTitleRequired],
      [{ title: 'x'.repeat(101) }, REFUSAL_MESSAGES.meetTitleTooLong],
      [{ description: 'x'.repeat(2001) }, REFUSAL_MESSAGES.meetDescriptionTooLong],
      [{ address: '' }, REFUSAL_MESSAGES.meetAddressRequired],
      [{ address: 'x'.repeat(201) }, REFUSAL_MESSAGES.meetAddressTooLong],
      [{ startsAt: 'tomorrow' }, REFUSAL_MESSAGES.invalidMeetTime],
      [{ endsAt: '2027-02-30T10:00' }, REFUSAL_MESSAGES.invalidMeetTime],
      [{ timeZone: 'Mars/Olympus_Mons' }, REFUSAL_MESSAGES.unknownTimeZone],
      [{ endsAt: wallClockAfter(now, 71) }, REFUSAL_MESSAGES.meetEndsBeforeStart],
      // A minute ago, in UTC; and in Kiritimati (UTC+14) the same wall clock is hours in the past.
      [{ startsAt: wallClockAfter(now, -1 / 60) }, REFUSAL_MESSAGES.meetStartsInPast],
      [{ startsAt: wallClockAfter(now, 2, 'UTC'), endsAt: wallClockAfter(now, 4, 'UTC'), timeZone: 'Pacific/Kiritimati' }, REFUSAL_MESSAGES.meetStartsInPast],
      [{ startsAt: wallClockAfter(now, 731 * 24), endsAt: wallClockAfter(now, 731 * 24 + 2) }, REFUSAL_MESSAGES.meetTooFarAhead],
      [{ latitude: '51.2' }, REFUSAL_MESSAGES.meetCoordinatesPair],
      [{ latitude: '91', longitude: '0' }, REFUSAL_MESSAGES.invalidLatitude],
      [{ latitude: '0', longitude: '181' }, REFUSAL_MESSAGES.invalidLongitude],
      [{ coverImageAlt: 'x'.repeat(1001) }, REFUSAL_MESSAGES.photoDescriptionTooLong],
    ];
    const before = await meetCount();
    for (const [fields, message] of cases) {
      expect(answer(await createMeet(leo.browser, community._id, meetForm(now, fields))), JSON.stringify(fields)).toEqual([400, { message }]);
    }
    expect(await meetCount()).toBe(before);
  });

  it('takes a wall clock a DST change skips as the time after the gap, and a repeated one as the first', async () => {
    const { leo, community } = await club();
    // 01:30 on 28 March 2027 does not exist in London (01:00 → 02:00): it is 02:30 BST, 01:30 UTC.
    const gap = await newMeet(leo.browser, community._id, meetForm(now, { startsAt: '2027-03-28T01:30', endsAt: '2027-03-28T03:00', timeZone: 'Europe/London' }));
    expect([gap.startsAt, gap.endsAt]).toEqual(['2027-03-28T01:30:00.000Z', '2027-03-28T02:00:00.000Z']);
    // 01:30 on 31 October 2027 happens twice: the first, still summer time (00:30 UTC).
    const overlap = await newMeet(leo.browser, community._id, meetForm(now, { startsAt: '2027-10-31T01:30', endsAt: '2027-10-31T04:00', timeZone: 'Europe/London' }));
    expect(overlap.startsAt).toBe('2027-10-31T00:30:00.000Z');
  });

  it('keeps a cover with its description, replaces and removes it on edit, its files with it', async () => {
    const { leo, community } = await club();
    const meet = await newMeet(leo.browser, community._id, meetForm(now, { coverImageAlt: 'Three 911s at dawn' }), await image('jpeg', 900, 300));
    expect(meet.coverImageUrl).toMatch(/^\/media\/covers\/.+\.webp$/);
    expect(meet.coverImageAlt).toBe('Three 911s at dawn');
    expect((await t.app.inject({ method: 'GET', url: meet.coverImageUrl! })).statusCode).toBe(200);
    const fields = meetForm(now, { startsAt: meetFieldsOf(meet).startsAt, endsAt: meetFieldsOf(meet).endsAt });
    // Kept when nothing is said; removed with removeCover.
    const kept = (await updateMeet(leo.browser, meet._id, fields)).json<Meet>();
    expect([kept.coverImageUrl, kept.coverImageAlt]).toEqual([meet.coverImageUrl, 'Three 911s at dawn']);
    // A new picture without a description has none (the old one described another picture).
    const replaced = (await updateMeet(leo.browser, meet._id, fields, await image('png', 600, 200, '#123'))).json<Meet>();
    expect(replaced.coverImageUrl).not.toBe(meet.coverImageUrl);
    expect(replaced.coverImageAlt).toBe('');
    await expect.poll(covers, { timeout: 10_000 }).toEqual(filesOf(replaced.coverImageUrl).sort());
    const removed = (await updateMeet(leo.browser, meet._id, { ...fields, removeCover: 'true' })).json<Meet>();
    expect([removed.coverImageUrl, removed.coverImageAlt]).toEqual([null, '']);
    await expect.poll(covers, { timeout: 10_000 }).toEqual([]);
  });

  it('/events lists the meets not yet ended of the viewer’s communities and followed people, soonest first, cancelled ones included', async () => {
    const { maya, leo, sam, community } = await club();
    const other = await newCommunity(sam.browser, 'Rotary Club');
    const later3 = await newMeet(leo.browser, community._id, meetForm(now, { title: 'In three days' }));
    const tomorrow = await newMeet(maya.browser, community._id, meetForm(now, { title: 'Tomorrow', startsAt: wallClockAfter(now, 24), endsAt: wallClockAfter(now, 26) }));
    const soon = await newMeet(leo.browser, community._id, meetForm(now, { title: 'In an hour', startsAt: wallClockAfter(now, 1), endsAt: wallClockAfter(now, 2) }));
    const cancelled = await newMeet(leo.browser, community._id, meetForm(now, { title: 'Called off', startsAt: wallClockAfter(now, 48), endsAt: wallClockAfter(now, 50) }));
    expect((await leo.browser.post(`/api/meets/${cancelled._id}/cancel`)).statusCode).toBe(200);
    // Sam's meet in a community Leo is not in: on Leo's page once he follows Sam, off it when he stops.
    await newMeet(sam.browser, other._id, meetForm(now, { title: 'Rotary night', startsAt: wallClockAfter(now, 96), endsAt: wallClockAfter(now, 98) }));
    expect(titles(await events(leo))).toEqual(['In an hour', 'Tomorrow', 'Called off', 'In three days']);
    expect((await leo.browser.patch(`/api/user/${sam.id}/follow`)).statusCode).toBe(200);
    // Following Maya too, whose meet is also in his community: listed once.
    expect((await leo.browser.patch(`/api/user/${maya.id}/follow`)).statusCode).toBe(200);

    const page = await events(leo);
    expect(titles(page)).toEqual(['In an hour', 'Tomorrow', 'Called off', 'In three days', 'Rotary night']);
    expect(page.totalPages).toBe(1);
    expect(page.meets.find((meet) => meet._id === cancelled._id)!.status).toBe('cancelled');
    expect(page.meets.every((meet) => !meet.ended)).toBe(true);
    expect(titles(await events(sam))).toEqual(['Rotary night']);
    const communityTitles = ['In an hour', 'Tomorrow', 'Called off', 'In three days'];
    expect(titles(await getJson<MeetPage>(maya, `/api/communities/${community._id}/meets`))).toEqual(communityTitles);
    // A non-member sees the community's meets too.
    expect(titles(await getJson<MeetPage>(sam, `/api/communities/${community._id}/meets`))).toEqual(communityTitles);
    expect((await leo.browser.patch(`/api/user/${sam.id}/follow`)).statusCode).toBe(200);
    expect(titles(await events(leo))).toEqual(communityTitles);

    // Two hours on, the first has ended: it is gone; one that has started but not ended stays.
    later(1.5);
    expect(titles(await events(leo))).toEqual(communityTitles);
    later(1);
    expect(titles(await events(leo))).toEqual(['Tomorrow', 'Called off', 'In three days']);
    expect([soon._id, tomorrow._id, later3._id]).toHaveLength(3);
  });

  it('pages /events by PAGE_SIZES.upcomingMeets, equal starts in a stable order', async () => {
    const { leo, community } = await club();
    const size = PAGE_SIZES.upcomingMeets;
    for (let i = 0; i < size + 2; i++) await newMeet(leo.browser, community._id, meetForm(now, { title: `Meet ${i}` }));
    const first = await events(leo, 1);
    const second = await events(leo, 2);
    expect([first.meets.length, second.meets.length, first.totalPages]).toEqual([size, 2, 2]);
    const ids = [...first.meets, ...second.meets].map((meet) => meet._id);
    expect(new Set(ids).size).toBe(size + 2);
    expect(ids).toEqual([...ids].sort());
    expect(answer(await leo.browser.get('/api/meets?page=0'))).toEqual([400, { message: REFUSAL_MESSAGES.invalidPage }]);
  });

  it('hides the meets of a block pair (404 to open), of muted people from lists, and of suspended creators', async () => {
    const { maya, leo, community } = await club();
    const [rex, op] = await peopleOf(t.app, sink, 'rex', 'op');
    await join(rex.browser, community._id);
    await makeOperator(t.db, op);
    const rexMeet = await newMeet(rex.browser, community._id, meetForm(now, { title: 'Rex run' }));
    const leoMeet = await newMeet(leo.browser, community._id, meetForm(now, { title: 'Leo run', startsAt: wallClockAfter(now, 96), endsAt: wallClockAfter(now, 98) }));
    expect(titles(await events(maya))).toEqual(['Rex run', 'Leo run']);

    await hidden(block(maya, rex));
    expect(titles(await events(maya))).toEqual(['Leo run']);
    expect(answer(await maya.browser.get(`/api/meets/${rexMeet._id}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.meetUnavailable }]);
    expect((await rex.browser.get(`/api/meets/${leoMeet._id}`)).statusCode).toBe(200);
    // Maya is blocked by nobody on Leo's meet; Rex's answer there is hidden from her list of people.
    expect((await rsvp(rex.browser, leoMeet._id, 'going')).statusCode).toBe(200);
    const going = await getJson<MeetAttendeePage>(maya, `/api/meets/${leoMeet._id}/attendees?rsvp=going`);
    expect(going.people.map((person) => person.username)).toEqual(['leo']);
    expect((await getJson<MeetAttendeePage>(leo, `/api/meets/${leoMeet._id}/attendees`)).people.map((person) => person.username)).toEqual(['leo', 'rex']);

    // Muting Leo takes his meets out of her lists; she can still open them.
    await hidden(mute(maya, leo));
    expect(titles(await events(maya))).toEqual([]);
    expect((await maya.browser.get(`/api/meets/${leoMeet._id}`)).statusCode).toBe(200);

    // A suspended creator's meets leave everyone's lists and pages; his answers leave the counts.
    expect((await suspend(op, leo.id)).statusCode).toBe(200);
    expect(titles(await events(rex))).toEqual(['Rex run']);
    expect(answer(await rex.browser.get(`/api/meets/${leoMeet._id}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.meetUnavailable }]);
    expect((await getJson<Meet>(rex, `/api/meets/${rexMeet._id}`)).goingCount).toBe(1);
  });

  it('RSVP: going or interested with counts, taken back with null; the people first answered first', async () => {
    const { maya, leo, community } = await club();
    const meet = await newMeet(leo.browser, community._id, meetForm(now));
    expect((await rsvp(maya.browser, meet._id, 'interested')).json<Meet>()).toMatchObject({ myRsvp: 'interested', goingCount: 1, interestedCount: 1 });
    expect((await rsvp(maya.browser, meet._id, 'going')).json<Meet>()).toMatchObject({ myRsvp: 'going', goingCount: 2, interestedCount: 0 });
    const going = await getJson<MeetAttendeePage>(maya, `/api/meets/${meet._id}/attendees?rsvp=going&page=1`);
    expect(going).toEqual({ people: [expect.objectContaining({ username: 'leo' }), expect.objectContaining({ username: 'maya' })], totalPages: 1 });
    expect(await getJson<MeetAttendeePage>(maya, `/api/meets/${meet._id}/attendees?rsvp=interested`)).toEqual({ people: [], totalPages: 0 });
    // Taken back.
    expect((await rsvp(maya.browser, meet._id, null)).json<Meet>()).toMatchObject({ myRsvp: null, goingCount: 1, interestedCount: 0 });
    expect((await rsvp(maya.browser, meet._id, null)).json<Meet>()).toMatchObject({ myRsvp: null, goingCount: 1 });
    // Refusals: a bad answer, an unknown meet, an unknown list.
    expect(answer(await maya.browser.request('PUT', `/api/meets/${meet._id}/rsvp`, { payload: { rsvp: 'maybe' } }))).toEqual([400, { message: REFUSAL_MESSAGES.invalidRsvp }]);
    expect(answer(await rsvp(maya.browser, NO_SUCH_ID, 'going'))).toEqual([404, { message: NOT_FOUND_MESSAGES.meet }]);
    expect(answer(await maya.browser.get(`/api/meets/${meet._id}/attendees?rsvp=maybe`))).toEqual([400, { message: REFUSAL_MESSAGES.invalidRsvp }]);
  });

  it('a non-member answers a meet and it stays on their Events page; a member who answered keeps it after leaving', async () => {
    const { maya, leo, sam, community } = await club();
    const meet = await newMeet(leo.browser, community._id, meetForm(now, { title: 'Open day' }));
    // Sam is in no community and follows nobody: his answer puts the meet on his page, once.
    expect(titles(await events(sam))).toEqual([]);
    expect((await rsvp(sam.browser, meet._id, 'going')).json<Meet>()).toMatchObject({ myRsvp: 'going', goingCount: 2 });
    expect(titles(await events(sam))).toEqual(['Open day']);
    expect((await getJson<MeetAttendeePage>(maya, `/api/meets/${meet._id}/attendees?rsvp=going`)).people.map((person) => person.username)).toEqual(['leo', 'sam']);
    expect((await sam.browser.get(`/api/meets/${meet._id}/calendar.ics`)).statusCode).toBe(200);
    // Taken back: off his page.
    await rsvp(sam.browser, meet._id, null);
    expect(titles(await events(sam))).toEqual([]);
    // Sam joins, answers and leaves (which deletes his posts, not his answer): still listed for him.
    await join(sam.browser, community._id);
    expect((await rsvp(sam.browser, meet._id, 'interested')).statusCode).toBe(200);
    expect((await sam.browser.request('DELETE', `/api/communities/${community._id}/leave-and-delete-posts`)).statusCode).toBe(200);
    expect(titles(await events(sam))).toEqual(['Open day']);
    // Not his to edit or cancel.
    expect(answer(await sam.browser.post(`/api/meets/${meet._id}/cancel`))).toEqual([403, { message: REFUSAL_MESSAGES.cancelMeetForbidden }]);
  });

  it('pages the people going by PAGE_SIZES.meetAttendees, first answered first', async () => {
    const { maya, leo, community } = await club();
    const meet = await newMeet(leo.browser, community._id, meetForm(now));
    const size = PAGE_SIZES.meetAttendees;
    // size + 1 more people, written straight into the tables, each answering a second after the last.
    await t.db.execute(sql`
      with added as (
        insert into users (username, email, full_name)
        select 'fan' || i, 'fan' || i || '@pitlane.test', 'Fan ' || i from generate_series(1, ${size + 1}) i returning id, username)
      , joined as (insert into community_members (community_id, user_id) select ${community._id}, id from added returning user_id)
      insert into meet_rsvps (meet_id, user_id, rsvp, created_at)
      select ${meet._id}, a.id, 'going', now() + (substring(a.username from 4)::int) * interval '1 second' from added a`);
    const first = await getJson<MeetAttendeePage>(maya, `/api/meets/${meet._id}/attendees?rsvp=going&page=1`);
    const second = await getJson<MeetAttendeePage>(maya, `/api/meets/${meet._id}/attendees?rsvp=going&page=2`);
    expect([first.people.length, second.people.length, first.totalPages, second.totalPages]).toEqual([size, 2, 2, 2]);
    expect([...first.people, ...second.people].map((person) => person.username)).toEqual(['leo', ...Array.from({ length: size + 1 }, (_, i) => `fan${i + 1}`)]);
    expect((await getJson<Meet>(maya, `/api/meets/${meet._id}`)).goingCount).toBe(size + 2);
  });

  it('no answers on a cancelled or ended meet (409), and no edits either', async () => {
    const { maya, leo, community } = await club();
    const cancelled = await newMeet(leo.browser, community._id, meetForm(now));
    expect((await leo.browser.post(`/api/meets/${cancelled._id}/cancel`)).json<Meet>().status).toBe('cancelled');
    expect(answer(await rsvp(maya.browser, cancelled._id, 'going'))).toEqual([409, { message: REFUSAL_MESSAGES.meetCancelled }]);
    expect(answer(await updateMeet(leo.browser, cancelled._id, meetForm(now)))).toEqual([409, { message: REFUSAL_MESSAGES.meetCancelled }]);
    expect(answer(await leo.browser.post(`/api/meets/${cancelled._id}/cancel`))).toEqual([409, { message: REFUSAL_MESSAGES.meetCancelled }]);
    const short = await newMeet(leo.browser, community._id, meetForm(now, { startsAt: wallClockAfter(now, 1), endsAt: wallClockAfter(now, 2) }));
    later(3);
    expect(answer(await rsvp(maya.browser, short._id, 'going'))).toEqual([409, { message: REFUSAL_MESSAGES.meetEnded }]);
    expect(answer(await updateMeet(leo.browser, short._id, meetForm(now)))).toEqual([409, { message: REFUSAL_MESSAGES.meetEnded }]);
    expect(answer(await maya.browser.post(`/api/meets/${short._id}/cancel`))).toEqual([409, { message: REFUSAL_MESSAGES.meetEnded }]);
    // Still readable by its link, marked ended (by the server's clock).
    expect(await getJson<Meet>(maya, `/api/meets/${short._id}`)).toMatchObject({ _id: short._id, ended: true });
    expect((await getJson<Meet>(maya, `/api/meets/${cancelled._id}`)).ended).toBe(false);
  });

  it('answers at once from many people all count; two cancellations at once: one is done, the other told it was', async () => {
    const { maya, leo, sam, community } = await club();
    const fans = await peopleOf(t.app, sink, 'ana', 'ben', 'cy', 'dee', 'eve', 'fay');
    for (const fan of [sam, ...fans]) await join(fan.browser, community._id);
    const meet = await newMeet(leo.browser, community._id, meetForm(now));
    const answers = await Promise.all([sam, maya, ...fans].map((who, i) => rsvp(who.browser, meet._id, i % 2 === 0 ? 'going' : 'interested')));
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 200));
    expect(await getJson<Meet>(maya, `/api/meets/${meet._id}`)).toMatchObject({ goingCount: 5, interestedCount: 4 });
    const both = await Promise.all([leo.browser.post(`/api/meets/${meet._id}/cancel`), maya.browser.post(`/api/meets/${meet._id}/cancel`)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((response) => response.statusCode === 409)!.json()).toEqual({ message: REFUSAL_MESSAGES.meetCancelled });
    // Nine answered (Leo, Sam, Maya and six fans): the eight but the one who cancelled were told once.
    const told = await t.db.execute<{ n: string }>(sql`select count(*) as n from notifications where type = 'meet-cancelled' and meet_id = ${meet._id}`);
    expect(Number(told.rows[0]!.n)).toBe(8);
  });

  it('an edit by the creator (only) of the time or place notifies everyone who answered; of the title, nobody', async () => {
    const { maya, leo, sam, community } = await club();
    await join(sam.browser, community._id);
    const meet = await newMeet(leo.browser, community._id, meetForm(now));
    await rsvp(maya.browser, meet._id, 'going');
    await rsvp(sam.browser, meet._id, 'interested');
    const kept = meetFieldsOf(meet);
    expect(answer(await updateMeet(maya.browser, meet._id, meetForm(now, kept)))).toEqual([403, { message: REFUSAL_MESSAGES.editOwnMeetOnly }]);

    const retitled = await updateMeet(leo.browser, meet._id, meetForm(now, { ...kept, title: 'Breakfast run (bring coffee)' }));
    expect(retitled.json<Meet>().title).toBe('Breakfast run (bring coffee)');
    expect(await notificationsOf(maya)).toEqual([]);

    const moved = await updateMeet(leo.browser, meet._id, meetForm(now, { ...kept, title: 'Breakfast run (bring coffee)', address: 'Leith Hill, Surrey' }));
    expect(moved.json<Meet>().place.address).toBe('Leith Hill, Surrey');
    for (const who of [maya, sam]) {
      expect(await notificationsOf(who)).toEqual([expect.objectContaining({
        type: 'meet-changed', read: false, sender: expect.objectContaining({ username: 'leo' }),
        meet: { _id: meet._id, title: 'Breakfast run (bring coffee)', startsAt: meet.startsAt },
      })]);
    }
    // Not the editor themself.
    expect(await notificationsOf(leo)).toEqual([]);
    // A start left as it was may be in the past while the meet is under way.
    later(73);
    const underway = await updateMeet(leo.browser, meet._id, meetForm(now, { ...kept, title: 'Under way' }));
    expect(underway.statusCode, underway.body).toBe(200);
    expect(answer(await updateMeet(leo.browser, meet._id, meetForm(now, { ...kept, startsAt: wallClockAfter(now, -2) })))).toEqual([400, { message: REFUSAL_MESSAGES.meetStartsInPast }]);
  });

  it('the creator or the community’s creator cancels, notifying everyone who answered; a member cannot', async () => {
    const { maya, leo, sam, community } = await club();
    await join(sam.browser, community._id);
    const first = await newMeet(leo.browser, community._id, meetForm(now, { title: 'First', startsAt: wallClockAfter(now, 48), endsAt: wallClockAfter(now, 50) }));
    const second = await newMeet(leo.browser, community._id, meetForm(now, { title: 'Second' }));
    await rsvp(sam.browser, first._id, 'interested');
    await rsvp(sam.browser, second._id, 'going');
    expect(answer(await sam.browser.post(`/api/meets/${first._id}/cancel`))).toEqual([403, { message: REFUSAL_MESSAGES.cancelMeetForbidden }]);
    expect((await leo.browser.post(`/api/meets/${first._id}/cancel`)).json<Meet>()).toMatchObject({ status: 'cancelled', canEdit: true });
    // Maya created the community: she may cancel Leo's meet; Leo, who answered (going), is told too.
    expect((await maya.browser.post(`/api/meets/${second._id}/cancel`)).json<Meet>()).toMatchObject({ status: 'cancelled', canEdit: false, canCancel: true });
    const samNotes = await notificationsOf(sam);
    expect(samNotes.map((n) => [n.type, n.sender.username, n.meet?.title])).toEqual([
      ['meet-cancelled', 'maya', 'Second'],
      ['meet-cancelled', 'leo', 'First'],
    ]);
    expect((await notificationsOf(leo)).map((n) => [n.type, n.sender.username, n.meet?._id])).toEqual([['meet-cancelled', 'maya', second._id]]);
  });

  it('leaving the community keeps one’s meets; deleting the community or the account takes them, their answers and covers', async () => {
    const { maya, leo, community } = await club();
    const leosMeet = await newMeet(leo.browser, community._id, meetForm(now, { title: 'Leo’s' }), await image('jpeg', 900, 300));
    const mayasMeet = await newMeet(maya.browser, community._id, meetForm(now, { title: 'Maya’s', startsAt: wallClockAfter(now, 96), endsAt: wallClockAfter(now, 98) }), await image('png', 600, 200));
    await rsvp(leo.browser, mayasMeet._id, 'going');
    expect((await leo.browser.request('DELETE', `/api/communities/${community._id}/leave-and-delete-posts`)).statusCode).toBe(200);
    // Still there for the members; the creator who left still opens it.
    expect(titles(await events(maya))).toEqual(['Leo’s', 'Maya’s']);
    expect((await leo.browser.get(`/api/meets/${leosMeet._id}`)).statusCode).toBe(200);

    // Leo deletes his account: his meet and its cover go, and his answer to Maya's.
    const mark = inboxMark(sink);
    await leo.browser.post('/api/user/request-delete-otp');
    const otp = await codeAfter(sink, mark, leo.email);
    expect((await leo.browser.post('/api/user/confirm-delete', { otp })).statusCode).toBe(200);
    expect(titles(await events(maya))).toEqual(['Maya’s']);
    expect((await getJson<Meet>(maya, `/api/meets/${mayasMeet._id}`)).goingCount).toBe(1);
    await expect.poll(covers, { timeout: 10_000 }).toEqual(filesOf(mayasMeet.coverImageUrl).sort());
    expect(leosMeet.coverImageUrl).not.toBeNull();

    // Maya deletes the community: every meet of it goes.
    expect((await maya.browser.request('DELETE', `/api/communities/${community._id}`)).statusCode).toBe(200);
    expect(await meetCount()).toBe(0);
    const rsvps = await t.db.execute<{ n: string }>(sql`select count(*) as n from meet_rsvps`);
    expect(Number(rsvps.rows[0]!.n)).toBe(0);
    await expect.poll(covers, { timeout: 10_000 }).toEqual([]);
  });
});

/** The form's times of `meet` as it has them (an edit that moves nothing), in its zone. */
function meetFieldsOf(meet: Meet): { startsAt: string; endsAt: string; timeZone: string } {
  const wall = (instant: string) => new Date(new Date(instant).getTime()).toISOString().slice(0, 16);
  if (meet.timeZone !== 'UTC') throw new Error('meetFieldsOf: UTC meets only');
  return { startsAt: wall(meet.startsAt), endsAt: wall(meet.endsAt), timeZone: 'UTC' };
}
