// npm run bench:explain -w @pitlane/server   (needs DATABASE_URL=postgres://… of a server)
//        [-- --preset 100k|1m]
//
// Generates the scale data set of `npm run db:scale` (100k posts by default: 10 000 users
// following ~100 each, 40 communities, 500k likes, 100k comments, 1–3 pictures per post) in a
// new, throw-away database, then prints the EXPLAIN ANALYZE of the exact statements the feed
// (page 1, page 50, and page 60, which is past the kept entries and merged), trending, by-user,
// community page, related, post detail, search and comments routes run, captured from the
// services. Statements the server prepares are explained as it runs them after five calls: with
// their generic plan (PREPARE, plan_cache_mode = force_generic_plan, EXPLAIN EXECUTE). The
// summary says, for each, whether posts are read through an index or scanned whole. The database
// and the pictures are removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPostgres, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { Media } from '../src/modules/media/media.ts';
import { FileSystemMediaStore } from '../src/modules/media/store.ts';
import * as service from '../src/modules/posts/service.ts';
import * as tags from '../src/modules/tags/service.ts';
import { generateScaleData, loadingPool } from './scale/generate.ts';
import { communitiesFor, PRESETS } from './scale/tables.ts';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  process.exit(1);
}
const { values: args } = parseArgs({ options: { preset: { type: 'string', default: '100k' } } });
const preset = PRESETS[args.preset];
if (!preset) {
  console.error(`Unknown preset ${args.preset}: use ${Object.keys(PRESETS).join(' or ')}.`);
  process.exit(1);
}

const name = `pitlane_explain_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const target = new URL(url);
target.pathname = `/${name}`;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-explain-media-'));
// The pool's sockets may still be closing when DROP DATABASE … WITH (FORCE) ends their backends:
// that notice is expected at the end, not an error worth printing.
const database = await openPostgres(target.toString(), { onError: () => {} });
const pool = loadingPool(target.toString());

interface Captured {
  text: string;
  params: unknown[];
  prepared: boolean;
}

/** A Db that records the statements a service runs (and answers an empty page). */
function recorder() {
  const dialect = new PgDialect();
  const statements: Captured[] = [];
  const empty = { rows: [{ json: '{"posts":[],"totalPages":0}' }] };
  const fake = {
    execute: async (query: SQL) => {
      const built = dialect.sqlToQuery(query);
      statements.push({ text: built.sql, params: built.params, prepared: false });
      return empty;
    },
    _: {
      session: {
        prepareQuery: (query: { sql: string; params: unknown[] }) => ({
          execute: async (values: Record<string, unknown> = {}) => (statements.push({ text: query.sql, params: fillPlaceholders(query.params, values), prepared: true }), empty),
        }),
      },
    },
  } as unknown as Db;
  return { statements, reader: { db: fake, defaultCover: '/media/defaults/cover.webp' } };
}

const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);

/** The plan the server runs: generic for prepared statements, custom otherwise. */
async function explain(client: pg.PoolClient, statement: Captured): Promise<string> {
  const options = 'analyze, buffers, costs off, timing on, summary on';
  if (!statement.prepared) {
    return (await client.query<{ 'QUERY PLAN': string }>(`explain (${options}) ${statement.text}`, statement.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  await client.query(`prepare explained as ${statement.text}`);
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    const args = statement.params.length > 0 ? `(${statement.params.map(literal).join(', ')})` : '';
    return (await client.query<{ 'QUERY PLAN': string }>(`explain (${options}) execute explained${args}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('deallocate explained');
    await client.query('reset plan_cache_mode');
  }
}

