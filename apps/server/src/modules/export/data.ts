// What goes into a person's data export (routes.ts), read page by page so that a person with
// tens of thousands of posts, comments or followers costs one page of rows in memory at a time.
// Every reader takes only rows of the person (`personId`); other people appear by username only.
// Dates are ISO 8601 in UTC; photos are their stored URLs here, turned into file names of the zip
// by archive.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Rows per query: enough to keep round trips few, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 500;

/** A timestamp as ISO 8601 in UTC with milliseconds, whatever the session's time zone. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface Keyed {
  /** The row's `created_at::text` for lists read by time (microseconds kept: a Date would skip or repeat rows); '' otherwise. */
  cursor: string;
  /** The row's key within its order: the tie-breaker of a time, or the whole order. */
  key: string;
}

/**
 * Every row of a keyset-paged query: `page(after)` answers at most EXPORT_PAGE_SIZE rows after
 * the last one of the page before (null: the first page). Each query walks an index in its order
 * (see each reader), so every page costs the same however far into the list it is.
 */
async function* paged<T extends Keyed>(db: Db, page: (after: Keyed | null) => SQL): AsyncGenerator<Omit<T, keyof Keyed>> {
  let after: Keyed | null = null;
  for (;;) {
    const rows = (await db.execute(page(after))).rows as unknown as T[];
    for (const { cursor: _cursor, key: _key, ...row } of rows) yield row;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { cursor: last.cursor, key: last.key };
  }
}

/** Newest first by (created_at, key): rows before `after`. */
const newestBefore = (after: Keyed | null, createdAt: SQL, key: SQL): SQL =>
  after ? sql`(${createdAt}, ${key}) < (${after.cursor}::timestamptz, ${after.key})` : sql`true`;

/** By a uuid key, ascending: rows after `after`. */
const keyAfter = (after: Keyed | null, key: SQL): SQL => (after ? sql`${key} > ${after.key}::uuid` : sql`true`);

export interface ExportedImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface ExportedPost {
  id: string;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  community: { id: string; name: string } | null;
  carId: string | null;
  tags: string[];
  likes: number;
  comments: number;
  images: ExportedImage[];
}

/** The person's posts, newest first, with their photos in order, tags and counts. */
export function postsOf(db: Db, personId: string): AsyncGenerator<ExportedPost> {
  return paged<ExportedPost & Keyed>(
    db,
    // posts_author_id_created_at_id_idx, backwards.
    (after) => sql`
      select p.id, p.title, p.content, ${iso(sql`p.created_at`)} as "createdAt", ${iso(sql`p.updated_at`)} as "updatedAt",
        case when c.id is null then null else json_build_object('id', c.id, 'name', c.name::text) end as community,
        p.car_id as "carId",
        coalesce((select json_agg(t.tag order by t.tag) from post_tags t where t.post_id = p.id), '[]'::json) as tags,
        (select count(*)::int from likes l where l.post_id = p.id) as likes,
        (select count(*)::int from comments k where k.post_id = p.id) as comments,
        coalesce((select json_agg(json_build_object('url', i.url, 'alt', i.alt, 'width', i.width, 'height', i.height) order by i.position)
          from post_images i where i.post_id = p.id), '[]'::json) as images,
        p.created_at::text as cursor, p.id::text as key
      from posts p left join communities c on c.id = p.community_id
      where p.author_id = ${personId} and ${newestBefore(after, sql`p.created_at`, sql`p.id`)}
      order by p.created_at desc, p.id desc
      limit ${EXPORT_PAGE_SIZE}`,
  );
}

export interface ExportedComment {
  id: string;
  text: string;
  createdAt: string;
  post: { id: string; title: string; author: string };
}

/** The person's comments, newest first, each with the post it is on (its author by username). */
export function commentsOf(db: Db, personId: string): AsyncGenerator<ExportedComment> {
  return paged<ExportedComment & Keyed>(
    db,
    // comments_author_id_created_at_id_idx (migration 0022), backwards.
    (after) => sql`
      select k.id, k.text, ${iso(sql`k.created_at`)} as "createdAt",
        json_build_object('id', p.id, 'title', p.title, 'author', a.username::text) as post,
        k.created_at::text as cursor, k.id::text as key
      from comments k join posts p on p.id = k.post_id join users a on a.id = p.author_id
      where k.author_id = ${personId} and ${newestBefore(after, sql`k.created_at`, sql`k.id`)}
      order by k.created_at desc, k.id desc
      limit ${EXPORT_PAGE_SIZE}`,
  );
}

