// Communities as the routes read them: one community or all (contract objects, through
// read.ts), their members as user summaries, and the facts the permission checks need.
import { sql } from 'drizzle-orm';
import type { UserSummary } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { notSuspended } from '../safety/hidden.ts';
import { communitiesWhere } from './read.ts';

/** What the permission checks and cascades need of a community. */
export interface CommunityRef {
  id: string;
  creatorId: string;
  /** Null when it shows our default cover. */
  coverUrl: string | null;
}

/**
 * The community `id`, or null (also for an id that is not a UUID: it names nothing).
 * `lock: true` takes the row FOR UPDATE (in a transaction): it blocks new posts and joins there,
 * whose foreign keys take FOR KEY SHARE, until the transaction ends.
 */
export async function findCommunity(db: Db, id: string, options: { lock?: boolean } = {}): Promise<CommunityRef | null> {
  if (!isId(id)) return null;
  const result = await db.execute<{ id: string; creator_id: string; cover_url: string | null }>(sql`
    select id, creator_id, cover_url from communities where id = ${id}
    ${options.lock ? sql`for update` : sql``}`);
  const row = result.rows[0];
  return row ? { id: row.id, creatorId: row.creator_id, coverUrl: row.cover_url } : null;
}

/** One community as the contract shows it, or null. */
export async function communityById(db: Db, id: string, defaultCover: string) {
  if (!isId(id)) return null;
  const [community] = await communitiesWhere(db, { where: sql`c.id = ${id}`, orderBy: sql`c.id`, defaultCover });
  return community ?? null;
}

/** Every community, the newest first. */
export function allCommunities(db: Db, defaultCover: string) {
  return communitiesWhere(db, { where: sql`true`, orderBy: sql`c.created_at desc, c.id desc`, defaultCover });
}

/**
 * A community's members as user summaries, in the order of `Community.members` (oldest first),
 * without the suspended people, as `Community.members`.
 */
export async function membersOf(db: Db, communityId: string): Promise<UserSummary[]> {
  const result = await db.execute<{ id: string; username: string; full_name: string; profile_picture_url: string | null }>(sql`
    select u.id, u.username::text as username, u.full_name, u.profile_picture_url
    from community_members m join users u on u.id = m.user_id
    where m.community_id = ${communityId} and ${notSuspended(sql`m.user_id`)}
    order by m.created_at, m.user_id`);
  return result.rows.map((row) => ({ _id: row.id, username: row.username, fullName: row.full_name, profilePictureUrl: row.profile_picture_url ?? '' }));
}
