// The kept state's functions and triggers (sql/, README "Kept state") as migrations apply them:
// a database that ran 0005 as it was, with data in it, upgrades to the same functions, triggers
// and views a fresh database gets, its kept tables unchanged and still kept right afterwards;
// and the SQL files apply again over themselves without changing anything.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { migrate, readMigrations } from '../../db/migrate.ts';
import { communityMembers, follows, likes, posts } from '../../db/schema.ts';
import { backends, useDatabase } from '../../../test/harness.ts';
import { emptyDatabase, migrationsUpTo } from '../../../test/migrations.ts';
import { keptStateProblems } from './kept-check.ts';

const sqlFolder = fileURLToPath(new URL('sql', import.meta.url));

/** The last migration before the functions moved to sql/ (applied as it was by existing databases). */
const BEFORE_SQL_FILES = '0005_kept_counts_and_feeds_triggers';

/** The definitions of the schema's own functions, triggers and views (not the extensions'). */
async function definitions(db: Db): Promise<string[]> {
  const result = await db.execute<{ definition: string }>(sql`
    select pg_get_functiondef(p.oid) as definition from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select pg_get_triggerdef(t.oid) from pg_trigger t
    where not t.tgisinternal and t.tgrelid in (select c.oid from pg_class c where c.relnamespace = 'public'::regnamespace)
    union all
    select 'view ' || c.relname || ': ' || pg_get_viewdef(c.oid) from pg_class c
    where c.relkind = 'v' and c.relnamespace = 'public'::regnamespace
    order by 1`);
  return result.rows.map((row) => row.definition);
}

/** Every kept table's rows, in a stable order. */
async function keptTables(db: Db): Promise<unknown[]> {
  const tables = [
    sql`select * from profile_post_counts order by 1`,
    sql`select * from community_post_counts order by 1, 2`,
    sql`select * from profile_post_totals order by 1`,
    sql`select id, post_count from communities order by 1`,
    sql`select * from feeds order by 1`,
    sql`select * from feed_entries order by 1, 2, 3`,
    sql`select * from post_cards order by 1`,
  ];
  return Promise.all(tables.map(async (query) => (await db.execute(query)).rows));
}

/**
 * The kept tables as they are after 0009, which writes every card again: each image of a card's
 * head then carries its description (`alt`), empty for the images of an older database.
 */
function withImageDescriptions(tables: unknown[]): unknown[] {
  return tables.map((rows) =>
    (rows as Array<Record<string, unknown>>).map((row) =>
      typeof row.head === 'string' && 'post_id' in row ? { ...row, head: row.head.replace(/("height" : \d+)\}/g, '$1, "alt" : ""}') } : row,
    ),
  );
}

/**
 * A few people, follows, a community, posts with images and likes: every kept table gets rows.
 * Users, communities, posts and images are written in plain SQL: drizzle names every column of
 * today's schema, and an older database lacks the later ones (0008's, 0009's, 0010's and 0013's).
 */
async function someActivity(db: Db): Promise<{ people: string[]; club: string }> {
  const names = ['ada', 'ben', 'cy', 'dee'];
  const inserted = await db.execute<{ id: string }>(sql`
    insert into users (username, email, full_name)
    values ${sql.join(names.map((name) => sql`(${name}, ${`${name}@pitlane.test`}, ${`${name} Driver`})`), sql`, `)}
    returning id`);
  const people = inserted.rows.map((row) => row.id);
  const [ada, ben, cy, dee] = people as [string, string, string, string];
  const [club] = (await db.execute<{ id: string }>(sql`insert into communities (name, description, creator_id) values ('Club', 'Club', ${ada}) returning id`)).rows;
  await db.insert(communityMembers).values([ada, ben].map((userId) => ({ communityId: club!.id, userId })));
  await db.insert(follows).values([
    { followerId: ben, followeeId: ada },
    { followerId: cy, followeeId: ada },
    { followerId: ada, followeeId: dee },
  ]);
  const written = (
    await db.execute<{ id: string }>(sql`
      insert into posts (author_id, title, content, community_id, trending_score)
      values (${ada}, 'Open', 'Open road', null, 0), (${ada}, 'Members', 'Members only', ${club!.id}, 0), (${dee}, 'Dee', 'Hello', null, 0)
      returning id`)
  ).rows;
  await db.execute(sql`
    insert into post_images (post_id, position, url, width, height)
    values ${sql.join(written.map((p, position) => sql`(${p.id}, ${position}, ${`/media/posts/${position}.webp`}, 800, 600)`), sql`, `)}`);
  await db.insert(likes).values([ben, cy].map((userId) => ({ postId: written[0]!.id, userId })));
  return { people, club: club!.id };
}