export interface ExportedPerson {
  username: string;
  since: string;
}

/**
 * Who follows the person (`followers`) or whom the person follows (`following`), in the order of
 * the other people's ids: the follows' indexes ((followee, follower) and the primary key) are read
 * in that order, so a person with 100k followers costs 200 cheap pages, not 200 sorts of 100k.
 */
export function followsOf(db: Db, personId: string, side: 'followers' | 'following'): AsyncGenerator<ExportedPerson> {
  const [mine, theirs] = side === 'followers' ? [sql`f.followee_id`, sql`f.follower_id`] : [sql`f.follower_id`, sql`f.followee_id`];
  return paged<ExportedPerson & Keyed>(
    db,
    (after) => sql`
      select u.username::text as username, ${iso(sql`f.created_at`)} as since, '' as cursor, ${theirs}::text as key
      from follows f join users u on u.id = ${theirs}
      where ${mine} = ${personId} and ${keyAfter(after, theirs)}
      order by ${theirs}
      limit ${EXPORT_PAGE_SIZE}`,
  );
}

export interface ExportedSavedPost {
  postId: string;
  title: string;
  author: string;
  savedAt: string;
}

/** The posts the person saved, newest save first. */
export function savedOf(db: Db, personId: string): AsyncGenerator<ExportedSavedPost> {
  return paged<ExportedSavedPost & Keyed>(
    db,
    // saved_posts_user_id_saved_at_post_id_idx, backwards.
    (after) => sql`
      select p.id as "postId", p.title, a.username::text as author, ${iso(sql`s.saved_at`)} as "savedAt",
        s.saved_at::text as cursor, s.post_id::text as key
      from saved_posts s join posts p on p.id = s.post_id join users a on a.id = p.author_id
      where s.user_id = ${personId} and ${newestBefore(after, sql`s.saved_at`, sql`s.post_id`)}
      order by s.saved_at desc, s.post_id desc
      limit ${EXPORT_PAGE_SIZE}`,
  );
}

/**
 * The people the person blocked or muted (never who blocked or muted the person), in the order of
 * their ids: the primary keys (blocker, blocked) and (muter, muted) are read in that order.
 */
export function hiddenBy(db: Db, personId: string, how: 'blocked' | 'muted'): AsyncGenerator<ExportedPerson> {
  const [table, mine, theirs] = how === 'blocked' ? [sql`blocks`, sql`h.blocker_id`, sql`h.blocked_id`] : [sql`mutes`, sql`h.muter_id`, sql`h.muted_id`];
  return paged<ExportedPerson & Keyed>(
    db,
    (after) => sql`
      select u.username::text as username, ${iso(sql`h.created_at`)} as since, '' as cursor, ${theirs}::text as key
      from ${table} h join users u on u.id = ${theirs}
      where ${mine} = ${personId} and ${keyAfter(after, theirs)}
      order by ${theirs}
      limit ${EXPORT_PAGE_SIZE}`,
  );
}

export interface ExportedCommunity {
  id: string;
  name: string;
  description: string;
  createdAt: string;
  joinedAt: string | null;
  coverUrl: string | null;
  coverAlt: string;
}

/**
 * Communities the person created (with their covers) or joined but did not create, in the order of
 * their ids: community_members_user_id_community_id_idx is read in that order.
 */
export function communitiesOf(db: Db, personId: string, which: 'created' | 'joined'): AsyncGenerator<ExportedCommunity> {
  const mine = which === 'created' ? sql`c.creator_id = ${personId}` : sql`c.creator_id <> ${personId}`;
  return paged<ExportedCommunity & Keyed>(
    db,
    (after) => sql`
      select c.id, c.name::text as name, c.description, ${iso(sql`c.created_at`)} as "createdAt", ${iso(sql`m.created_at`)} as "joinedAt",
        case when c.creator_id = ${personId} then c.cover_url end as "coverUrl",
        case when c.creator_id = ${personId} then c.cover_alt else '' end as "coverAlt",
        '' as cursor, m.community_id::text as key
      from community_members m join communities c on c.id = m.community_id
      where m.user_id = ${personId} and ${mine} and ${keyAfter(after, sql`m.community_id`)}
      order by m.community_id
      limit ${EXPORT_PAGE_SIZE}`,
  );
}

export interface ExportedLogEntry {
  id: string;
  date: string;
  title: string;
  text: string;
  mileage: number | null;
  mileageUnit: string;
  cost: string | null;
  currency: string;
  photos: ExportedImage[];
}

