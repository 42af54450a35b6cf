// Meets (issue 21.4): create and edit a meet in a community, the Events page's list and a
// community's, a meet's page, RSVPs, who is going, and its iCalendar file.
import { z } from 'zod';
import { MAX_PHOTO_DESCRIPTION_LENGTH, MEET_TEXT_LIMITS } from '../constants.ts';
import { at } from '../endpoints.ts';
import { isMeetWallClock, isTimeZone } from '../meet-time.ts';
import { Meet, MeetAttendeePage, MeetPage, MeetRsvp } from '../meets.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { IdParams, json, multipart, nonBlank, PageQuery, route } from './define.ts';

/** A start or end: `YYYY-MM-DDTHH:mm`, a wall clock in the meet's `timeZone`. */
const WallClock = z.string({ error: REFUSAL_MESSAGES.invalidMeetTime }).trim().refine(isMeetWallClock, { error: REFUSAL_MESSAGES.invalidMeetTime });

/** A coordinate part: '' and absent both read as none. */
const coordinate = (limit: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number<number>({ error: message }).min(-limit, { error: message }).max(limit, { error: message }).optional(),
  );

/**
 * A meet's fields, create and edit alike. The end must come after the start (compared as wall
 * clocks here; the server compares the instants again, with "not in the past" and "at most two
 * years ahead": those need its clock, meetTimeRefusal).
 */
const MeetFields = z
  .object({
    title: nonBlank(REFUSAL_MESSAGES.meetTitleRequired).max(MEET_TEXT_LIMITS.title, { error: REFUSAL_MESSAGES.meetTitleTooLong }),
    description: z.string().trim().max(MEET_TEXT_LIMITS.description, { error: REFUSAL_MESSAGES.meetDescriptionTooLong }).default(''),
    startsAt: WallClock,
    endsAt: WallClock,
    timeZone: z.string({ error: REFUSAL_MESSAGES.unknownTimeZone }).trim().refine(isTimeZone, { error: REFUSAL_MESSAGES.unknownTimeZone }),
    address: nonBlank(REFUSAL_MESSAGES.meetAddressRequired).max(MEET_TEXT_LIMITS.address, { error: REFUSAL_MESSAGES.meetAddressTooLong }),
    latitude: coordinate(90, REFUSAL_MESSAGES.invalidLatitude),
    longitude: coordinate(180, REFUSAL_MESSAGES.invalidLongitude),
    /** The cover's description; on update, absent keeps it unless a new cover comes. */
    coverImageAlt: z.string().trim().max(MAX_PHOTO_DESCRIPTION_LENGTH, { error: REFUSAL_MESSAGES.photoDescriptionTooLong }).optional(),
    /** Update only: take the cover away (a new cover file wins over this). */
    removeCover: z.stringbool().optional(),
  })
  .refine((meet) => (meet.latitude === undefined) === (meet.longitude === undefined), { error: REFUSAL_MESSAGES.meetCoordinatesPair, path: ['longitude'] })
  .refine((meet) => meet.endsAt > meet.startsAt, { error: REFUSAL_MESSAGES.meetEndsBeforeStart, path: ['endsAt'] });

const CoverFile = { coverImage: { multiple: false, required: false, accept: 'image/*' } } as const;

export const meetsRoutes = {
  'meets.create': route({
    ...at('meets.create'), tag: 'meets', auth: true, status: 201,
    summary: 'Create a meet in a community (members only); the creator is going. Times are wall clocks in `timeZone`.',
    params: IdParams, body: multipart(MeetFields, CoverFile),
    response: Meet, errors: [400, 401, 403, 404],
  }),
  'meets.ofCommunity': route({
    ...at('meets.ofCommunity'), tag: 'meets', auth: true,
    summary: "A community's meets that have not ended, cancelled ones included, soonest start first; open to everyone signed in, members or not.",
    params: IdParams, query: PageQuery, response: MeetPage, errors: [401, 404],
  }),
  'meets.upcoming': route({
    ...at('meets.upcoming'), tag: 'meets', auth: true,
    summary:
      "The Events page: meets that have not ended in the viewer's communities, by people the viewer follows (in any community), the viewer's own and those the viewer answered, each once, cancelled ones included, soonest start first; without those of people the viewer blocked, muted or was blocked by.",
    query: PageQuery, response: MeetPage, errors: [401],
  }),
  'meets.get': route({
    ...at('meets.get'), tag: 'meets', auth: true,
    summary: "One meet: open to everyone signed in, a public gathering (404 `meetUnavailable` for a block pair or a suspended creator). `ended` is the server's clock.",
    params: IdParams, response: Meet, errors: [401, 404],
  }),
  'meets.update': route({
    ...at('meets.update'), tag: 'meets', auth: true,
    summary: 'Edit a meet (its creator only, while scheduled and not over): every field as sent; the cover kept, replaced or removed. A new time or place notifies everyone who answered.',
    params: IdParams, body: multipart(MeetFields, CoverFile),
    response: Meet, errors: [400, 401, 403, 404, 409],
  }),
  'meets.cancel': route({
    ...at('meets.cancel'), tag: 'meets', auth: true,
    summary: "Cancel a meet (its creator or the community's creator); it stays listed until it ends. Notifies everyone who answered.",
    params: IdParams, response: Meet, errors: [401, 403, 404, 409],
  }),
  'meets.rsvp': route({
    ...at('meets.rsvp'), tag: 'meets', auth: true,
    summary: 'Answer going or interested, or take the answer back (null); not on a cancelled or ended meet.',
    params: IdParams, body: json(z.object({ rsvp: z.enum(MeetRsvp.options, { error: REFUSAL_MESSAGES.invalidRsvp }).nullable() })),
    response: Meet, errors: [400, 401, 404, 409],
  }),
  'meets.attendees': route({
    ...at('meets.attendees'), tag: 'meets', auth: true,
    summary: 'The people going (or interested), first answered first; people hidden from the viewer by a block are left out.',
    params: IdParams,
    query: PageQuery.extend({ rsvp: z.enum(MeetRsvp.options, { error: REFUSAL_MESSAGES.invalidRsvp }).default('going') }),
    response: MeetAttendeePage, errors: [400, 401, 404],
  }),
  'meets.calendar': route({
    ...at('meets.calendar'), tag: 'meets', auth: true,
    summary: 'The meet as an iCalendar file (one VEVENT), an attachment named by `meetCalendarFileName`.',
    params: IdParams,
    download: { contentType: 'text/calendar' },
    response: z.string(), errors: [401, 404],
  }),
} as const;
