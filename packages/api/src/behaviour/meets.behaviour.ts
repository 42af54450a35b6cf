// Meets (issue 21.4): a member creates a meet in a community; a meet is open to everyone signed
// in, who may answer it; the Events page lists the viewer's communities', followed people's, own
// and answered meets; the creator edits and cancels (everyone who answered is told), the people
// going, refusals with the contract's sentences, and the .ics file. Times are
// placed after the target's own "now" (read from a post it dates), never the test's clock.
import { describe, expect, it } from 'vitest';
import { meetWallClock, NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, type Meet } from '../contract/index.ts';
import { refusal, type Actor, type World } from './world.ts';

const HOUR = 3_600_000;

/** The target's present: the date it gives a post created now. */
async function targetNow(world: World, actor: Actor): Promise<Date> {
  return new Date((await world.post(actor)).createdAt);
}

/** A meet's form, starting `hours` after `now` for three hours, in `timeZone`. */
function meetBody(now: Date, fields: Record<string, unknown> = {}, hours = 72, timeZone = 'UTC') {
  return {
    title: 'Breakfast run',
    description: 'Coffee at the top, then the Zig Zag road.',
    startsAt: meetWallClock(new Date(now.getTime() + hours * HOUR), timeZone),
    endsAt: meetWallClock(new Date(now.getTime() + (hours + 3) * HOUR), timeZone),
    timeZone,
    address: 'Box Hill, Surrey',
    ...fields,
  } as never;
}