try {
  await migrate(database);
  const started = Date.now();
  console.log(`Filling ${name} with the ${args.preset} scale data set…`);
  await generateScaleData(pool, { ...preset, communities: communitiesFor(preset.users) }, new Media(new FileSystemMediaStore(mediaDir)));
  console.log(`Filled in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  const db = database.db;
  // Tags (issue 21): the scale set's texts carry none, so each post gets one of 64 tags (~1 500
  // posts each at 100k) and every tenth a second one, written as a post's create writes them
  // (the kept tag_counts by their trigger).
  await db.execute(sql`insert into post_tags (tag, post_id, author_id, community_id, created_at)
    select 'tag' || (abs(hashtext(p.id::text)) % 64), p.id, p.author_id, p.community_id, p.created_at from posts p`);
  await db.execute(sql`insert into post_tags (tag, post_id, author_id, community_id, created_at)
    select 'drift', p.id, p.author_id, p.community_id, p.created_at from posts p where abs(hashtext(p.id::text || 'd')) % 10 = 0`);
  // As autovacuum leaves them: the counts' rows were updated once per tagged post.
  await db.execute(sql`vacuum analyze post_tags`);
  await db.execute(sql`vacuum analyze tag_counts`);
  const { rows: newest } = await db.execute<{ at: string }>(sql`select max(created_at)::text as at from posts`);
  const clock = new Date(newest[0]!.at);

  // The viewer: the median number of follows, in a community (as bench:api signs in).
  const { rows: people } = await db.execute<{ id: string }>(sql`
    with counts as (select follower_id as id, count(*) as n from follows group by follower_id),
    typical as (select percentile_disc(0.5) within group (order by n) as n from counts)
    select c.id from counts c, typical t where exists (select 1 from community_members m where m.user_id = c.id)
    order by abs(c.n - t.n), c.id limit 1`);
  const viewer = people[0]!.id;
  const { rows: subjects } = await db.execute<{ post: string; community: string }>(sql`
    select p.id as post, p.community_id as community from posts p join community_members m on m.community_id = p.community_id and m.user_id = ${viewer}
    order by p.created_at desc limit 1`);
  const origin = (await service.findPost(db, subjects[0]!.post))!;
  // A post on a profile, whose author's other posts fill less than page 3 of related: the rest
  // of that page comes from the trigram tier.
  const { rows: profilePosts } = await db.execute<{ post: string }>(sql`select p.id as post from posts p where p.community_id is null order by p.created_at desc limit 1`);
  const profileOrigin = (await service.findPost(db, profilePosts[0]!.post))!;

  const cases: Array<[string, (reader: service.PostReader) => Promise<unknown>]> = [
    ['feed, page 1', (r) => service.feedPage(r, viewer, 1)],
    ['feed, page 50', (r) => service.feedPage(r, viewer, 50)],
    ['feed, page 60 (merged)', (r) => service.feedPage(r, viewer, 60)],
    ['trending, page 1', (r) => service.trendingPage(r, viewer, 1)],
    ['by-user, page 1', (r) => service.byUserPage(r, viewer, origin.authorId, 1)],
    ['community page 1', (r) => service.communityPostsPage(r, viewer, subjects[0]!.community, 1)],
    ['related, page 1', (r) => service.relatedPage(r, viewer, origin, 1)],
    ['related, page 3 (similar)', (r) => service.relatedPage(r, viewer, profileOrigin, 3)],
    ['saved, page 1', (r) => service.savedPage(r, viewer, 1)],
    ['post detail', (r) => service.postCard(r, origin.id, viewer)],
    ['search posts "supra"', (r) => service.searchPosts(r, viewer, 'supra')],
    ['tag page 1 (#tag7)', (r) => service.postPage(r, tags.tagPostsQuery(viewer, 'tag7', 1))],
    ['tag page 20 (#tag7)', (r) => service.postPage(r, tags.tagPostsQuery(viewer, 'tag7', 20))],
    ['trending tags', (r) => tags.trendingTags(r.db, viewer, clock)],
    ['tag type-ahead "ta"', (r) => tags.tagsStartingWith(r.db, 'ta')],
    ['mention type-ahead "dri"', (r) => tags.mentionSuggestions(r.db, viewer, 'dri')],
  ];
  const summary: string[] = [];
  if (database.driver.kind !== 'postgres') throw new Error('unreachable: openPostgres');
  const client = await database.driver.pool.connect();
  const note = (label: string, plan: string, prepared: boolean) => {
    // Only what ran: the feed's merge branch, for one, is planned but never executed on page 1.
    const ran = plan.split('\n').filter((line) => !line.includes('never executed')).join('\n');
    const seqOnPosts = /Seq Scan on posts\b/.test(ran);
    const indexes = [...new Set([...ran.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1]))];
    const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
    console.log(`=== ${label}${prepared ? ' (generic plan, as prepared)' : ''}\n${plan}\n`);
    summary.push(`${label.padEnd(26)} ${(seqOnPosts ? 'SEQ SCAN on posts' : 'indexed').padEnd(18)} ${time.padStart(8)} ms  ${indexes.join(', ')}`);
  };
  try {
    for (const [label, run] of cases) {
      const { statements, reader } = recorder();
      await run(reader);
      for (const statement of statements) note(label, await explain(client, statement), statement.prepared);
    }
    for (const [label, query] of [
      ['search users "driver 42"', sql`select id from users where username::text ilike '%driver42%' or full_name ilike '%driver42%' limit 20`],
      ['comments of a post, page 1', sql`select * from comments where post_id = ${origin.id} order by created_at desc, id desc limit 10`],
    ] as const) {
      const built = new PgDialect().sqlToQuery(query);
      note(label, await explain(client, { text: built.sql, params: built.params, prepared: false }), false);
    }
  } finally {
    client.release();
  }
  console.log('Summary (statement: how posts are read, execution time, indexes used)');
  for (const line of summary) console.log(`  ${line}`);
} finally {
  await pool.end();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  fs.rmSync(mediaDir, { recursive: true, force: true });
}
