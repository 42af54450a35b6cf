// A new post's way into its readers' feeds (issue 16; README "Feed fan-out"). The posting
// transaction only counts the post and marks it pending (sql/feeds.sql, `feed_fanouts`), and sends
// a `feed-fanout` job in the same transaction, so a committed post always has its job. After the
// commit the request itself adds it to the feeds when its author has at most FEED_QUEUE_ABOVE
// followers (a few milliseconds, and the followers read it at once); above that the request
// answers and the job does it. `feed_fanout(id)` is idempotent, so the job of a post the request
// already fanned out finds nothing to do, and a retried job never adds a post twice.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
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

/** Whether the author has more followers than `above` (reads at most above + 1 rows). */
async function manyFollowers(db: Db, authorId: string, above: number): Promise<boolean> {
  const result = await db.execute<{ many: boolean }>(sql`select count(*) > ${above} as many
    from (select 1 from follows where followee_id = ${authorId} limit ${above + 1}) f`);
  return result.rows[0]!.many;
}

/**
 * How long one fan-out may take: a post of an account with ~100k followers writes ~100k entries
 * (~10 s when the index is cold), past the 10 s a request's statement may run.
 */
const FANOUT_STATEMENT_TIMEOUT = '60s';

/** Adds a pending post to its readers' feeds and tells their live streams; false if it was done already. */
async function fanOut(app: FastifyInstance, postId: string): Promise<boolean> {
  const row = await inTransaction(app.db, async (tx) => {
    await tx.execute(sql`select set_config('statement_timeout', ${FANOUT_STATEMENT_TIMEOUT}, true)`);
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
    if (await manyFollowers(app.db, authorId, app.config.feedQueueAbove)) return;
    await fanOut(app, postId);
  } catch (error) {
    app.log.warn({ err: error, postId }, 'feed fan-out left to the job queue');
  }
}

/** This instance's worker for the fan-out jobs. */
export async function registerFanOut(app: FastifyInstance): Promise<void> {
  await app.jobs.work(FEED_FANOUT_QUEUE, async ({ postId }) => {
    await fanOut(app, postId);
  });
}
