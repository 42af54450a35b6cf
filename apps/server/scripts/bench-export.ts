// Data export benchmark (issue 19): seeds a fresh DATA_DIR (`--size`, default medium; or reuses a
// seeded one with `--data-from DIR`), finds the seed's busiest person (most posts, photos,
// comments and follows), and downloads their export over HTTP from a listening server, reading
// it as a client does. Prints the zip's size, time to the first byte and to the end, and the
// process's RSS before, at its peak and after. It only prints figures; it never fails on timing.
// The download is measured in a process of its own (the seed's pictures leave ~1 GB RSS behind).
// `--extra-comments N` first gives the busiest person N more comments (straight in SQL), to see
// memory stay flat while a JSON file of many pages streams.
//
//   npx node apps/server/scripts/bench-export.ts [--size small|medium|large] [--data-from DIR] [--extra-comments N]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { withMigratedDatabase } from './open-database.ts';
import { DEMO_ACCOUNT, DEMO_EMAIL_DOMAIN } from './seed/demo-account.ts';
import { seedDemoData } from './seed/seed-demo-data.ts';
import { isSizeName, type SizeName } from './seed/sizes.ts';

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const size = argument('--size') ?? 'medium';
if (!isSizeName(size)) throw new Error(`Unknown size ${size}`);
const dataFrom = argument('--data-from');
const dataDir = dataFrom ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-bench-export-'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const extraComments = Number(argument('--extra-comments') ?? 0);
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' }), serveWebApp: false };

if (!dataFrom) {
  await withMigratedDatabase(config, { openFailed: ({ message }) => new Error(message) }, async (database) => {
    const app = await buildApp(config, { database });
    try {
      const started = performance.now();
      await seedDemoData(app, { size: size as SizeName });
      console.log(`Seeded ${dataDir} (size ${size}) in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    } finally {
      await app.close();
    }
  });
  const measured = spawnSync(process.execPath, ['--expose-gc', process.argv[1]!, '--data-from', dataDir, '--extra-comments', String(extraComments)], { stdio: 'inherit' });
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(measured.status ?? 1);
}

await withMigratedDatabase(config, { openFailed: ({ message }) => new Error(message) }, async (database) => {
  const app = await buildApp(config, { database });
  try {
    const { rows } = await app.db.execute<{ username: string; posts: number; photos: number; comments: number; follows: number }>(sql`
      select u.username::text as username,
        (select count(*)::int from posts p where p.author_id = u.id) as posts,
        (select count(*)::int from posts p join post_images i on i.post_id = p.id where p.author_id = u.id) as photos,
        (select count(*)::int from comments k where k.author_id = u.id) as comments,
        (select count(*)::int from follows f where f.follower_id = u.id or f.followee_id = u.id) as follows
      from users u order by 2 + 3 + 4 + 5 desc, u.username limit 1`);
    const busiest = rows[0]!;
    if (extraComments > 0) {
      await app.db.execute(sql`
        insert into comments (post_id, author_id, text)
        select (select id from posts order by created_at limit 1), u.id, 'A comment of the benchmark, number ' || n
        from users u, generate_series(1, ${extraComments}) as n where u.username = ${busiest.username}`);
      // Fresh statistics, as autovacuum would give PostgreSQL (PGlite has none): without them the
      // planner takes the new rows for a few and sorts them all for every page.
      await app.db.execute(sql`analyze comments`);
      busiest.comments += extraComments;
    }
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `${busiest.username}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_ACCOUNT.password } });
    if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    const result = await new Promise<{ bytes: number; firstByteMs: number; status: number }>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/api/user/me/export', headers: { cookie } }, (response) => {
        let bytes = 0;
        let firstByteMs = 0;
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ bytes, firstByteMs, status: response.statusCode ?? 0 }));
        response.on('error', reject);
      }).on('error', reject);
    });
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const after = process.memoryUsage().rss;
    console.log(`Busiest person: @${busiest.username}: ${busiest.posts} posts, ${busiest.photos} photos, ${busiest.comments} comments, ${busiest.follows} follows`);
    console.log(`Export: HTTP ${result.status}, ${mb(result.bytes)} zip, first byte ${result.firstByteMs.toFixed(0)} ms, whole ${totalMs.toFixed(0)} ms`);
    console.log(`RSS: before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}), after ${mb(after)}`);
  } finally {
    await app.close();
  }
});
