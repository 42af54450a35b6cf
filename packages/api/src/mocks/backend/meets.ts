// Meets (issue 21.4), as the server's modules/meets has them: a community's members create meets;
// a meet is a public gathering, open to everyone signed in, who may answer it; the creator edits,
// the creator or the community's creator cancels; a new time or place and a cancellation notify
// everyone who answered. Hidden: a block pair's and a suspended creator's meets (404s). "Now" is
// the fake's clock (`clock`), so a fixture's meets are upcoming on any day a story runs.
import {
  meetCalendarFileName,
  meetInstant,
  meetTimeRefusal,
  NOT_FOUND_MESSAGES,
  PAGE_SIZES,
  paths,
  REFUSAL_MESSAGES,
  type MeetRsvp,
  type Routes,
} from '../../contract/index.ts';
import type { z } from 'zod';
import type { MockMeet, MockUser } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { imageDataUrl } from './uploads.ts';
import { paginate, type World } from './world.ts';

type MeetFields = z.output<Routes['meets.create']['body']['fields']>;

/** Soonest start first; equal starts in id order (as the server's lists). */
const bySoonest = (a: MockMeet, b: MockMeet) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : 1);

/** The fields of a meet that, changed, tell everyone who answered (meet-changed). */
const whenAndWhere = (m: MockMeet) => JSON.stringify([m.startsAt, m.endsAt, m.timeZone, m.address, m.latitude, m.longitude]);

