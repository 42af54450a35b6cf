// The facts the meets' checks and writes need (issue 21.4): a meet as its viewer may reach it,
// the notifications of its people, the day-before reminders, and the media an account or a
// community deletion takes with it.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MEET_REMINDER, NOT_FOUND_MESSAGES } from '@pitlane/api/contract';
import type { Db, Tx } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { HttpError } from '../../plugins/errors.ts';
import { blockedEitherWay } from '../safety/hidden.ts';

export const meetNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.meet);
export const meetUnavailable = () => new HttpError(404, NOT_FOUND_MESSAGES.meetUnavailable);

/** What the checks need of a meet. */
export interface MeetFacts {
  id: string;
  communityId: string;
  creatorId: string;
  communityCreatorId: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  coverUrl: string | null;
  coverAlt: string;
  status: 'scheduled' | 'cancelled';
}

type MeetRow = {
  id: string;
  community_id: string;
  creator_id: string;
  community_creator_id: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  cover_url: string | null;
  cover_alt: string;
  status: 'scheduled' | 'cancelled';
  hidden: boolean;
};

/**
 * The meet `id` as `viewerId` may reach it: a meet is a public gathering, open to everyone signed
 * in (members of its community or not). 404 `meet` when there is none; 404 `meetUnavailable` when its creator and the viewer are a block pair or its creator is
 * suspended. `lock`: the row FOR UPDATE (in the writing transaction), so edits, cancellations and
 * answers to one meet take turns.
 */
export async function mustReachMeet(db: Db, id: string, viewerId: string, options: { lock?: boolean } = {}): Promise<MeetFacts> {
  if (!isId(id)) throw meetNotFound();
  const result = await db.execute<MeetRow>(sql`
    select mt.id, mt.community_id, mt.creator_id, c.creator_id as community_creator_id, mt.starts_at, mt.ends_at, mt.time_zone,
      mt.address, mt.latitude, mt.longitude, mt.cover_url, mt.cover_alt, mt.status,
      (mt.creator_id <> ${viewerId}::uuid and ${blockedEitherWay(sql`mt.creator_id`, viewerId)}) as hidden
    from meets mt join communities c on c.id = mt.community_id
    where mt.id = ${id}
    ${options.lock ? sql`for update of mt` : sql``}`);
  const row = result.rows[0];
  if (!row) throw meetNotFound();
  if (row.hidden) throw meetUnavailable();
  return {
    id: row.id,
    communityId: row.community_id,
    creatorId: row.creator_id,
    communityCreatorId: row.community_creator_id,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    timeZone: row.time_zone,
    address: row.address,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    coverUrl: row.cover_url,
    coverAlt: row.cover_alt,
    status: row.status,
  };
}

/** Whether `userId` is a member of `communityId`; in a transaction the row is held FOR SHARE (leaving waits for the new meet). */
export async function holdMembership(db: Db, communityId: string, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from community_members where community_id = ${communityId} and user_id = ${userId} for share`);
  return result.rows.length > 0;
}

/**
 * Notifies everyone who answered the meet (going or interested) but `senderId` of a change or
 * the cancellation, in the caller's transaction; returns who was notified (their live streams
 * are told after the commit).
 */
export async function notifyMeetPeople(tx: Tx, meetId: string, senderId: string, type: 'meet-changed' | 'meet-cancelled'): Promise<string[]> {
  const result = await tx.execute<{ recipient_id: string }>(sql`
    insert into notifications (recipient_id, sender_id, type, meet_id)
    select r.user_id, ${senderId}, ${type}, ${meetId} from meet_rsvps r where r.meet_id = ${meetId} and r.user_id <> ${senderId}
    returning recipient_id`);
  return result.rows.map((row) => row.recipient_id);
}

/**
 * The day-before reminders: everyone going to or interested in a scheduled meet that starts
 * within MEET_REMINDER.withinHours of `now` gets one `meet-reminder` (from the meet's creator).
 * One statement marks the meets reminded for their start and writes the notifications: run twice,
 * or on two instances at once, the second finds the meets marked (the row lock makes it wait for
 * the first and read them again) and sends nothing. A meet moved by a day or more after its
 * reminder is reminded again. Returns who was notified.
 */
export async function sendMeetReminders(db: Db, now: Date): Promise<string[]> {
  const until = new Date(now.getTime() + MEET_REMINDER.withinHours * 3_600_000);
  const result = await db.execute<{ recipient_id: string }>(sql`
    with due as (
      update meets set reminded_for = starts_at
      where status = 'scheduled' and starts_at > ${now.toISOString()}::timestamptz and starts_at <= ${until.toISOString()}::timestamptz
        and (reminded_for is null or abs(extract(epoch from starts_at - reminded_for)) >= ${MEET_REMINDER.withinHours * 3600})
      returning id, creator_id
    )
    insert into notifications (recipient_id, sender_id, type, meet_id)
    select r.user_id, due.creator_id, 'meet-reminder', due.id from due join meet_rsvps r on r.meet_id = due.id
    returning recipient_id`);
  return [...new Set(result.rows.map((row) => row.recipient_id))];
}

/** The meets' scheduled queue (modules/jobs): the reminders, every MEET_REMINDER.everyMinutes. */
export const MEET_REMINDERS_QUEUE = 'meet-reminders';

/** One round of the reminder job at the app's clock: the notifications, then the live streams told. */
export async function runMeetReminders(app: FastifyInstance): Promise<number> {
  const notified = await sendMeetReminders(app.db, app.now());
  for (const userId of notified) app.live.publish({ kind: 'notifications', userId });
  if (notified.length > 0) app.log.info({ people: notified.length }, 'meet reminders sent');
  return notified.length;
}

/** Schedules the reminders on the job queue (once per occurrence in the whole cluster). */
export async function registerMeetReminders(app: FastifyInstance): Promise<void> {
  await app.jobs.every(MEET_REMINDERS_QUEUE, `*/${MEET_REMINDER.everyMinutes} * * * *`, async () => {
    await runMeetReminders(app);
  });
}

/** The covers of the meets `where` names (account and community deletion drop their files after the commit). */
async function coversWhere(tx: Tx, where: ReturnType<typeof sql>): Promise<string[]> {
  const result = await tx.execute<{ url: string }>(sql`select cover_url as url from meets where ${where} and cover_url is not null`);
  return result.rows.map((row) => row.url);
}

/**
 * The covers of the meets an account deletion takes: the person's own, and those of the
 * communities they created (which go too).
 */
export const meetCoversOfAccount = (tx: Tx, userId: string) =>
  coversWhere(tx, sql`(creator_id = ${userId} or community_id in (select id from communities where creator_id = ${userId}))`);
/** The covers of a community's meets (community deletion: the meets go with the community row). */
export const meetCoversOfCommunity = (tx: Tx, communityId: string) => coversWhere(tx, sql`community_id = ${communityId}`);
