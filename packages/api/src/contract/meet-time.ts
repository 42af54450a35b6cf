// A meet's time (issue 21.4): people give its start and end as a wall clock in the meet's time
// zone ('2027-03-28T10:00' in 'Europe/London'), the server stores instants. The server, the mock
// backend and the forms turn one into the other here, so all three agree. No zod: a form loads it.
import { tzOffset } from '@date-fns/tz';
import { MEET_MAX_AHEAD_DAYS } from './constants.ts';
import { REFUSAL_MESSAGES } from './messages.ts';

/** A wall clock as the meet form sends it: `YYYY-MM-DDTHH:mm`. */
export const MEET_WALL_CLOCK_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The wall clock's fields as if it were UTC, or null when it is not a real date and time. */
function wallAsUtc(wallClock: string): number | null {
  const match = MEET_WALL_CLOCK_PATTERN.exec(wallClock);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const epoch = Date.UTC(year, month - 1, day, hour, minute);
  // 2027-02-30 rolls over to March: not a date anyone meant.
  return new Date(epoch).getUTCDate() === day ? epoch : null;
}

/** Whether `wallClock` is a real `YYYY-MM-DDTHH:mm`. */
export const isMeetWallClock = (wallClock: string): boolean => wallAsUtc(wallClock) !== null;

/**
 * Whether `name` is an IANA time zone the runtime knows ('Europe/London', 'UTC'). Offsets such
 * as '+01:00' are refused: a meet keeps its zone's summer time, an offset would not.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `epoch`, in ms. */
const offsetAt = (timeZone: string, epoch: number): number => tzOffset(timeZone, new Date(epoch)) * MINUTE_MS;

/**
 * The instant of a wall clock in a zone. A wall clock the zone skips (spring forward) moves on by
 * the gap, one it shows twice (fall back) is the first of the two: Temporal's 'compatible', as
 * calendars do. @date-fns/tz gives the zone's offsets; the choice between them is made here
 * because TZDate's own constructor picks the later time in some overlaps (Europe/London) and the
 * earlier in others (America/New_York). Throws on a malformed wall clock or an unknown zone.
 */
export function meetInstant(wallClock: string, timeZone: string): Date {
  const wall = wallAsUtc(wallClock);
  if (wall === null) throw new RangeError(`Not a wall clock: ${wallClock}`);
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  const candidates = [...new Set([wall - before, wall - after])].filter((epoch) => epoch + offsetAt(timeZone, epoch) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before);
}

/** The wall clock (`YYYY-MM-DDTHH:mm`) of an instant in a zone: what the edit form shows. */
export function meetWallClock(instant: Date | string, timeZone: string): string {
  const epoch = new Date(instant).getTime();
  return new Date(epoch + offsetAt(timeZone, epoch)).toISOString().slice(0, 16);
}

/**
 * Why a meet's times are refused, or null: it must end after it starts, and a new start must not
 * be in the past nor more than MEET_MAX_AHEAD_DAYS ahead of `now`. `keptStart`: on an edit, the
 * start the meet had; a start left as it was may be in the past (a meet under way can still be
 * edited until it ends).
 */
export function meetTimeRefusal(startsAt: Date, endsAt: Date, now: Date, keptStart?: Date): string | null {
  if (endsAt.getTime() <= startsAt.getTime()) return REFUSAL_MESSAGES.meetEndsBeforeStart;
  if (keptStart === undefined || keptStart.getTime() !== startsAt.getTime()) {
    if (startsAt.getTime() < now.getTime()) return REFUSAL_MESSAGES.meetStartsInPast;
    if (startsAt.getTime() > now.getTime() + MEET_MAX_AHEAD_DAYS * DAY_MS) return REFUSAL_MESSAGES.meetTooFarAhead;
  }
  return null;
}

/**
 * The `.ics` file's name: the title's letters and digits, lower case, words joined by '-'
 * (accents dropped), at most 60 characters; `meet.ics` when nothing is left.
 */
export function meetCalendarFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'meet'}.ics`;
}
