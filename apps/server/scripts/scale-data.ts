// npm run db:scale -- --preset 100k            (DATABASE_URL=postgres://… of an empty database)
// npm run db:scale -- --users 50000 --follows 200 --posts 1000000 --likes 5000000 --comments 1000000
//
// A large synthetic data set for benchmarks (BENCHMARKS.md, "API"), generated straight in SQL
// (generate_series, set-based, deterministic: the same sizes give the same rows): users (all with
// one password, printed at the end), communities with members, follows (a quarter of them
// skewed towards a few popular people), posts (every 10th in a community), their pictures (a
// handful of real images stored once through the media pipeline under DATA_DIR), likes,
// comments, notifications and trending scores; then the kept counts and home feeds
// (rebuild_post_counts / rebuild_feeds of modules/posts/sql), VACUUM and ANALYZE.
//
// How it loads: scripts/scale/generate.ts. PostgreSQL only: PGlite would need hours for this
// and is not what the benchmarks measure.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { openPostgres, safeUrl } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { Media } from '../src/modules/media/media.ts';
import { createMediaStore } from '../src/modules/media/routes.ts';
import { generateScaleData, loadingPool } from './scale/generate.ts';
import { communitiesFor, PASSWORD, PRESETS, type Sizes } from './scale/tables.ts';

const { values: args } = parseArgs({
  options: {
    preset: { type: 'string' },
    users: { type: 'string' },
    follows: { type: 'string' },
    posts: { type: 'string' },
    likes: { type: 'string' },
    comments: { type: 'string' },
    communities: { type: 'string' },
    replace: { type: 'boolean', default: false },
  },
});

function sizes(): Sizes {
  const preset = PRESETS[args.preset ?? '100k'];
  if (!preset) throw new Error(`Unknown preset ${args.preset}: use ${Object.keys(PRESETS).join(' or ')}.`);
  const number = (name: keyof typeof preset) => {
    const given = args[name];
    if (given === undefined) return preset[name];
    const n = Number(given.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number (got ${given}).`);
    return n;
  };
  const users = number('users');
  if (users < 100) throw new Error('--users must be at least 100.');
  const communities = args.communities ? Number(args.communities) : communitiesFor(users);
  return { users, follows: Math.min(number('follows'), users - 1), posts: number('posts'), likes: number('likes'), comments: number('comments'), communities };
}

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error(
    'The scale data set is generated on PostgreSQL only: set DATABASE_URL=postgres://… (e.g. createdb -h 127.0.0.1 -U postgres pitlane_scale, ' +
      'then DATABASE_URL=postgres://postgres@127.0.0.1:5432/pitlane_scale). The embedded PGlite is not supported.',
  );
  process.exit(1);
}
let size: Sizes;
try {
  size = sizes();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' });

console.log(`Scale data on ${safeUrl(url)}: ${JSON.stringify(size)}`);
const started = performance.now();
const media = new Media(createMediaStore(config));
const pool = loadingPool(url);
try {
  const { rows } = await pool.query<{ users: string | null }>(`select to_regclass('public.users')::text as users`);
  const filled = rows[0]!.users !== null && (await pool.query('select 1 from users limit 1')).rows.length > 0;
  if (filled) {
    if (!args.replace) throw new Error('This database already has users. Pass --replace to empty it first (everything in it is deleted).');
    // Everything goes, the schema too: the migrations below build it again exactly.
    const { rows: pictures } = await pool.query<{ url: string }>('select distinct url from post_images');
    await pool.query('drop schema public cascade; create schema public; drop schema if exists drizzle cascade');
    await media.deleteImages(pictures.map((picture) => picture.url));
  }
  const database = await openPostgres(url);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  await generateScaleData(pool, size, media);
  console.log(`\nDone in ${((performance.now() - started) / 1000 / 60).toFixed(1)} min. Pictures under ${config.dataDir}/media (DATA_DIR).`);
  console.log(`Every user signs in with driver<n>@scale.pitlane.test (n = 1…${size.users}) and the password "${PASSWORD}".`);
} catch (error) {
  console.error(`\nScale data failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
