// npm run bench:fanout                    (DATABASE_URL=postgres://… of a scale data set, BENCHMARKS.md)
//        [--posts 20] [--password …]
//
// Posting by people with many followers (issue 16, item 2). Starts the server in-process
// (buildApp, production settings, logs off, rate limits off for loopback) on the database of
// DATABASE_URL and creates posts over HTTP, each with one small JPEG, one after another:
//   1. by the person with the most followers (37k in the 1m preset): the request's latency, and
//      how long until every follower's feed has the post (its pending row gone: the fan-out
//      job's transaction committed), counted from the request's start;
//   2. by a person with a median number of followers (the request fans out itself after its commit);
//   3. both at once: the median person posting while the big account's fan-outs run.
// Prints p50/p95/p99/max of each. The posts are deleted afterwards, so the data set is left as
// it was (bench:api reads it). Nothing fails on a figure.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { openPostgres, safeUrl, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { benchConfig, signIn } from './bench/server.ts';
import { PASSWORD } from './scale/tables.ts';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '20' },
    password: { type: 'string', default: PASSWORD },
  },
});
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database with scale data (npm run db:scale; BENCHMARKS.md).');
  process.exit(1);
}
const count = Number(args.posts);

interface Poster {
  email: string;
  followers: number;
}

async function posters(db: Db): Promise<{ big: Poster; median: Poster }> {
  const { rows } = await db.execute<{ email: string; n: string; kind: string }>(sql`
    with counts as (select followee_id as id, count(*) as n from follows group by followee_id),
    typical as (select percentile_disc(0.5) within group (order by n) as n from counts)
    (select u.email::text as email, c.n, 'big' as kind from users u join counts c on c.id = u.id
      where u.password_hash is not null order by c.n desc, u.username limit 1)
    union all
    (select u.email::text, c.n, 'median' from users u join counts c on c.id = u.id, typical t
      where u.password_hash is not null order by abs(c.n - t.n), u.username limit 1)`);
  const of = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) throw new Error('No people with followers: generate data first (npm run db:scale).');
    return { email: row.email, followers: Number(row.n) };
  };
  return { big: of('big'), median: of('median') };
}

const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8102e' } }).jpeg().toBuffer();

interface Posted {
  id: string;
  requestMs: number;
  /** From the request's start until no feed lacks it (the pending row is gone). */
  inFeedsMs: number;
}

async function post(base: string, cookie: string, db: Db, title: string): Promise<Posted> {
  const form = new FormData();
  form.set('title', title);
  form.set('content', 'Benchmark post: fan-out after the commit.');
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const response = await fetch(`${base}/api/posts/create`, { method: 'POST', headers: { cookie, origin: base }, body: form });
  const requestMs = performance.now() - started;
  if (response.status !== 201) throw new Error(`Posting answered ${response.status}: ${await response.text()}`);
  const { _id: id } = (await response.json()) as { _id: string };
  for (;;) {
    const { rows } = await db.execute(sql`select 1 from feed_fanouts where post_id = ${id}`);
    if (rows.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { id, requestMs, inFeedsMs: performance.now() - started };
}

function summary(label: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  return `  ${label.padEnd(44)} p50 ${ms(at(0.5)).padStart(8)}  p95 ${ms(at(0.95)).padStart(8)}  p99 ${ms(at(0.99)).padStart(8)}  max ${ms(sorted.at(-1)!).padStart(8)}`;
}

function print(title: string, results: Posted[]): void {
  console.log(title);
  console.log(summary('request (create post, one photo)', results.map((r) => r.requestMs)));
  console.log(summary('in every follower\'s feed (from the request)', results.map((r) => r.inFeedsMs)));
}

const database = await openPostgres(url);
await migrate(database);
// FEED_PULL_ABOVE=1000000 measures the fan-out of entries to every follower; by default the
// biggest account is pulled by its first post's job (and stays so: the data set keeps it).
const config = benchConfig(url, {
  ...(process.env.FEED_PULL_ABOVE ? { FEED_PULL_ABOVE: process.env.FEED_PULL_ABOVE } : {}),
  ...(process.env.FEED_QUEUE_ABOVE ? { FEED_QUEUE_ABOVE: process.env.FEED_QUEUE_ABOVE } : {}),
});
const app = await buildApp(config, { database });
const made: Array<{ id: string; cookie: string }> = [];
const base = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const { big, median } = await posters(database.db);
  const [bigCookie, medianCookie] = [await signIn(base, big.email, args.password), await signIn(base, median.email, args.password)];
  console.log(`\n${safeUrl(url)}: ${count} posts each; FEED_QUEUE_ABOVE ${config.feedQueueAbove}, FEED_PULL_ABOVE ${config.feedPullAbove}`);

  const run = async (cookie: string, label: string): Promise<Posted[]> => {
    const results: Posted[] = [];
    for (let i = 0; i < count; i++) {
      const posted = await post(base, cookie, database.db, `${label} ${i + 1}`);
      made.push({ id: posted.id, cookie });
      results.push(posted);
    }
    return results;
  };

  print(`\n1. ${big.email}, ${big.followers.toLocaleString('en')} followers (through the queue)`, await run(bigCookie, 'Big account'));
  print(`\n2. ${median.email}, ${median.followers} followers (in the request)`, await run(medianCookie, 'Median account'));
  const [bigAgain, medianMeanwhile] = await Promise.all([run(bigCookie, 'Big account again'), run(medianCookie, 'Median meanwhile')]);
  print('\n3a. both at once: the big account', bigAgain);
  print('3b. both at once: the median account', medianMeanwhile);
} finally {
  for (const { id, cookie } of made) {
    await fetch(`${base}/api/posts/${id}`, { method: 'DELETE', headers: { cookie, origin: base } }).catch(() => {});
  }
  await app.close();
  await database.close();
}
