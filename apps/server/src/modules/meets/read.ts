// The meets' reads (issue 21.4): a meet, the Events page's list, a community's list and a meet's
// people, each one statement that PostgreSQL writes as the contract's JSON, sent as it is
// (JsonText), as the garage's and the post lists are. "Now" is always the app's clock (app.now),
// passed in: never the database's, so tests move time as they do elsewhere.
import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZES, type MeetRsvp } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { blockedWith, notBlocked, notHidden, notSuspended } from '../safety/hidden.ts';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', ${ISO})`;

/** From meets `mt`: its community `c` and creator `u`, which every Meet names. */
export const meetJoins = sql`join communities c on c.id = mt.community_id join users u on u.id = mt.creator_id`;

/** How many of the meet's people answered `rsvp`, suspended people left out (as a post's likes). */
const answered = (rsvp: MeetRsvp) =>
  sql`(select count(*) from meet_rsvps r where r.meet_id = mt.id and r.rsvp = ${rsvp} and ${notSuspended(sql`r.user_id`)})`;

/** The Meet of meets row `mt` (with `meetJoins`) as `viewer` sees it at `now` (a json value). */
export function meetJson(viewer: string, now: Date): SQL {
  return sql`json_build_object(
    '_id', mt.id,
    'title', mt.title,
    'description', mt.description,
    'startsAt', ${iso(sql`mt.starts_at`)},
    'endsAt', ${iso(sql`mt.ends_at`)},
    'timeZone', mt.time_zone,
    'place', json_build_object('address', mt.address, 'latitude', mt.latitude, 'longitude', mt.longitude),
    'coverImageUrl', mt.cover_url,
    'coverImageAlt', mt.cover_alt,
    'status', mt.status,
    'community', json_build_object('_id', c.id, 'name', c.name::text),
    'creator', json_build_object('_id', u.id, 'username', u.username::text, 'fullName', u.full_name, 'profilePictureUrl', coalesce(u.profile_picture_url, '')),
    'goingCount', ${answered('going')},
    'interestedCount', ${answered('interested')},
    'myRsvp', (select r.rsvp from meet_rsvps r where r.meet_id = mt.id and r.user_id = ${viewer}),
    'canEdit', mt.creator_id = ${viewer}::uuid,
    'canCancel', mt.creator_id = ${viewer}::uuid or c.creator_id = ${viewer}::uuid,
    'ended', mt.ends_at <= ${now.toISOString()}::timestamptz,
    'createdAt', ${iso(sql`mt.created_at`)}
  )`;
}

/** The meet `meetId` (Meet) as `viewerId` sees it at `now`, as JSON text, or null. The caller checked it may. */
export async function meetJsonText(db: Db, meetId: string, viewerId: string, now: Date): Promise<string | null> {
  const result = await db.execute<{ json: string }>(sql`select ${meetJson(viewerId, now)}::text as json from meets mt ${meetJoins} where mt.id = ${meetId}`);
  return result.rows[0]?.json ?? null;
}

/**
 * A MeetPage of the meets matching `where` (over meets `mt`): not ended at `now`, cancelled ones
 * included, soonest start first (equal starts in id order, so pages neither repeat nor skip), but
 * those of people hidden from the viewer (block pairs, muted, suspended), as posts leave lists.
 * Meets not yet ended are few per community: the (community_id, ends_at) index reads just them,
 * and they are sorted after.
 */
