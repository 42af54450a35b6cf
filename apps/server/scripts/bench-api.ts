// npm run bench:api                       (DATABASE_URL=postgres://… of a scale data set, see below)
// npm run bench:api -- --compare postgres://postgres@127.0.0.1:5432/pitlane_100k
//        [--seconds 10] [--warmup 3] [--connections 50] [--tool wrk|autocannon] [--search supra] [--only feed,hello] [--json out.json]
//
// Starts the server (buildApp, production settings, logs off, rate limits off for loopback) on
// the database of DATABASE_URL, signs in as a generated user with a typical number of follows
// (the median) who belongs to a community, and measures each route with wrk (or autocannon) in a
// child process: once with a single caller (latency) and once with 50 connections (throughput).
// Routes: feed page 1 and 50, the straightforward fan-out-on-read feed of issue 10 as a baseline
// (a bench-only route, same cards and serializer), trending, related, search, a community page,
// post detail, comments, the garage's car page (car and build log) and model page (cars and
// tagged posts of the most common model), and a hello-world route of the same server as the framework ceiling;
// each as a share of hello-world. Issue 10's targets are marked met or missed; nothing fails on
// a figure. With --compare, the same run on a second data set, then how latency grows.
//
// Data: createdb -h 127.0.0.1 -U postgres pitlane_1m && DATABASE_URL=…/pitlane_1m npm run db:scale -- --preset 1m
// (BENCHMARKS.md, "API"). The sign-in uses the scale data's password unless --email/--password.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openPostgres, safeUrl, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { cpuPerRequest, sampleCpu } from './bench/cpu.ts';
import { measure, wrkAvailable, type Tool } from './bench/load.ts';
import { printGrowth, printRun, printTargets, targets, type RouteFigures, type RunFigures } from './bench/report.ts';
import { benchRoutes } from './bench/routes.ts';
import { benchConfig, signIn } from './bench/server.ts';
import { PASSWORD } from './scale/tables.ts';

const { values: args } = parseArgs({
  options: {
    compare: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    tool: { type: 'string' },
    search: { type: 'string', default: 'supra' },
    email: { type: 'string' },
    password: { type: 'string', default: PASSWORD },
    json: { type: 'string' },
    /** Only these routes (comma-separated keys: hello,feed,feed50,baseline,baseline50,trending,related,search,community,post,comments,car,carLog,model,modelPosts). */
    only: { type: 'string' },
  },
});

const mainUrl = process.env.DATABASE_URL;
if (!mainUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database with scale data (npm run db:scale; BENCHMARKS.md). The embedded PGlite is not benchmarked.');
  process.exit(1);
}
const tool: Tool = args.tool === 'autocannon' || args.tool === 'wrk' ? args.tool : wrkAvailable() ? 'wrk' : 'autocannon';
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const connections = Number(args.connections);

/** A person with the median number of follows who belongs to a community. */
async function typicalPerson(db: Db): Promise<{ email: string; follows: number }> {
  const { rows } = await db.execute<{ email: string; n: string }>(sql`
    with counts as (select follower_id as id, count(*) as n from follows group by follower_id),
    typical as (select percentile_disc(0.5) within group (order by n) as n from counts)
    select u.email::text as email, c.n from users u join counts c on c.id = u.id, typical t
    where u.password_hash is not null and exists (select 1 from community_members m where m.user_id = u.id)
    order by abs(c.n - t.n), u.username limit 1`);
  if (!rows[0]) throw new Error('No user with follows and a community: generate data first (npm run db:scale).');
  return { email: args.email ?? rows[0].email, follows: Number(rows[0].n) };
}

/** The person's community, and a recent post there with comments (related, detail, comments). */
async function subjects(db: Db, email: string): Promise<{ community: string; post: string }> {
  const { rows } = await db.execute<{ community: string; post: string }>(sql`
    select m.community_id as community, (
      select p.id from posts p where p.community_id = m.community_id
        and (select count(*) from comments c where c.post_id = p.id) >= 2
      order by p.created_at desc limit 1) as post
    from users u join community_members m on m.user_id = u.id where u.email = ${email}
    order by m.created_at, m.community_id limit 1`);
  if (!rows[0]?.post) throw new Error(`No commented post in a community of ${email}.`);
  return rows[0];
}

/**
 * The garage (issue 17): the most common model (its page lists the most cars and tagged posts)
 * and, of its cars, the one with the most tagged posts (the fullest build log).
 */
async function garageSubjects(db: Db): Promise<{ car: string; make: string; model: string } | null> {
  const { rows } = await db.execute<{ car: string; make: string; model: string }>(sql`
    with popular as (select lower(make_name) as make, lower(model_name) as model from cars group by 1, 2 order by count(*) desc limit 1)
    select c.id as car, c.make_name as make, c.model_name as model from cars c join popular m on lower(c.make_name) = m.make and lower(c.model_name) = m.model
    order by (select count(*) from posts p where p.car_id = c.id) desc, c.id limit 1`);
  return rows[0] ?? null;
}

