// The tags of the posts written before tags existed (issue 21): migration 0020 lists them in
// post_tags_backfill, and this reads their tags with the contract's parser, the one reading of a
// text there is (a regular expression in SQL could disagree with it on what a tag is). Run after
// the migrations at start-up (db/migrate.ts); with nothing listed it is one empty read.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { keepPostTags, postText } from './service.ts';

const BATCH = 500;

/**
 * Reads the tags of the listed posts, a batch per transaction, taking each batch off the list in
 * the same transaction (so several servers starting together share the work: SKIP LOCKED); a post
 * deleted meanwhile just leaves the list. Returns how many posts it read.
 */
export async function backfillPostTags(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await inTransaction(db, async (tx) => {
      const taken = await tx.execute<{ post_id: string }>(sql`
        delete from post_tags_backfill where post_id in (
          select post_id from post_tags_backfill order by post_id limit ${BATCH} for update skip locked)
        returning post_id`);
      const ids = taken.rows.map((row) => row.post_id);
      if (ids.length === 0) return 0;
      const found = await tx.execute<{ id: string; title: string; content: string }>(
        sql`select id, title, content from posts where id = any(${sql.param(ids)}::text[]::uuid[]) order by id`,
      );
      for (const post of found.rows) await keepPostTags(tx, post.id, postText(post));
      return ids.length;
    });
    if (batch === 0) return done;
    done += batch;
  }
}