/** An iCalendar text value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function meetsRoutes(world: World): DomainRoutes<'meets'> {
  const { state, clock, newId, mustUser, mustCommunity, communityById, summary, notHidden, notBlocked, isBlockPair, isSuspended, notify, follows } = world;
  const meets = () => state.meets!;
  const rsvps = () => state.meetRsvps!;
  // A fixture's meets are read at the fixture's own moment, fixed when the fake is made: any other
  // write (a follow's notification, a post) moves the fake's clock to the real today, which would
  // end the fixture's meets on a later day, so a story or test would depend on the real date. An
  // empty world (the behaviour suite's) has no moment of its own and runs on the fake's clock.
  const fixtureNow = clock();
  const nowMs = () => (fixtureNow > 0 ? fixtureNow : clock());

  const isMember = (m: MockMeet, viewer: MockUser) => communityById(m.communityId)?.members.includes(viewer.id) ?? false;
  const answered = (m: MockMeet, viewer: MockUser) => rsvps().some((r) => r.meetId === m.id && r.userId === viewer.id);
  /** On the viewer's Events page: their communities', followed people's, their own and answered meets. */
  const onEvents = (m: MockMeet, viewer: MockUser) =>
    isMember(m, viewer) || follows(viewer.id, m.creatorId) || m.creatorId === viewer.id || answered(m, viewer);
  const ended = (m: MockMeet) => Date.parse(m.endsAt) <= nowMs();

  /** A meet (open to everyone signed in): 404 when it does not exist, 404 "not available" for a block pair or a suspended creator. */
  function mustSeeMeet(meetId: string, viewer: MockUser): MockMeet {
    const m = meets().find((x) => x.id === meetId);
    if (!m) refuse(404, NOT_FOUND_MESSAGES.meet);
    if (isBlockPair(viewer.id, m.creatorId) || isSuspended(m.creatorId)) refuse(404, NOT_FOUND_MESSAGES.meetUnavailable);
    return m;
  }

  /** Who answered and how; a suspended person's answer is not counted (as a post's likes). */
  const answersTo = (meetId: string, rsvp: MeetRsvp) => rsvps().filter((r) => r.meetId === meetId && r.rsvp === rsvp && !isSuspended(r.userId));

  function meet(m: MockMeet, viewer: MockUser) {
    const c = mustCommunity(m.communityId);
    return {
      _id: m.id,
      title: m.title,
      description: m.description,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
      timeZone: m.timeZone,
      place: { address: m.address, latitude: m.latitude, longitude: m.longitude },
      coverImageUrl: m.coverImageUrl,
      coverImageAlt: m.coverImageAlt,
      status: m.status,
      community: { _id: c.id, name: c.name },
      creator: summary(mustUser(m.creatorId)),
      goingCount: answersTo(m.id, 'going').length,
      interestedCount: answersTo(m.id, 'interested').length,
      myRsvp: rsvps().find((r) => r.meetId === m.id && r.userId === viewer.id)?.rsvp ?? null,
      canEdit: m.creatorId === viewer.id,
      canCancel: m.creatorId === viewer.id || c.creatorId === viewer.id,
      ended: ended(m),
      createdAt: m.createdAt,
    };
  }

  /** A page of the meets `listed` that have not ended, less those of people hidden from the viewer. */
  function meetPage(listed: MockMeet[], page: number, size: number, viewer: MockUser) {
    const shown = notHidden(viewer);
    const upcoming = listed.filter((m) => !ended(m) && shown(m.creatorId)).sort(bySoonest);
    const { items, totalPages } = paginate(upcoming, page, size);
    return { meets: items.map((m) => meet(m, viewer)), totalPages };
  }

  /** The instants of the form's wall clocks, refused as the server refuses them. */
  function timesOf(body: MeetFields, keptStart?: string): { startsAt: string; endsAt: string } {
    const startsAt = meetInstant(body.startsAt, body.timeZone);
    const endsAt = meetInstant(body.endsAt, body.timeZone);
    const refused = meetTimeRefusal(startsAt, endsAt, new Date(nowMs()), keptStart === undefined ? undefined : new Date(keptStart));
    if (refused) refuse(400, refused);
    return { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
  }

  /** The place: both coordinates or none (the schema refused one alone). */
  const placeOf = (body: MeetFields) => ({ address: body.address, latitude: body.latitude ?? null, longitude: body.longitude ?? null });

  /** Tell everyone who answered but `actor` (meet-changed, meet-cancelled). */
  function notifyAnswered(m: MockMeet, type: 'meet-changed' | 'meet-cancelled', actor: MockUser): void {
    for (const r of rsvps().filter((x) => x.meetId === m.id)) notify(type, actor.id, r.userId, null, { meetId: m.id });
  }

  /** A meet that can still change: not cancelled, not over. */
  function mustBeOpen(m: MockMeet): void {
    if (m.status === 'cancelled') refuse(409, REFUSAL_MESSAGES.meetCancelled);
    if (ended(m)) refuse(409, REFUSAL_MESSAGES.meetEnded);
  }

  return {
    'meets.create': async ({ params, body, files, viewer }) => {
      const c = mustCommunity(params.id);
      if (!c.members.includes(viewer.id)) refuse(403, REFUSAL_MESSAGES.membersCreateMeets);
      const times = timesOf(body);
      const cover = files.coverImage?.[0];
      const coverImageUrl = cover ? await imageDataUrl(cover) : null;
      const created: MockMeet = {
        id: newId('meet'),
        communityId: c.id,
        creatorId: viewer.id,
        title: body.title,
        description: body.description,
        ...times,
        timeZone: body.timeZone,
        ...placeOf(body),
        coverImageUrl,
        coverImageAlt: coverImageUrl === null ? '' : (body.coverImageAlt ?? ''),
        status: 'scheduled',
        // The fake's clock, not moved: a story's fixture meets stay upcoming after a create.
        createdAt: new Date(nowMs()).toISOString(),
      };
      meets().push(created);
      rsvps().push({ meetId: created.id, userId: viewer.id, rsvp: 'going' });
      return meet(created, viewer);
    },

    'meets.ofCommunity': ({ params, query, viewer }) => {
      // Open to non-members too, as each meet is.
      const c = mustCommunity(params.id);
      return meetPage(meets().filter((m) => m.communityId === c.id), query.page, PAGE_SIZES.communityMeets, viewer);
    },

    'meets.upcoming': ({ query, viewer }) => meetPage(meets().filter((m) => onEvents(m, viewer)), query.page, PAGE_SIZES.upcomingMeets, viewer),

    'meets.get': ({ params, viewer }) => meet(mustSeeMeet(params.id, viewer), viewer),

    // Every field as sent; the cover as a car's: a new file replaces it, `removeCover` takes it
    // away, otherwise it stays with its description unless one is sent.
    'meets.update': async ({ params, body, files, viewer }) => {
      const m = mustSeeMeet(params.id, viewer);
      if (m.creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.editOwnMeetOnly);
      mustBeOpen(m);
      const times = timesOf(body, m.startsAt);
      const cover = files.coverImage?.[0];
      const coverUrl = cover ? await imageDataUrl(cover) : undefined;
      const before = whenAndWhere(m);
      Object.assign(m, { title: body.title, description: body.description, ...times, timeZone: body.timeZone, ...placeOf(body) });
      if (coverUrl !== undefined) {
        m.coverImageUrl = coverUrl;
        m.coverImageAlt = body.coverImageAlt ?? '';
      } else if (body.removeCover) {
        m.coverImageUrl = null;
        m.coverImageAlt = '';
      } else if (body.coverImageAlt !== undefined && m.coverImageUrl !== null) {
        m.coverImageAlt = body.coverImageAlt;
      }
      if (whenAndWhere(m) !== before) notifyAnswered(m, 'meet-changed', viewer);
      return meet(m, viewer);
    },

    'meets.cancel': ({ params, viewer }) => {
      const m = mustSeeMeet(params.id, viewer);
      const c = mustCommunity(m.communityId);
      if (m.creatorId !== viewer.id && c.creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.cancelMeetForbidden);
      mustBeOpen(m);
      m.status = 'cancelled';
      notifyAnswered(m, 'meet-cancelled', viewer);
      return meet(m, viewer);
    },

    // A new answer goes to the end of the list (first answered first); the same answer again keeps its place.
    'meets.rsvp': ({ params, body, viewer }) => {
      const m = mustSeeMeet(params.id, viewer);
      mustBeOpen(m);
      const mine = rsvps().find((r) => r.meetId === m.id && r.userId === viewer.id);
      if (mine?.rsvp !== body.rsvp) {
        state.meetRsvps = rsvps().filter((r) => r !== mine);
        if (body.rsvp !== null) rsvps().push({ meetId: m.id, userId: viewer.id, rsvp: body.rsvp });
      }
      return meet(m, viewer);
    },

    'meets.attendees': ({ params, query, viewer }) => {
      const m = mustSeeMeet(params.id, viewer);
      const person = notBlocked(viewer);
      const people = answersTo(m.id, query.rsvp).filter((r) => person(r.userId));
      const { items, totalPages } = paginate(people, query.page, PAGE_SIZES.meetAttendees);
      return { people: items.map((r) => summary(mustUser(r.userId))), totalPages };
    },

    // A small VEVENT in UTC: the server's (ical-generator) says the same with the zone's TZID.
    'meets.calendar': (ctx) => {
      const m = mustSeeMeet(ctx.params.id, ctx.viewer);
      const lines = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Pitlane//Mock backend//EN',
        'BEGIN:VEVENT',
        `UID:${m.id}@pitlane.test`,
        `DTSTAMP:${icsTime(m.createdAt)}`,
        `DTSTART:${icsTime(m.startsAt)}`,
        `DTEND:${icsTime(m.endsAt)}`,
        `SUMMARY:${icsText(m.title)}`,
        ...(m.description ? [`DESCRIPTION:${icsText(m.description)}`] : []),
        `LOCATION:${icsText(m.address)}`,
        ...(m.latitude !== null && m.longitude !== null ? [`GEO:${m.latitude};${m.longitude}`] : []),
        `URL:${paths.meet(m.id)}`,
        ...(m.status === 'cancelled' ? ['STATUS:CANCELLED'] : []),
        'END:VEVENT',
        'END:VCALENDAR',
      ];
      ctx.attach(meetCalendarFileName(m.title));
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
