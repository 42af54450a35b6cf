// npm run bench:explain -w @pitlane/server   (needs DATABASE_URL=postgres://… of a server)
//
// Fills a new, throw-away PostgreSQL database with ~100k posts (generate_series): 2 000 users,
// each following 50, 20 communities, 200k likes, 50k comments; ANALYZE; then prints the
// EXPLAIN ANALYZE of the exact statements the feed, trending, by-user, related, search and
// comments routes run (captured from the services), and whether each reads posts through an
// index or scans the table. The database is dropped afterwards.
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPostgres, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { byUserPage, feedPage, findPost, relatedPage, searchPosts, trendingPage, type PostReader } from '../src/modules/posts/service.ts';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  process.exit(1);
}

const name = `pitlane_explain_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const target = new URL(url);
target.pathname = `/${name}`;
const database = await openPostgres(target.toString());

try {
  await migrate(database);
  const db = database.db;
  const started = Date.now();
  console.log('Filling: 2 000 users, 100 000 posts, 100 000 follows, ~200 000 likes, 50 000 comments…');
  await db.execute(sql`insert into users (username, email, full_name)
    select 'driver' || i, 'driver' || i || '@pitlane.test', 'Driver Number ' || i from generate_series(1, 2000) i`);
  await db.execute(sql`create temporary table u as select id, row_number() over (order by username) as n from users`);
  await db.execute(sql`create index on u (n)`);
  await db.execute(sql`analyze u`);
  await db.execute(sql`insert into communities (name, description, creator_id)
    select 'Club ' || i, 'A club', (select id from u where n = i) from generate_series(1, 20) i`);
  await db.execute(sql`insert into community_members (community_id, user_id)
    select c.id, u.id from communities c join u on u.n % 20 = (substring(c.name from 6)::int % 20) and u.n % 3 = 0 on conflict do nothing`);
  await db.execute(sql`insert into community_members (community_id, user_id) select id, creator_id from communities on conflict do nothing`);
  await db.execute(sql`insert into follows (follower_id, followee_id)
    select a.id, b.id from u a cross join generate_series(1, 50) s join u b on b.n = ((a.n + s * 37) % 2000) + 1 where a.id <> b.id on conflict do nothing`);
  // 10% of posts in a community; titles from a small vocabulary so search and similarity have work to do.
  await db.execute(sql`insert into posts (author_id, community_id, title, content, trending_score, created_at)
    select (select id from u where n = (i % 2000) + 1),
      case when i % 10 = 0 then (select id from communities order by id offset (i % 20) limit 1) end,
      (array['AE86','911 SC','E30 M3','Miata','E-Type','Beetle','Supra','GT-R','Mustang','Golf GTI'])[(i % 10) + 1] || ' build log ' || i,
      'Day ' || i || ' in the garage: ' || (array['coilovers','paint','brakes','engine','wheels'])[(i % 5) + 1] || ' and coffee.',
      0, now() - make_interval(mins => i)
    from generate_series(1, 100000) i`);
  await db.execute(sql`insert into likes (post_id, user_id, created_at)
    select p.id, u.id, p.created_at + interval '5 minutes' from posts p join u on u.n % 500 = (hashtext(p.id::text) & 511) % 500 on conflict do nothing`);
  await db.execute(sql`insert into comments (post_id, author_id, text, created_at)
    select p.id, (select id from u where n = (p.k % 2000) + 1), 'Nice ' || p.k, p.created_at + interval '1 minute'
    from (select id, created_at, row_number() over () as k from posts limit 50000) p`);
  await db.execute(sql`update posts set trending_score = extract(epoch from created_at - '2026-01-01'::timestamptz)::float8 / 86400
    + log(2::numeric, (1 + (select count(*) from likes l where l.post_id = posts.id))::numeric)::float8`);
  await db.execute(sql`analyze`);
  const counts = (await db.execute<{ posts: string; likes: string; comments: string; follows: string }>(sql`select
    (select count(*) from posts) as posts, (select count(*) from likes) as likes, (select count(*) from comments) as comments, (select count(*) from follows) as follows`)).rows[0]!;
  console.log(`Filled in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts, '\n');

  /** A Db that records the statements a service runs (and answers nothing). */
  const recorder = () => {
    const statements: SQL[] = [];
    const fake = { execute: async (query: SQL) => (statements.push(query), { rows: [] }) } as unknown as Db;
    return { statements, reader: { db: fake, defaultCover: '/media/defaults/cover.webp' } satisfies PostReader };
  };
  const viewer = (await db.execute<{ id: string }>(sql`select id from u where n = 3`)).rows[0]!.id;
  const author = (await db.execute<{ id: string }>(sql`select id from u where n = 42`)).rows[0]!.id;
  const origin = (await findPost(db, (await db.execute<{ id: string }>(sql`select id from posts where community_id is not null limit 1`)).rows[0]!.id))!;

  const cases: Array<[string, (reader: PostReader) => Promise<unknown>]> = [
    ['feed, page 1', (r) => feedPage(r, viewer, 1)],
    ['feed, page 20', (r) => feedPage(r, viewer, 20)],
    ['trending, page 1', (r) => trendingPage(r, viewer, 1)],
    ['by-user, page 1', (r) => byUserPage(r, viewer, author, 1)],
    ['related, page 1', (r) => relatedPage(r, viewer, origin, 1)],
    ['search posts "supra build"', (r) => searchPosts(r, viewer, 'supra build')],
  ];
  const summary: string[] = [];
  for (const [label, run] of cases) {
    const { statements, reader } = recorder();
    await run(reader);
    for (const statement of statements) {
      const plan = (await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off, timing on, summary on) ${statement}`)).rows.map((r) => r['QUERY PLAN']);
      const text = plan.join('\n');
      const seqOnPosts = /Seq Scan on posts/.test(text);
      const indexes = [...new Set([...text.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1]))];
      const time = /Execution Time: ([\d.]+) ms/.exec(text)?.[1];
      console.log(`=== ${label}\n${text}\n`);
      summary.push(`${label.padEnd(28)} ${seqOnPosts ? 'SEQ SCAN on posts' : 'indexed'.padEnd(17)}  ${time?.padStart(8)} ms  ${indexes.join(', ')}`);
    }
  }
  for (const [label, query] of [
    ['search users "driver 42"', sql`select id from users where username::text ilike '%driver 42%' or full_name ilike '%driver 42%' limit 20`],
    ['comments of a post, page 1', sql`select * from comments where post_id = ${origin.id} order by created_at desc, id desc limit 10`],
  ] as const) {
    const plan = (await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off) ${query}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(`=== ${label}\n${plan}\n`);
    summary.push(`${label.padEnd(28)} ${/Seq Scan/.test(plan) ? 'SEQ SCAN' : 'indexed'.padEnd(17)}  ${/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]?.padStart(8)} ms`);
  }
  console.log('Summary (statement: how posts are read, execution time, indexes used)');
  for (const line of summary) console.log(`  ${line}`);
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
