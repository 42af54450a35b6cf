// The read side of communities that other modules need (profiles, the session user, suggestions):
// Community objects of the contract in one statement, with members and the creator. The routes
// that create, join and change them are in routes.ts (README.md).
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Community } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { notSuspended } from '../safety/hidden.ts';

type CommunityRow = {
  id: string;
  name: string;
  description: string;
  cover_url: string | null;
  cover_alt: string;
  members: string[] | null;
  creator_id: string;
  creator_username: string;
  creator_full_name: string;
  creator_picture: string | null;
};

/**
 * Communities matching `where` (over alias `c`), ordered by `orderBy`, as contract objects.
 * Members are listed oldest first, without the suspended people (their memberships stay:
 * modules/moderation/README.md); a community without a cover shows `defaultCover`.
 */
export async function communitiesWhere(
  db: Db,
  { where, orderBy, limit, defaultCover }: { where: SQL; orderBy: SQL; limit?: number; defaultCover: string },
): Promise<z.input<typeof Community>[]> {
  const result = await db.execute<CommunityRow>(sql`
    select c.id, c.name::text as name, c.description, c.cover_url, c.cover_alt,
      (select array_agg(m.user_id::text order by m.created_at, m.user_id) from community_members m where m.community_id = c.id and ${notSuspended(sql`m.user_id`)}) as members,
      u.id as creator_id, u.username::text as creator_username, u.full_name as creator_full_name, u.profile_picture_url as creator_picture
    from communities c
    join users u on u.id = c.creator_id
    where ${where}
    order by ${orderBy}
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`);
  return result.rows.map((row) => ({
    _id: row.id,
    name: row.name,
    description: row.description,
    coverImageUrl: row.cover_url ?? defaultCover,
    // Our default cover is decorative: it has no description.
    coverImageAlt: row.cover_url ? row.cover_alt : '',
    members: row.members ?? [],
    creator: { _id: row.creator_id, username: row.creator_username, fullName: row.creator_full_name, profilePictureUrl: row.creator_picture ?? '' },
  }));
}

/** The communities `userId` belongs to, the most recently joined first. */
export function communitiesOfMember(db: Db, userId: string, defaultCover: string) {
  return communitiesWhere(db, {
    where: sql`exists (select 1 from community_members m where m.community_id = c.id and m.user_id = ${userId})`,
    orderBy: sql`(select m.created_at from community_members m where m.community_id = c.id and m.user_id = ${userId}) desc, c.id`,
    defaultCover,
  });
}

/** Communities `userId` has not joined, the most members first (as `members` counts them: suspended people not), suggestions. */
export function communitiesToJoin(db: Db, userId: string, limit: number, defaultCover: string) {
  return communitiesWhere(db, {
    where: sql`not exists (select 1 from community_members m where m.community_id = c.id and m.user_id = ${userId})`,
    orderBy: sql`(select count(*) from community_members m where m.community_id = c.id and ${notSuspended(sql`m.user_id`)}) desc, c.created_at desc, c.id`,
    limit,
    defaultCover,
  });
}