export function meetsBehaviour(world: World): void {
  describe('meets', () => {
    async function club() {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const { newCommunity } = await maya.api.call('communities.create', { body: { name: `Air Cooled ${maya.username}`, description: 'Flat sixes.' } });
      await kenji.api.call('communities.join', { params: { id: newCommunity._id }, body: {} });
      const now = await targetNow(world, maya);
      return { maya, kenji, lena, community: newCommunity, now };
    }

    it('a member creates a meet: its instants from the wall clock and zone, the creator going; the community sees it on its Events page', async () => {
      const { maya, kenji, lena, community, now } = await club();
      const meet = await kenji.api.call('meets.create', {
        params: { id: community._id },
        body: meetBody(now, { title: '  Spring opener ', latitude: '51.2558', longitude: '-0.3228' }, 72, 'Europe/London'),
      });
      expect(meet).toMatchObject({
        title: 'Spring opener', timeZone: 'Europe/London', status: 'scheduled',
        place: { address: 'Box Hill, Surrey', latitude: 51.2558, longitude: -0.3228 },
        community: { _id: community._id }, creator: { _id: kenji.id, username: kenji.username },
        goingCount: 1, interestedCount: 0, myRsvp: 'going', canEdit: true, canCancel: true, ended: false, coverImageUrl: null,
      });
      expect(meetWallClock(meet.startsAt, 'Europe/London')).toBe(meetWallClock(new Date(now.getTime() + 72 * HOUR), 'Europe/London'));
      expect(new Date(meet.endsAt).getTime() - new Date(meet.startsAt).getTime()).toBe(3 * HOUR);
      // The community's creator sees it and may cancel it, not edit it.
      expect(await maya.api.call('meets.get', { params: { id: meet._id } })).toMatchObject({ _id: meet._id, myRsvp: null, canEdit: false, canCancel: true });
      expect((await maya.api.call('meets.upcoming', { query: { page: 1 } })).meets.map((m) => m._id)).toEqual([meet._id]);
      expect((await maya.api.call('meets.ofCommunity', { params: { id: community._id }, query: { page: 1 } })).meets.map((m) => m._id)).toEqual([meet._id]);
      // Lena is no member: she cannot create one; nor is the meet on her Events page (she follows nobody).
      expect(await refusal(lena.api.call('meets.create', { params: { id: community._id }, body: meetBody(now) }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.membersCreateMeets });
      expect(await lena.api.call('meets.upcoming', { query: { page: 1 } })).toEqual({ meets: [], totalPages: 0 });
      expect(await refusal(lena.api.call('meets.get', { params: { id: 'no-such-meet' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.meet });
      expect(await refusal(world.target.newBrowser().call('meets.upcoming', { query: { page: 1 } }))).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
    });

    it('a meet is open to everyone signed in: a non-member opens and answers it; followed people’s and answered meets are on the Events page', async () => {
      const { maya, kenji, lena, community, now } = await club();
      const meet = await kenji.api.call('meets.create', { params: { id: community._id }, body: meetBody(now, { title: 'Open to all' }) });
      const events = async (who: Actor) => (await who.api.call('meets.upcoming', { query: { page: 1 } })).meets.map((m) => m.title);
      // Lena, in no community: she opens the meet and the community's list, and answers it.
      expect(await lena.api.call('meets.get', { params: { id: meet._id } })).toMatchObject({ _id: meet._id, myRsvp: null, canEdit: false, canCancel: false, ended: false });
      expect((await lena.api.call('meets.ofCommunity', { params: { id: community._id }, query: { page: 1 } })).meets.map((m) => m._id)).toEqual([meet._id]);
      expect(await events(lena)).toEqual([]);
      // Following Kenji puts his meets on her Events page; unfollowing takes them off.
      await lena.api.call('users.follow', { params: { id: kenji.id }, body: {} });
      expect(await events(lena)).toEqual(['Open to all']);
      await lena.api.call('users.follow', { params: { id: kenji.id }, body: {} });
      expect(await events(lena)).toEqual([]);
      // Her answer puts it there, once, following or not; she is among the people interested.
      expect(await lena.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: 'interested' } })).toMatchObject({ myRsvp: 'interested', interestedCount: 1 });
      expect(await events(lena)).toEqual(['Open to all']);
      await lena.api.call('users.follow', { params: { id: kenji.id }, body: {} });
      expect(await events(lena)).toEqual(['Open to all']);
      await lena.api.call('users.follow', { params: { id: kenji.id }, body: {} });
      expect((await maya.api.call('meets.attendees', { params: { id: meet._id }, query: { rsvp: 'interested', page: 1 } })).people.map((p) => p._id)).toEqual([lena.id]);
      await lena.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: null } });
      expect(await events(lena)).toEqual([]);
      // She joins, answers going and leaves again: her answer keeps the meet on her page.
      await lena.api.call('communities.join', { params: { id: community._id }, body: {} });
      await lena.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: 'going' } });
      await lena.api.call('communities.leave', { params: { id: community._id } });
      expect(await events(lena)).toEqual(['Open to all']);
      // Not hers to edit or cancel.
      expect(await refusal(lena.api.call('meets.cancel', { params: { id: meet._id } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.cancelMeetForbidden });
    });

    it('refuses a meet with the contract’s sentences', async () => {
      const { kenji, community, now } = await club();
      const refused = (fields: Record<string, unknown>, hours = 72, timeZone = 'UTC') =>
        refusal(kenji.api.call('meets.create', { params: { id: community._id }, body: meetBody(now, fields, hours, timeZone) }));
      expect(await refused({ title: '   ' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.meetTitleRequired });
      expect(await refused({ address: '' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.meetAddressRequired });
      expect(await refused({ timeZone: 'Mars/Olympus_Mons' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.unknownTimeZone });
      expect(await refused({ startsAt: '2027-02-30T10:00' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidMeetTime });
      expect(await refused({ latitude: '51.2' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.meetCoordinatesPair });
      expect(await refused({}, -2)).toEqual({ status: 400, message: REFUSAL_MESSAGES.meetStartsInPast });
      expect(await refused({}, 731 * 24)).toEqual({ status: 400, message: REFUSAL_MESSAGES.meetTooFarAhead });
      const start = meetWallClock(new Date(now.getTime() + 72 * HOUR), 'UTC');
      expect(await refused({ endsAt: start })).toEqual({ status: 400, message: REFUSAL_MESSAGES.meetEndsBeforeStart });
      expect((await kenji.api.call('meets.upcoming', { query: { page: 1 } })).meets).toEqual([]);
    });

    it('lists upcoming meets soonest first, cancelled ones with their status', async () => {
      const { maya, kenji, community, now } = await club();
      const create = (title: string, hours: number) => kenji.api.call('meets.create', { params: { id: community._id }, body: meetBody(now, { title }, hours) });
      await create('In three days', 72);
      await create('Tomorrow', 24);
      const off = await create('Called off', 48);
      await maya.api.call('meets.cancel', { params: { id: off._id } });
      const page = await maya.api.call('meets.upcoming', { query: { page: 1 } });
      expect(page.meets.map((m) => [m.title, m.status])).toEqual([['Tomorrow', 'scheduled'], ['Called off', 'cancelled'], ['In three days', 'scheduled']]);
      expect(page.totalPages).toBe(1);
    });

    it('answers going or interested with counts and the people going; taken back with null; none on a cancelled meet', async () => {
      const { maya, kenji, lena, community, now } = await club();
      await lena.api.call('communities.join', { params: { id: community._id }, body: {} });
      const meet = await kenji.api.call('meets.create', { params: { id: community._id }, body: meetBody(now) });
      expect(await maya.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: 'interested' } })).toMatchObject({ myRsvp: 'interested', goingCount: 1, interestedCount: 1 });
      await lena.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: 'going' } });
      expect(await maya.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: 'going' } })).toMatchObject({ myRsvp: 'going', goingCount: 3, interestedCount: 0 });
      const going = await maya.api.call('meets.attendees', { params: { id: meet._id }, query: { rsvp: 'going', page: 1 } });
      // First answered first: a changed answer joins the end of its new list.
      expect(going.people.map((p) => p._id)).toEqual([kenji.id, lena.id, maya.id]);
      expect(going.totalPages).toBe(1);
      expect(await maya.api.call('meets.attendees', { params: { id: meet._id }, query: { rsvp: 'interested', page: 1 } })).toEqual({ people: [], totalPages: 0 });
      expect(await maya.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: null } })).toMatchObject({ myRsvp: null, goingCount: 2 });

      await kenji.api.call('meets.cancel', { params: { id: meet._id } });
      expect(await refusal(maya.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: 'going' } }))).toEqual({ status: 409, message: REFUSAL_MESSAGES.meetCancelled });
      expect(await refusal(kenji.api.call('meets.cancel', { params: { id: meet._id } }))).toEqual({ status: 409, message: REFUSAL_MESSAGES.meetCancelled });
    });

    it('the creator edits (only); a new place tells everyone who answered, a cancellation too', async () => {
      const { maya, kenji, lena, community, now } = await club();
      await lena.api.call('communities.join', { params: { id: community._id }, body: {} });
      const meet: Meet = await kenji.api.call('meets.create', { params: { id: community._id }, body: meetBody(now) });
      await lena.api.call('meets.rsvp', { params: { id: meet._id }, body: { rsvp: 'interested' } });
      const kept = { startsAt: meetWallClock(meet.startsAt, 'UTC'), endsAt: meetWallClock(meet.endsAt, 'UTC') };
      expect(await refusal(lena.api.call('meets.update', { params: { id: meet._id }, body: meetBody(now, kept) }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.editOwnMeetOnly });
      expect(await refusal(lena.api.call('meets.cancel', { params: { id: meet._id } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.cancelMeetForbidden });

      const renamed = await kenji.api.call('meets.update', { params: { id: meet._id }, body: meetBody(now, { ...kept, title: 'Breakfast run (bring coffee)' }) });
      expect(renamed).toMatchObject({ title: 'Breakfast run (bring coffee)', startsAt: meet.startsAt });
      expect(await lena.api.call('notifications.list')).toEqual([]);
      await kenji.api.call('meets.update', { params: { id: meet._id }, body: meetBody(now, { ...kept, title: 'Breakfast run (bring coffee)', address: 'Leith Hill, Surrey' }) });
      const changed = await lena.api.call('notifications.list');
      expect(changed).toEqual([expect.objectContaining({ type: 'meet-changed', sender: expect.objectContaining({ username: kenji.username }), meet: { _id: meet._id, title: 'Breakfast run (bring coffee)', startsAt: meet.startsAt } })]);
      expect(await kenji.api.call('notifications.list')).toEqual([]);

      // The community's creator cancels it: Lena and Kenji (who answered) are told.
      expect(await maya.api.call('meets.cancel', { params: { id: meet._id } })).toMatchObject({ status: 'cancelled' });
      expect((await lena.api.call('notifications.list')).map((n) => [n.type, n.sender.username])).toEqual([['meet-cancelled', maya.username], ['meet-changed', kenji.username]]);
      expect((await kenji.api.call('notifications.list')).map((n) => [n.type, n.meet?._id])).toEqual([['meet-cancelled', meet._id]]);
    });

    it('downloads a meet as an iCalendar file named by its title', async () => {
      const { maya, kenji, lena, community, now } = await club();
      const meet = await kenji.api.call('meets.create', { params: { id: community._id }, body: meetBody(now, { title: 'Spring opener!', latitude: '51.2558', longitude: '-0.3228' }) });
      const file = await maya.api.download('meets.calendar', { params: { id: meet._id } });
      expect(file.fileName).toBe('spring-opener.ics');
      const text = (await file.blob.text()).replace(/\r\n[ \t]/g, '');
      const lines = text.split(/\r?\n/);
      expect(lines).toContain('BEGIN:VEVENT');
      expect(lines).toContain('SUMMARY:Spring opener!');
      expect(lines).toContain(`DTSTART:${meet.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
      expect(lines.some((line) => /^GEO:51\.2558;-0\.3228$/.test(line))).toBe(true);
      // Open to a non-member too.
      expect((await lena.api.download('meets.calendar', { params: { id: meet._id } })).fileName).toBe('spring-opener.ics');
    });
  });
}
