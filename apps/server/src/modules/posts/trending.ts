// The trending score (TRENDING in the contract; modules/posts/README.md explains it).
//
// At a moment `now`, a post's activity is Σ weight × 2^(−(now − t_event) / H): its creation,
// each like and each comment, each halving every H hours. Every post shares the factor
// 2^(−(now − EPOCH) / H), so ordering by Σ weight × 2^((t_event − EPOCH) / H) gives the same order
// at any moment: that sum does not change as time passes, only when events come or go. We keep
// its base-2 logarithm in posts.trending_score (a plain btree index then serves the order) and
// recompute it from the post's rows whenever a like or comment is added or removed.
import { sql, type SQL } from 'drizzle-orm';
import { TRENDING } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';

/** A fixed origin of time for the score; any date works, a recent one keeps the numbers small. */
export const TRENDING_EPOCH = '2026-01-01T00:00:00Z';
const HALF_LIFE_SECONDS = TRENDING.halfLifeHours * 3600;

/** log2(weight × 2^((t − EPOCH)/H)) for a timestamp column or expression `t`. */
function eventScore(t: SQL, weight: number): SQL {
  return sql`(extract(epoch from (${t} - ${TRENDING_EPOCH}::timestamptz))::float8 / ${sql.raw(String(HALF_LIFE_SECONDS))} + ${sql.raw(String(Math.log2(weight)))})`;
}

/** The score of a post created now, with no likes or comments yet (for its INSERT). */
export const newPostTrendingScore: SQL = eventScore(sql`now()`, TRENDING.postWeight);

/**
 * Recomputes one post's score from its creation, likes and comments (log-sum-exp around the
 * largest term, so the powers never overflow). Call it in the transaction that changed them,
 * after locking the post row (lockPost), so concurrent changes cannot interleave.
 */
export async function refreshTrendingScore(db: Db, postId: string): Promise<void> {
  await db.execute(sql`
    with events as (
      select ${eventScore(sql`created_at`, TRENDING.postWeight)} as x from posts where id = ${postId}
      union all
      select ${eventScore(sql`created_at`, TRENDING.likeWeight)} from likes where post_id = ${postId}
      union all
      select ${eventScore(sql`created_at`, TRENDING.commentWeight)} from comments where post_id = ${postId}
    ),
    shifted as (select x, max(x) over () as top from events)
    update posts
    set trending_score = (select max(top) + ln(sum(power(2::float8, x - top))) / ln(2::float8) from shifted)
    where id = ${postId}`);
}