async function benchDatabase(url: string): Promise<RunFigures> {
  const database = await openPostgres(url);
  await migrate(database);
  const config = benchConfig(url);
  const app = await buildApp(config, { database, extraApiRoutes: benchRoutes });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const { rows: sizes } = await database.db.execute<{ posts: string; users: string }>(sql`select (select count(*) from posts) as posts, (select count(*) from users) as users`);
    const posts = Number(sizes[0]!.posts);
    const dataSet = `${posts.toLocaleString('en')} posts, ${Number(sizes[0]!.users).toLocaleString('en')} users (${safeUrl(url)})`;
    const person = await typicalPerson(database.db);
    const { community, post } = await subjects(database.db, person.email);
    const garage = await garageSubjects(database.db);
    const modelPath = garage ? `/api/cars/by-model/${encodeURIComponent(garage.make)}/${encodeURIComponent(garage.model)}` : null;
    const cookie = await signIn(base, person.email, args.password);
    console.log(`\n${dataSet}: signed in as ${person.email} (follows ${person.follows}), ${tool}, ${seconds} s per measurement`);

    const routes = [
      { key: 'hello', label: 'hello world', path: '/api/bench/hello', signedIn: false },
      { key: 'feed', label: 'feed page 1', path: '/api/posts/feed?page=1' },
      { key: 'feed50', label: 'feed page 50', path: '/api/posts/feed?page=50' },
      { key: 'baseline', label: 'baseline feed page 1', path: '/api/bench/baseline-feed?page=1' },
      { key: 'baseline50', label: 'baseline feed page 50', path: '/api/bench/baseline-feed?page=50' },
      { key: 'trending', label: 'trending', path: '/api/posts/trending?page=1' },
      { key: 'related', label: 'related', path: `/api/posts/${post}/related?page=1` },
      { key: 'search', label: `search "${args.search}"`, path: `/api/search?q=${encodeURIComponent(args.search)}` },
      { key: 'community', label: 'community page', path: `/api/communities/${community}` },
      { key: 'post', label: 'post detail', path: `/api/posts/${post}` },
      { key: 'comments', label: 'comments', path: `/api/comments/${post}?page=1` },
      ...(garage && modelPath
        ? [
            { key: 'car', label: 'car', path: `/api/cars/${garage.car}` },
            { key: 'carLog', label: 'car build log', path: `/api/cars/${garage.car}/timeline?page=1` },
            { key: 'model', label: `model cars (${garage.make} ${garage.model})`, path: `${modelPath}?page=1` },
            { key: 'modelPosts', label: 'model posts', path: `${modelPath}/posts?page=1` },
          ]
        : []),
    ];
    const figures: RouteFigures[] = [];
    const only = args.only?.split(',');
    for (const route of routes.filter((r) => !only || only.includes(r.key))) {
      const headers: Record<string, string> = route.signedIn === false ? {} : { cookie };
      const check = await fetch(`${base}${route.path}`, { headers });
      if (!check.ok) {
        console.log(`  ${route.label}: answered ${check.status} (${(await check.text()).slice(0, 200)}); not measured`);
        continue;
      }
      await check.arrayBuffer();
      if (warmup > 0) await measure(tool, `${base}${route.path}`, { connections, seconds: warmup, headers });
      const single = await measure(tool, `${base}${route.path}`, { connections: 1, seconds, headers });
      const before = await sampleCpu(database.db);
      const loaded = await measure(tool, `${base}${route.path}`, { connections, seconds, headers });
      const cpu = cpuPerRequest(before, await sampleCpu(database.db), loaded.requests);
      figures.push({ key: route.key, label: route.label, single, loaded, cpu });
      process.stdout.write(`  ${route.label}: ${Math.round(single.requestsPerSecond)} / ${Math.round(loaded.requestsPerSecond)} req/s\n`);
    }
    return { dataSet, posts, routes: figures };
  } finally {
    await app.close();
    await database.close();
  }
}

const { rows: version } = await (async () => {
  const database = await openPostgres(mainUrl);
  try {
    return await database.db.execute<{ version: string }>(sql`select version() as version`);
  } finally {
    await database.close();
  }
})();
const cpus = os.cpus();
console.log(`Machine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB; Node ${process.version}; ${version[0]!.version.split(' on ')[0]}`);

const runs: RunFigures[] = [];
for (const url of [args.compare, mainUrl].filter((u): u is string => Boolean(u))) runs.push(await benchDatabase(url));
runs.sort((a, b) => a.posts - b.posts);
for (const run of runs) {
  printRun(run);
  printTargets(run);
}
if (runs.length === 2) printGrowth(runs[0]!, runs[1]!);
if (args.json) {
  fs.writeFileSync(args.json, JSON.stringify({ machine: { cpus: cpus.length, model: cpus[0]?.model, node: process.version, postgres: version[0]!.version }, tool, seconds, connections, runs: runs.map((r) => ({ ...r, targets: targets(r) })) }, null, 2));
  console.log(`\nFigures written to ${args.json}`);
}
