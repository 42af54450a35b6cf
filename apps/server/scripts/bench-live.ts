// Live updates benchmark (issue 16, item 4: "the badge updates within 1 s of the like"): how long
// from a like's answer to the liked person's stream hearing the new count, and from a post's
// answer to every connected follower's stream hearing of it. Real HTTP on loopback, real
// EventSource-style streams (fetch). Prints figures only; it never fails on timing.
//
//   npm run bench:live -w @pitlane/server [-- --listeners 1000 --likes 200]
//   With REDIS_URL set it runs two instances: writes through A, every stream on B (pub/sub).
//   With DATABASE_URL set it uses that (empty) PostgreSQL database; else a temporary PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { follows, sessions, users } from '../src/db/schema.ts';
import { hashToken, newToken, SESSION_COOKIE } from '../src/modules/auth/sessions.ts';
import { openLiveStream, type LiveStream } from '../test/live-stream.ts';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Math.max(1, Number(process.argv[at + 1]) || fallback) : fallback;
};
const LISTENERS = flag('listeners', 1000);
const LIKES = flag('likes', 200);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-bench-live-'));
const env = { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}), ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) };
const config = loadConfig(env);
const database = await openDatabase(config);
await migrate(database);
const db = database.db;

// People straight into the database, each with a session: the author, the likers, the listeners.
async function people(prefix: string, n: number): Promise<Array<{ id: string; cookie: string }>> {
  const out: Array<{ id: string; cookie: string }> = [];
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, (_, i) => ({ username: `${prefix}${start + i}`, email: `${prefix}${start + i}@bench.test`, fullName: `${prefix} ${start + i}` }));
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    const tokens = rows.map(() => newToken());
    await db.insert(sessions).values(rows.map((row, i) => ({ tokenHash: hashToken(tokens[i]!), userId: row.id, expiresAt: new Date(Date.now() + 86_400_000) })));
    rows.forEach((row, i) => out.push({ id: row.id, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
  }
  return out;
}
const [author] = await people('author', 1);
const likers = await people('liker', LIKES);
const listeners = await people('listener', LISTENERS);
await db.insert(follows).values(listeners.map((l) => ({ followerId: l.id, followeeId: author!.id })));

const apps: App[] = [await buildApp(config, { database })];
if (config.redisUrl) apps.push(await buildApp(config, { database }));
const urls: string[] = [];
for (const app of apps) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
}
const writeUrl = urls[0]!;
const streamUrl = urls.at(-1)!;

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const summary = (values: number[]) => `p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (n=${values.length})`;
const send = (cookie: string, method: string, url: string, body?: unknown) =>
  fetch(`${writeUrl}${url}`, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });

/** A post by the author through the API (one 1×1 photo). */
async function newPost(title: string): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  form.append('content', title);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
  form.append('images', new Blob([png], { type: 'image/png' }), 'p.png');
  const created = await fetch(`${writeUrl}/api/posts/create`, { method: 'POST', headers: { cookie: author!.cookie }, body: form });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { _id: string })._id;
}
const post = { id: await newPost('Bench') };

console.log(`bench:live: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${apps.length === 2 ? 'two instances over Redis pub/sub (writes on A, streams on B)' : 'one instance, in-process bus'}, ${LISTENERS} listeners, ${LIKES} likes`);

// Every listener connected (they follow the author), then the author.
const started = performance.now();
const streams: LiveStream[] = [];
for (let i = 0; i < listeners.length; i += 100) streams.push(...(await Promise.all(listeners.slice(i, i + 100).map((l) => openLiveStream(streamUrl, l.cookie)))));
await Promise.all(streams.map((s) => s.next()));
const authorStream = await openLiveStream(streamUrl, author!.cookie);
await authorStream.next();
console.log(`  ${streams.length + 1} streams open in ${(performance.now() - started).toFixed(0)} ms; RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);

// Likes, one at a time: from sending the like (as the liker's browser does) to the author's
// stream hearing the new count; the like's own round trip beside it.
const likeLatency: number[] = [];
const likeRoundTrip: number[] = [];
for (const [i, liker] of likers.entries()) {
  const sent = performance.now();
  const response = await send(liker.cookie, 'PATCH', `/api/posts/${post.id}/like`, {});
  likeRoundTrip.push(performance.now() - sent);
  if (!response.ok) throw new Error(`like answered ${response.status}`);
  await authorStream.next((e) => e.type === 'unread' && e.count === i + 1, 10_000);
  likeLatency.push(performance.now() - sent);
}
console.log(`  like sent → its answer: ${summary(likeRoundTrip)}`);
console.log(`  like sent → the author's badge: ${summary(likeLatency)}`);

// One post: from its answer to each connected follower hearing of it.
await newPost('Fresh');
const postAnswered = performance.now();
const arrivals = await Promise.all(streams.map(async (s) => (await s.next((e) => e.type === 'post', 30_000), performance.now() - postAnswered)));
console.log(`  post → ${streams.length} followers' streams: ${summary(arrivals)}`);

for (const s of [...streams, authorStream]) s.close();
for (const app of apps) await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
