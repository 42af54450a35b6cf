// npm run bench:explain-meets   (needs DATABASE_URL=postgres://… of a server)
//
// The meets' list statements (modules/meets/read.ts, service.ts) on a scaled data set in a new,
// throw-away database: 20 000 people in 5 of 200 communities each, following 30 people each, 500
// past and 10 upcoming meets per community (102 000 meets, each community's by one organiser), 5
// answers per meet (510 000); the viewer also follows 5 of those organisers (a worst case: 510
// meets each). Prints the EXPLAIN (ANALYZE,
// BUFFERS) of the Events page, a community's list, a meet, its people, and the reminder job's
// statement (rolled back), as the services build them. The database is dropped afterwards.
import { randomBytes } from 'node:crypto';
import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../src/db/client.ts';
import { openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { attendeesJson, communityMeetsJson, meetJsonText, upcomingMeetsJson } from '../src/modules/meets/read.ts';
import { sendMeetReminders } from '../src/modules/meets/service.ts';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  process.exit(1);
}
const name = `pitlane_explain_meets_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const target = new URL(url);
target.pathname = `/${name}`;

/** A Db that records the statements a read builds (and answers what the caller expects of it). */
function recorder(): { db: Db; statements: Array<{ text: string; params: unknown[] }> } {
  const dialect = new PgDialect();
  const statements: Array<{ text: string; params: unknown[] }> = [];
  const db = {
    execute: async (query: SQL) => {
      const built = dialect.sqlToQuery(query);
      statements.push({ text: built.sql, params: built.params });
      return { rows: [{ json: '{}' }] };
    },
  } as unknown as Db;
  return { db, statements };
}

const database = await openPostgres(target.toString(), { onError: () => {} });
const client = new pg.Client({ connectionString: target.toString() });
try {
  await migrate(database);
  await client.connect();
  const started = performance.now();
  await client.query(`
    insert into users (username, email, full_name) select 'u' || i, 'u' || i || '@scale.test', 'User ' || i from generate_series(1, 20000) i;
    insert into communities (name, description, creator_id)
      select 'Club ' || i, 'A club.', (select id from users where username = 'u' || i) from generate_series(1, 200) i;
    create temporary table numbered_users as select id, row_number() over (order by username) as n from users;
    create temporary table numbered_communities as select id, row_number() over (order by name) as n from communities;
    insert into community_members (community_id, user_id)
      select distinct c.id, u.id from numbered_users u cross join generate_series(0, 4) k
      join numbered_communities c on c.n = 1 + ((u.n * 7 + k * 41) % 200);
    -- 500 past meets per community over two years, and 10 to come over the next month.
    insert into meets (community_id, creator_id, title, starts_at, ends_at, time_zone, address, status, created_at)
      select c.id, (select user_id from community_members m where m.community_id = c.id limit 1), 'Meet ' || c.n || '/' || k,
        now() + (k - 500) * interval '35 hours', now() + (k - 500) * interval '35 hours' + interval '3 hours', 'Europe/London', 'Somewhere',
        case when k % 17 = 0 then 'cancelled' else 'scheduled' end, now() - interval '800 days'
      from numbered_communities c cross join generate_series(1, 510) k;
    update meets set starts_at = now() + ((extract(epoch from starts_at - now()))::int % 2592000 + 3600) * interval '1 second',
      ends_at = now() + ((extract(epoch from starts_at - now()))::int % 2592000 + 3600 + 10800) * interval '1 second' where starts_at > now();
    -- Without the follows' triggers (feed fan-out: a lock per row, more than one transaction
    -- holds); the meets' reads do not use the feeds.
    set session_replication_role = replica;
    insert into follows (follower_id, followee_id)
      select distinct a.id, b.id from numbered_users a cross join generate_series(1, 30) k
      join numbered_users b on b.n = 1 + ((a.n * 13 + k * 97) % 20000) where a.id <> b.id;
    insert into follows (follower_id, followee_id)
      select (select id from users where username = 'u5000'), o.creator_id from (select distinct creator_id from meets order by creator_id limit 5) o
      on conflict do nothing;
    set session_replication_role = origin;
    insert into meet_rsvps (meet_id, user_id, rsvp)
      select mt.id, m.user_id, case when random() < 0.6 then 'going' else 'interested' end
      from meets mt cross join lateral (select user_id from community_members m where m.community_id = mt.community_id order by user_id limit 5) m;
    analyze;`);
  const counts = await client.query(`select (select count(*) from meets) as meets, (select count(*) from meets where ends_at > now()) as upcoming,
    (select count(*) from meet_rsvps) as rsvps, (select count(*) from community_members) as members, (select count(*) from follows) as follows`);
  console.log(`data set: ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const viewer = (await client.query<{ id: string }>(`select id from users where username = 'u5000'`)).rows[0]!.id;
  const community = (await client.query<{ id: string }>(`select community_id as id from community_members where user_id = $1 limit 1`, [viewer])).rows[0]!.id;
  const meet = (await client.query<{ id: string }>(`select id from meets where community_id = $1 and ends_at > now() order by starts_at limit 1`, [community])).rows[0]!.id;
  const now = new Date();
  const cases: Array<[string, (db: Db) => Promise<unknown>]> = [
    ['Events page, page 1', (db) => upcomingMeetsJson(db, viewer, now, 1)],
    ['Events page, page 3', (db) => upcomingMeetsJson(db, viewer, now, 3)],
    ["a community's meets", (db) => communityMeetsJson(db, community, viewer, now, 1)],
    ['one meet', (db) => meetJsonText(db, meet, viewer, now)],
    ['its people going', (db) => attendeesJson(db, meet, 'going', viewer, 1)],
    ['the reminder job (rolled back)', (db) => sendMeetReminders(db, now)],
  ];
  for (const [label, run] of cases) {
    const { db, statements } = recorder();
    await run(db);
    for (const statement of statements) {
      await client.query('begin');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.text}`, statement.params);
      await client.query('rollback');
      const lines = plan.rows.map((row) => row['QUERY PLAN']);
      console.log(`\n== ${label}: ${lines.at(-1)}\n${lines.join('\n')}`);
    }
  }
} finally {
  await client.end().catch(() => {});
  await database.close();
  await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
  await admin.end();
}
