// Times of the demo data, spread over the past so feeds, trending and the notification groups
// (Today, This Week, Older) look lived-in: posts over the last three weeks, reactions soon after.
import type { Random } from './random.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Posts fall within this window before now. */
export const POST_WINDOW = 21 * DAY;
/** Notifications newer than this are unread; older ones the person has seen. */
export const UNREAD_WITHIN = 2 * DAY;

export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * A reaction (like, comment, reply) some time after `after`: most within hours, a few days
 * later; always in the past.
 */
export function reactionTime(random: Random, after: Date, now: Date, meanHours: number): Date {
  const room = now.getTime() - MINUTE - after.getTime();
  if (room <= MINUTE) return new Date(after.getTime() + Math.max(0, room) / 2);
  const delay = 2 * MINUTE + -Math.log(1 - random.next()) * meanHours * HOUR;
  return new Date(after.getTime() + (delay < room ? delay : random.next() * room));
}

/** A moment between `from` and `to`. */
export function between(random: Random, from: Date, to: Date): Date {
  return new Date(from.getTime() + random.next() * Math.max(0, to.getTime() - from.getTime()));
}