describe.each(backends)('the kept state functions on $name', (backend) => {
  const t = useDatabase(backend);

  it('upgrades a database that ran 0005 as it was to what a fresh one has, keeping its kept tables', async () => {
    const older = migrationsUpTo(BEFORE_SQL_FILES);
    const old = await emptyDatabase(backend);
    try {
      await migrate(old.database, older.folder);
      const { people, club } = await someActivity(old.database.db);
      const kept = await keptTables(old.database.db);

      await migrate(old.database);

      expect(await definitions(old.database.db)).toEqual(await definitions(t.db));
      const triggers = await old.database.db.execute<{ fn: string }>(
        sql`select distinct tgfoid::regproc::text as fn from pg_trigger where tgrelid in ('posts'::regclass, 'follows'::regclass, 'likes'::regclass) and not tgisinternal order by 1`,
      );
      expect(triggers.rows.map((row) => row.fn)).toEqual([
        'feed_source_after_insert',
        'feed_source_before_delete',
        // The garage's counts of posts per model (modules/garage/sql/counts.sql).
        'model_post_counts_after_post',
        'post_cards_after_part_change',
        'post_cards_after_post_change',
        'posts_kept',
      ]);
      const merged = await old.database.db.execute(sql`select 1 from pg_proc where proname in ('feed_lock_author', 'feed_hold', 'posts_kept_after_insert', 'post_card_head', 'post_card_text')`);
      expect(merged.rows).toEqual([]);
      expect(await keptTables(old.database.db)).toEqual(withImageDescriptions(kept));
      expect(await keptStateProblems(old.database.db)).toEqual([]);

      // The new functions keep it right: a post, a like, an unfollow, a leave, an account gone.
      const [ada, ben, cy, dee] = people as [string, string, string, string];
      const [post] = await old.database.db.insert(posts).values({ authorId: dee, title: 'New', content: 'New', trendingScore: 0 }).returning({ id: posts.id });
      await old.database.db.insert(likes).values({ postId: post!.id, userId: ada });
      await old.database.db.execute(sql`delete from follows where follower_id = ${cy} and followee_id = ${ada}`);
      await old.database.db.execute(sql`delete from community_members where community_id = ${club} and user_id = ${ben}`);
      await old.database.db.execute(sql`update users set full_name = 'Dee Racer' where id = ${dee}`);
      expect(await keptStateProblems(old.database.db)).toEqual([]);
      await old.database.db.execute(sql`delete from users where id = ${ada}`);
      expect(await keptStateProblems(old.database.db)).toEqual([]);
    } finally {
      await old.dispose();
      older.remove();
    }
  });

  it('applies the SQL files again over themselves without changing anything', async () => {
    await someActivity(t.db);
    const before = { definitions: await definitions(t.db), kept: await keptTables(t.db) };
    for (const file of fs.readdirSync(sqlFolder).filter((name) => name.endsWith('.sql'))) {
      for (const statement of fs.readFileSync(path.join(sqlFolder, file), 'utf8').split('--> statement-breakpoint')) {
        await t.db.execute(sql.raw(statement));
      }
    }
    expect(await definitions(t.db)).toEqual(before.definitions);
    expect(await keptTables(t.db)).toEqual(before.kept);
    expect(await keptStateProblems(t.db)).toEqual([]);
  });
});

describe('migrations that include SQL files', () => {
  it('run the files in place of their `--> include` lines', () => {
    const statements = readMigrations().flatMap((migration) => migration.sql);
    expect(statements.some((statement) => /^--> include/m.test(statement))).toBe(false);
    expect(statements.some((statement) => statement.includes('CREATE OR REPLACE FUNCTION posts_kept()'))).toBe(true);
  });
});
