// A new post's way into its readers' feeds (issue 16; README "Feed fan-out"). The posting
// transaction only counts the post and marks it pending (sql/feeds.sql, `feed_fanouts`), and sends
// a `feed-fanout` job in the same transaction, so a committed post always has its job. After the
// commit the request itself adds it to the feeds when its author has at most FEED_QUEUE_ABOVE
// followers (a few milliseconds, and the followers read it at once); above that the request
// answers and the job does it. `feed_fanout(id)` is idempotent, so the job of a post the request
// already fanned out finds nothing to do, and a retried job never adds a post twice. Authors with
// more than FEED_PULL_ABOVE followers are pulled: their posts get no entries (fan-out of nothing)
// and feeds read them at read time (lists.ts); the job switches an author when they cross it.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';

export const FEED_FANOUT_QUEUE = 'feed-fanout';

/**
 * In the posting transaction: `insert` adds the post (returning its id), which stays pending, and
 * its fan-out job is sent in the same transaction.
 */
export async function insertPendingPost(app: FastifyInstance, tx: Tx, insert: () => Promise<string>): Promise<string> {
  await tx.execute(sql`select set_config('pitlane.defer_fanout', 'on', true)`);
  const postId = await insert();
  await app.jobs.send(FEED_FANOUT_QUEUE, { postId }, tx);
  return postId;
}

/** The author's followers, counted up to `above + 1` at most (enough to compare with `above`). */
async function followersUpTo(db: Db, authorId: string, above: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n
    from (select 1 from follows where followee_id = ${authorId} limit ${above + 1}) f`);
  return result.rows[0]!.n;
}

/**
 * Runs `work` in a transaction whose statements may take up to 60 s: a fan-out or a switch of an
 * account with ~100k followers writes ~100k entries (~10 s when the index is cold), past the 10 s
 * a request's statement may run.
 */
function inLongTransaction<T>(app: FastifyInstance, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(app.db, async (tx) => {
    await tx.execute(sql`select set_config('statement_timeout', '60s', true)`);
    return work(tx);
  });
}

/** Adds a pending post to its readers' feeds and tells their live streams; false if it was done already. */
async function fanOut(app: FastifyInstance, postId: string): Promise<boolean> {
  const row = await inLongTransaction(app, async (tx) => {
    const result = await tx.execute<{ done: boolean; author_id: string | null; community_id: string | null }>(sql`
      select feed_fanout(${postId}) as done, p.author_id, p.community_id from posts p where p.id = ${postId}`);
    return result.rows[0];
  });
  if (!row?.done || !row.author_id) return false;
  app.live.publish({ kind: 'post', postId, authorId: row.author_id, communityId: row.community_id });
  return true;
}

/**
 * After the posting transaction committed: the fan-out now, or left to the queued job for an
 * author with many followers. A failure here is logged and left to the job too: the post is
 * saved, and reaches the feeds on the job's next try.
 */
export async function fanOutAfterCommit(app: FastifyInstance, postId: string, authorId: string): Promise<void> {
  try {
    if ((await followersUpTo(app.db, authorId, app.config.feedQueueAbove)) > app.config.feedQueueAbove) return;
    await fanOut(app, postId);
  } catch (error) {
    // The database going away: one line without a stack, as the requests' own 503s log it.
    if (isDatabaseUnavailable(error)) app.log.warn({ postId, database: describeDatabaseError(error) }, 'feed fan-out left to the job queue');
    else app.log.error({ err: error, postId }, 'feed fan-out left to the job queue');
  }
}

/**
 * Keeps the author pulled (no feed entries; read at read time) above FEED_PULL_ABOVE followers,
 * and back to entries at half of it, so an account near the line does not switch back and forth.
 * A switch is one set-based transaction per author (feed_set_pulled); it runs in the job, never
 * in a request.
 */
async function keepPulledState(app: FastifyInstance, authorId: string): Promise<void> {
  const above = app.config.feedPullAbove;
  const followers = await followersUpTo(app.db, authorId, above);
  const pulled = (await app.db.execute(sql`select 1 from feed_pulled_authors where author_id = ${authorId}`)).rows.length > 0;
  const switchTo = !pulled && followers > above ? true : pulled && followers <= above / 2 ? false : null;
  if (switchTo === null) return;
  await inLongTransaction(app, (tx) => tx.execute(sql`select feed_set_pulled(${authorId}, ${switchTo})`));
}

/** This instance's worker for the fan-out jobs: the author's pulled state, then the fan-out. */
export async function registerFanOut(app: FastifyInstance): Promise<void> {
  await app.jobs.work(FEED_FANOUT_QUEUE, async ({ postId }) => {
    const [post] = (await app.db.execute<{ author_id: string }>(sql`select author_id from posts where id = ${postId}`)).rows;
    if (!post) return;
    await keepPulledState(app, post.author_id);
    await fanOut(app, postId);
  });
}