async function meetPageJson(db: Db, sources: readonly SQL[], viewerId: string, now: Date, pageNumber: number, size: number): Promise<string> {
  // Each source is a `from … where …` over meets `mt`; several are united (never one OR, which
  // would read every meet: the Events page's communities, followed people, own and answered meets).
  const listed = sql.join(
    sources.map((source) => sql`select mt.id, mt.starts_at ${source} and mt.ends_at > ${now.toISOString()}::timestamptz and ${notHidden(sql`mt.creator_id`, viewerId)}`),
    sql` union `,
  );
  const result = await db.execute<{ json: string }>(sql`
    with listed as materialized (${listed}),
    page as (select l.id, l.starts_at from listed l order by l.starts_at, l.id limit ${size} offset ${(pageNumber - 1) * size})
    select '{"meets":' || coalesce((
        select json_agg(${meetJson(viewerId, now)} order by page.starts_at, page.id)
        from page join meets mt on mt.id = page.id ${meetJoins})::text, '[]')
      || ',"totalPages":' || ceil((select count(*) from listed)::numeric / ${size})::int || '}' as json`);
  return result.rows[0]!.json;
}

/**
 * The Events page: the meets of the viewer's communities, those created by people the viewer
 * follows (in any community: a meet is open to everyone signed in), the viewer's own wherever
 * they are (a creator who left the community still sees theirs), and those the viewer answered
 * (they stay listed after leaving the community or unfollowing). `union` drops the repeats.
 */
export function upcomingMeetsJson(db: Db, viewerId: string, now: Date, pageNumber: number): Promise<string> {
  const sources = [
    // Per community of the viewer's, its meets not yet ended: (community_id, ends_at).
    sql`from community_members m join meets mt on mt.community_id = m.community_id where m.user_id = ${viewerId}`,
    // The people followed, read first (follows_pk) as one array: then their meets by
    // (creator_id, …), never a scan of all meets joined to them (the planner's pick for a join).
    sql`from meets mt where mt.creator_id = any(array(select f.followee_id from follows f where f.follower_id = ${viewerId}))`,
    // The viewer's own: (creator_id, …).
    sql`from meets mt where mt.creator_id = ${viewerId}`,
    // The viewer's answers (meet_rsvps(user_id)) as one array, then each meet by its primary key.
    sql`from meets mt where mt.id = any(array(select r.meet_id from meet_rsvps r where r.user_id = ${viewerId}))`,
  ];
  return meetPageJson(db, sources, viewerId, now, pageNumber, PAGE_SIZES.upcomingMeets);
}

/** A community's meets: open to everyone signed in, members or not (as each meet is). */
export function communityMeetsJson(db: Db, communityId: string, viewerId: string, now: Date, pageNumber: number): Promise<string> {
  return meetPageJson(db, [sql`from meets mt where mt.community_id = ${communityId}`], viewerId, now, pageNumber, PAGE_SIZES.communityMeets);
}

/**
 * A MeetAttendeePage: the people who answered `rsvp`, first answered first, without the viewer's
 * block pairs and the suspended people.
 */
export async function attendeesJson(db: Db, meetId: string, rsvp: MeetRsvp, viewerId: string, pageNumber: number): Promise<string> {
  const size = PAGE_SIZES.meetAttendees;
  const shown = sql`r.meet_id = ${meetId} and r.rsvp = ${rsvp} and ${notBlocked(sql`r.user_id`, viewerId)}`;
  const result = await db.execute<{ json: string }>(sql`
    select json_build_object(
      'people', coalesce((
        select json_agg(json_build_object('_id', a.id, 'username', a.username::text, 'fullName', a.full_name, 'profilePictureUrl', coalesce(a.profile_picture_url, ''))
                        order by page.created_at, page.user_id)
        from (select r.user_id, r.created_at from meet_rsvps r where ${shown} order by r.created_at, r.user_id limit ${size} offset ${(pageNumber - 1) * size}) page
        join users a on a.id = page.user_id), '[]'::json),
      'totalPages', ceil((select count(*) from meet_rsvps r where ${shown})::numeric / ${size})::int
    )::text as json`);
  return result.rows[0]!.json;
}

/** Whether `column` (a user id) and `viewer` are a block pair, or `column` is suspended (a meet's creator). */
export const unavailableCreator = (column: SQL, viewer: string) => sql`${column} = any(${blockedWith(viewer)})`;
