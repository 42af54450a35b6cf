// The cascades of spec §4 "Community membership", run inside the caller's transaction. Each
// returns the media URLs its deleted rows pointed at: the caller deletes those files only after
// the commit, so a rolled-back cascade never loses a picture.
//
// Lock order (README.md): membership rows first, then the community row, as posts.create does
// (its membership check FOR SHARE, then its foreign key's FOR KEY SHARE on the community), so the
// two can wait for each other but never deadlock.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { refreshTrendingScore } from '../posts/trending.ts';
import { isSuspended } from '../safety/hidden.ts';
import { meetCoversOfCommunity } from '../meets/service.ts';

/**
 * Locks every membership row of the community (FOR UPDATE) and returns the members: their ids and
 * whether they are suspended (left out of `Community.members`, so an edit's list of members to
 * keep cannot name them; modules/moderation/README.md). A post being created there holds its
 * author's row FOR SHARE: this waits for it to commit (so the cascade then sees that post); a post
 * started later waits for us and finds no membership.
 */
export async function lockMembers(db: Tx, communityId: string): Promise<Array<{ id: string; suspended: boolean }>> {
  const result = await db.execute<{ user_id: string; suspended: boolean }>(sql`
    select user_id, ${isSuspended(sql`user_id`)} as suspended from community_members where community_id = ${communityId}
    order by created_at, user_id for update`);
  return result.rows.map((row) => ({ id: row.user_id, suspended: row.suspended }));
}

/** Deletes the posts matching `where` (over posts alias `p`); their comments, likes, images and notifications go with them. */
async function deletePostsWhere(db: Tx, where: SQL): Promise<string[]> {
  const images = await db.execute<{ url: string }>(sql`select i.url from post_images i join posts p on p.id = i.post_id where ${where}`);
  await db.execute(sql`delete from posts p where ${where}`);
  return images.rows.map((row) => row.url);
}

/**
 * Deletes `userId`'s comments on the community's posts and refreshes the trending score of each
 * post that lost some (comments count towards it). The posts are locked first, as the comment
 * and like routes lock them before changing their score.
 */
async function deleteCommentsIn(db: Tx, communityId: string, userId: string): Promise<void> {
  const touched = await db.execute<{ id: string }>(sql`
    select p.id from posts p
    where p.community_id = ${communityId} and exists (select 1 from comments c where c.post_id = p.id and c.author_id = ${userId})
    order by p.id for update of p`);
  if (touched.rows.length === 0) return;
  const deleted = await db.execute<{ post_id: string }>(sql`
    delete from comments c using posts p
    where p.id = c.post_id and p.community_id = ${communityId} and c.author_id = ${userId}
    returning c.post_id`);
  for (const postId of new Set(deleted.rows.map((row) => row.post_id))) await refreshTrendingScore(db, postId);
}

/**
 * Takes `userId` out of the community: their membership row, their posts there (with everything
 * hanging off them) and, with `comments` (remove-member, a member dropped by an edit), their
 * comments on the community's other posts. Leaving keeps the comments (packages/api/README.md).
 * Null when `userId` was not a member: nothing changed.
 *
 * The membership row goes first: deleting it waits for a post of theirs being created there (it
 * holds the row FOR SHARE) and makes any later attempt find no membership, so no post of a
 * non-member can remain.
 */
export async function dropMember(db: Tx, communityId: string, userId: string, options: { comments: boolean }): Promise<string[] | null> {
  const left = await db.execute(sql`
    delete from community_members where community_id = ${communityId} and user_id = ${userId} returning user_id`);
  if (left.rows.length === 0) return null;
  const urls = await deletePostsWhere(db, sql`p.community_id = ${communityId} and p.author_id = ${userId}`);
  if (options.comments) await deleteCommentsIn(db, communityId, userId);
  return urls;
}

/**
 * Deletes the community with its memberships and all its posts (and their comments, likes,
 * images and notifications, by ON DELETE CASCADE). The caller has locked the membership rows and
 * then the community row (lockMembers, findCommunity with `lock`), so no post or member can
 * arrive meanwhile. Returns the posts' image URLs and the cover's.
 */
export async function deleteCommunity(db: Tx, community: { id: string; coverUrl: string | null }): Promise<string[]> {
  const images = await db.execute<{ url: string }>(sql`
    select i.url from post_images i join posts p on p.id = i.post_id where p.community_id = ${community.id}`);
  // Its meets go too (ON DELETE CASCADE, with their answers and notifications; modules/meets).
  const meetCovers = await meetCoversOfCommunity(db, community.id);
  await db.execute(sql`delete from communities where id = ${community.id}`);
  return [...images.rows.map((row) => row.url), ...(community.coverUrl ? [community.coverUrl] : []), ...meetCovers];
}
