// Generating a scale data set into a migrated, empty PostgreSQL database (scripts/scale-data.ts,
// scripts/explain-lists.ts). Rows are loaded with triggers and foreign-key checks off
// (session_replication_role = replica: needs a superuser, as the local `postgres` is), the big
// tables' indexes dropped and rebuilt afterwards, and the kept counts and home feeds recomputed in
// one pass (rebuild_post_counts / rebuild_feeds of modules/posts/sql) instead of row by row.
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import type { Media } from '../../src/modules/media/media.ts';
import { dropIndexes, restoreIndexes, timed, type SavedIndex } from './bulk.ts';
import { storePictures } from './pictures.ts';
import * as tables from './tables.ts';

const BIG_TABLES = ['follows', 'posts', 'post_images', 'likes', 'saved_posts', 'comments', 'notifications', 'feed_entries'];

/** Connections for loading: no triggers or foreign-key checks, no waiting for the WAL flush. */
export function loadingPool(url: string): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: 3,
    options: '-c session_replication_role=replica -c synchronous_commit=off -c work_mem=64MB -c maintenance_work_mem=512MB',
  });
}

/** Fills the database of `pool` (migrated, no users yet); prints rows and seconds per table. */
export async function generateScaleData(pool: pg.Pool, size: tables.Sizes, media: Media): Promise<void> {
  await pool.query('select 1').catch((error: Error) => {
    throw new Error(`Could not open a loading connection (${error.message}). The loader turns triggers off with session_replication_role, which needs a superuser.`);
  });
  let saved: SavedIndex[] = [];
  try {
    const passwordHash = await hash(tables.PASSWORD);
    const pictures = await storePictures(media);
    const run = (sql: string) => () => pool.query(sql);

    console.log('\n  table                                      rows     time');
    await timed(pool, 'users', 'users', run(tables.usersSql(size, passwordHash)));
    await timed(pool, 'communities', 'communities', run(tables.communitiesSql(size)));
    await timed(pool, 'community_members', 'community_members', run(tables.membersSql(size)));
    await timed(pool, 'cars', 'cars', run(tables.carsSql(size)));
    await timed(pool, 'car_log_entries', 'car_log_entries', run(tables.carLogSql(size)));

    saved = await dropIndexes(pool, BIG_TABLES);
    await Promise.all([timed(pool, 'follows', 'follows', run(tables.followsSql(size))), timed(pool, 'posts', 'posts', run(tables.postsSql(size)))]);
    await Promise.all([
      timed(pool, 'likes', 'likes', run(tables.likesSql(size))),
      (async () => {
        await timed(pool, 'comments', 'comments', run(tables.commentsSql(size)));
        await timed(pool, 'post_images', 'post_images', run(tables.postImagesSql(pictures)));
      })(),
    ]);
    await timed(pool, 'saved_posts', 'saved_posts', run(tables.savesSql()));
    await timed(pool, 'mutes', 'mutes', run(tables.mutesSql(size)));
    await timed(pool, 'blocks', 'blocks', run(tables.blocksSql(size)));
    await timed(pool, 'follows of block pairs', null, run(tables.blockedFollowsSql()));
    await timed(pool, 'notifications', 'notifications', run(tables.notificationsSql()));
    await timed(pool, 'posts.trending_score', null, run(tables.trendingSql()));
    // feed_entries' key is built after the feeds are: one sort instead of millions of inserts.
    const entriesKey = saved.filter((index) => index.table === 'feed_entries');
    await timed(pool, `indexes (${saved.length - entriesKey.length})`, null, () =>
      restoreIndexes(pool, saved.filter((index) => index.table !== 'feed_entries')),
    );
    saved = entriesKey;
    // Statistics before the rebuilds below, or their plans are guesses over millions of rows.
    await timed(pool, 'analyze', null, run('analyze'));
    await timed(pool, 'kept post counts', 'community_post_counts', run('select rebuild_post_counts()'));
    await timed(pool, 'post cards', 'post_cards', run('select rebuild_post_cards()'));
    await timed(pool, 'model post counts', 'model_post_counts', run('select rebuild_model_post_counts()'));
    await timed(pool, 'home feeds', 'feed_entries', () => Promise.all([0, 1].map((part) => pool.query(`select rebuild_feeds(${part}, 2)`))));
    await timed(pool, 'feed_entries primary key', null, () => restoreIndexes(pool, entriesKey));
    saved = [];
    await timed(pool, 'vacuum, analyze', null, run('vacuum (analyze)'));
  } catch (error) {
    // Leave the schema as the migrations made it, even half filled.
    await restoreIndexes(pool, saved).catch((e: Error) => console.error(`Could not rebuild the dropped indexes: ${e.message}`));
    throw error;
  }
}
