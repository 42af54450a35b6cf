// Meets (issue 21.4): a community's car meets with their time, place and RSVPs, the Events page's
// list, and who is going. Times travel as instants (UTC ISO strings) with the meet's time zone;
// forms send wall clocks in that zone (meet-time.ts turns one into the other).
import { z } from 'zod';
import { Id, IsoDateTime, TotalPages, UserSummary } from './schemas.ts';

/** A person's answer to a meet; no answer is null. */
export const MeetRsvp = z.enum(['going', 'interested']);
export type MeetRsvp = z.infer<typeof MeetRsvp>;

/** A cancelled meet stays listed (with a "Cancelled" badge) until it ends. */
export const MeetStatus = z.enum(['scheduled', 'cancelled']);
export type MeetStatus = z.infer<typeof MeetStatus>;

/** Where a meet is: the address as the creator wrote it, and its coordinates when given (both or none). */
export const MeetPlace = z.object({
  address: z.string(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});
export type MeetPlace = z.infer<typeof MeetPlace>;

export const Meet = z.object({
  _id: Id,
  title: z.string(),
  /** Rich text like a post's content (@mentions and #tags become links); '' when none. */
  description: z.string(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  /** The IANA zone the creator gave the times in, e.g. 'Europe/London': the page shows them there. */
  timeZone: z.string(),
  place: MeetPlace,
  /** null when the meet has no cover photo. */
  coverImageUrl: z.string().nullable(),
  /** The cover's description; '' when none. */
  coverImageAlt: z.string(),
  status: MeetStatus,
  community: z.object({ _id: Id, name: z.string() }),
  creator: UserSummary,
  goingCount: z.number().int().min(0),
  interestedCount: z.number().int().min(0),
  /** The viewer's own answer. */
  myRsvp: MeetRsvp.nullable(),
  /** The viewer created the meet: they may edit it. */
  canEdit: z.boolean(),
  /**
   * The viewer created the meet or the community: they may cancel it. Sent whatever the status and
   * time: the page hides the buttons on a cancelled or ended meet (cancelling it again is a 409).
   */
  canCancel: z.boolean(),
  /**
   * The meet is over (its end is not after the sender's "now"): no more answers, edits or
   * cancelling. The server's clock decides, so the page never reads the device's clock for it.
   */
  ended: z.boolean(),
  createdAt: IsoDateTime,
});
export type Meet = z.infer<typeof Meet>;

/** A page of meets, soonest start first. Pages are numbered from 1; `totalPages` is 0 for none. */
export const MeetPage = z.object({ meets: z.array(Meet), totalPages: TotalPages });
export type MeetPage = z.infer<typeof MeetPage>;

/** A page of the people going to (or interested in) a meet, first answered first. */
export const MeetAttendeePage = z.object({ people: z.array(UserSummary), totalPages: TotalPages });
export type MeetAttendeePage = z.infer<typeof MeetAttendeePage>;

export {
  isMeetWallClock,
  isTimeZone,
  meetCalendarFileName,
  meetInstant,
  meetTimeRefusal,
  meetWallClock,
  MEET_WALL_CLOCK_PATTERN,
} from './meet-time.ts';