export interface ExportedCar {
  id: string;
  make: string;
  model: string;
  year: number;
  trim: string;
  colour: string;
  description: string;
  current: boolean;
  coverUrl: string | null;
  coverAlt: string;
  createdAt: string;
  buildLog: ExportedLogEntry[];
}

/**
 * The person's garage, newest car first, each with its whole build log (oldest entry first) and
 * photos: one car's log per row, so memory holds one car at a time (a garage has at most
 * MAX_GARAGE_CARS cars).
 */
export function carsOf(db: Db, personId: string): AsyncGenerator<ExportedCar> {
  const photos = sql`coalesce((select json_agg(json_build_object('url', i.url, 'alt', i.alt, 'width', i.width, 'height', i.height) order by i.position)
    from car_log_images i where i.entry_id = e.id), '[]'::json)`;
  return paged<ExportedCar & Keyed>(
    db,
    // cars_owner_id_created_at_id_idx, backwards.
    (after) => sql`
      select c.id, c.make_name as make, c.model_name as model, c.year, c.trim, c.colour, c.description, c.current,
        c.cover_url as "coverUrl", c.cover_alt as "coverAlt", ${iso(sql`c.created_at`)} as "createdAt",
        coalesce((select json_agg(json_build_object(
            'id', e.id, 'date', e.date::text, 'title', e.title, 'text', e.text, 'mileage', e.mileage, 'mileageUnit', e.mileage_unit,
            'cost', e.cost::text, 'currency', e.currency, 'photos', ${photos}) order by e.logged_at, e.id)
          from car_log_entries e where e.car_id = c.id), '[]'::json) as "buildLog",
        c.created_at::text as cursor, c.id::text as key
      from cars c
      where c.owner_id = ${personId} and ${newestBefore(after, sql`c.created_at`, sql`c.id`)}
      order by c.created_at desc, c.id desc
      limit ${EXPORT_PAGE_SIZE}`,
  );
}

export interface ExportedMeet {
  id: string;
  community: { id: string; name: string };
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  place: { address: string; latitude: number | null; longitude: number | null };
  status: 'scheduled' | 'cancelled';
  coverUrl: string | null;
  coverAlt: string;
  createdAt: string;
}

/** The meets the person created (issue 21), newest first: meets_creator_id_created_at_id_idx, backwards. */
export function meetsOf(db: Db, personId: string): AsyncGenerator<ExportedMeet> {
  return paged<ExportedMeet & Keyed>(
    db,
    (after) => sql`
      select mt.id, json_build_object('id', c.id, 'name', c.name::text) as community, mt.title, mt.description,
        ${iso(sql`mt.starts_at`)} as "startsAt", ${iso(sql`mt.ends_at`)} as "endsAt", mt.time_zone as "timeZone",
        json_build_object('address', mt.address, 'latitude', mt.latitude, 'longitude', mt.longitude) as place, mt.status,
        mt.cover_url as "coverUrl", mt.cover_alt as "coverAlt", ${iso(sql`mt.created_at`)} as "createdAt",
        mt.created_at::text as cursor, mt.id::text as key
      from meets mt join communities c on c.id = mt.community_id
      where mt.creator_id = ${personId} and ${newestBefore(after, sql`mt.created_at`, sql`mt.id`)}
      order by mt.created_at desc, mt.id desc
      limit ${EXPORT_PAGE_SIZE}`,
  );
}

export interface ExportedMeetAnswer {
  meetId: string;
  title: string;
  startsAt: string;
  rsvp: 'going' | 'interested';
  answeredAt: string;
}

/** The person's answers to meets (going or interested), by meet id: meet_rsvps_user_id_idx. */
export function meetAnswersOf(db: Db, personId: string): AsyncGenerator<ExportedMeetAnswer> {
  return paged<ExportedMeetAnswer & Keyed>(
    db,
    (after) => sql`
      select mt.id as "meetId", mt.title, ${iso(sql`mt.starts_at`)} as "startsAt", r.rsvp, ${iso(sql`r.created_at`)} as "answeredAt",
        '' as cursor, r.meet_id::text as key
      from meet_rsvps r join meets mt on mt.id = r.meet_id
      where r.user_id = ${personId} and ${keyAfter(after, sql`r.meet_id`)}
      order by r.meet_id
      limit ${EXPORT_PAGE_SIZE}`,
  );
}
