// Deleting a comment: its author's, its post's author's or its community creator's delete
// (routes.ts) and a moderator's removal (modules/moderation) take the same path.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { refreshTrendingScore } from '../posts/trending.ts';

/**
 * Deletes comment `commentId` of post `postId` in the caller's transaction (the post row held
 * FOR UPDATE by the caller) and brings the post's trending score up to date; its reports go with
 * it (ON DELETE CASCADE). False when the comment was gone already.
 */
export async function deleteComment(tx: Tx, commentId: string, postId: string): Promise<boolean> {
  const deleted = await tx.execute(sql`delete from comments where id = ${commentId} returning id`);
  if (deleted.rows.length === 0) return false;
  await refreshTrendingScore(tx, postId);
  return true;
}
