// Issue 20, item 1: the real server process SIGKILLed in the middle of writes that store or delete
// media (post create with photos, a create whose body is only half sent, post edit replacing the
// photos, community delete, account deletion), restarted on the same DATA_DIR / database, again
// and again. Afterwards: every write answered 2xx before the kill is there, no post lacks its
// photos, the kept counts and feeds are exact, and once the media journal is swept past its grace
// period, the files in the store are exactly those the rows reference.
//
// Each round starts the server, prepares what the writes need (a post to edit, a community with a
// post, an account with an avatar and a post), fires all the writes at once and kills the process
// after a delay: round 0 waits for every answer and measures how long the writes take, the next
// rounds kill at fractions of that, so the kills land from "nothing read yet" to "all committed".
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { sessions, users } from '../src/db/schema.ts';
import { newHashedCode, storeAccountCode } from '../src/modules/auth/stored-codes.ts';
import { hashToken, SESSION_COOKIE } from '../src/modules/auth/sessions.ts';
import { UPLOAD_GRACE_MS } from '../src/modules/media/journal.ts';
import { siblingKeys } from '../src/modules/media/keys.ts';
import { Media } from '../src/modules/media/media.ts';
import { FileSystemMediaStore } from '../src/modules/media/store.ts';
import { keptStateProblems } from '../src/modules/posts/kept-check.ts';
import { backends, createPostgresDatabase, useMigratedDataDir, useTempDir, type PostgresTestDatabase } from './harness.ts';
import { form, image, type ImageFile } from './posts.ts';
import { listeningUrl, startServer, type Server } from './server-process.ts';

/**
 * When each round after round 0 kills: at a fraction of the time round 0's writes took, or at the
 * first sight of a moment that matters: a new file in the store (an upload journaled and being
 * written, not committed), or a file gone (a deletion committed, its files being deleted).
 */
type KillMoment = { fraction: number } | 'first new file' | 'first file deleted';
const KILL_MOMENTS: readonly KillMoment[] = ['first new file', 'first file deleted', { fraction: 0.6 }];
const ROUNDS = KILL_MOMENTS.length + 1;

/** Resolves once `seen` holds (polled every 2 ms), or after `limitMs` anyway. */
async function until(seen: () => boolean, limitMs: number): Promise<boolean> {
  const end = performance.now() + limitMs;
  while (performance.now() < end) {
    if (seen()) return true;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return false;
}

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request to the server; null when the connection died (the kill). */
function send(base: string, method: string, url: string, options: { cookie?: string; body?: Buffer; type?: string; halfOnly?: boolean } = {}): Promise<Answer | null> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {};
    if (options.cookie) headers.cookie = `${SESSION_COOKIE}=${options.cookie}`;
    if (options.body) {
      headers['content-type'] = options.type ?? 'application/json';
      headers['content-length'] = options.body.length;
    }
    const request = http.request(new URL(url, base), { method, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve(null));
    });
    request.on('error', () => resolve(null));
    if (!options.body) return void request.end();
    // A browser whose upload is cut off: half the body, then nothing until the kill.
    if (options.halfOnly) return void request.write(options.body.subarray(0, options.body.length >> 1));
    request.end(options.body);
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

interface Account {
  id: string;
  username: string;
  token: string;
  /** The delete-account code (for the accounts deleted during the test). */
  code?: string;
}

/** People written straight into the database before the first start: signed in, and codes issued. */
async function seedPeople(database: Database, prefix: string, count: number, withCode: boolean): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${prefix}${i}`;
    const [user] = await database.db.insert(users).values({ username, email: `${username}@kill9.pitlane.test`, fullName: `Driver ${username}` }).returning();
    const token = randomBytes(32).toString('hex');
    await database.db.insert(sessions).values({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    let code: string | undefined;
    if (withCode) {
      const issued = await newHashedCode();
      await storeAccountCode(database.db, user!.id, 'delete-account', issued.codeHash, new Date());
      code = issued.code;
    }
    accounts.push({ id: user!.id, username, token, ...(code ? { code } : {}) });
  }
  return accounts;
}

/** Every file under the media store, dot files (temporary writes) included, without our artwork. */
function filesInStore(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('defaults/'))
    .sort();
}

describe.each(backends)('kill -9 during media writes on $name', (backend) => {
  // On PGlite the database is there already (the run's migrated one): the kills are tested, not a first start.
  const tmp = backend.kind === 'pglite' ? useMigratedDataDir('pitlane-kill9-', { per: 'suite' }) : useTempDir('pitlane-kill9-', { per: 'suite' });
  let postgres: PostgresTestDatabase | null = null;
  beforeAll(async () => {
    if (backend.kind === 'postgres') postgres = await createPostgresDatabase();
  });
  afterAll(async () => {
    await postgres?.drop();
  });

  it('leaves no half post, no orphan or missing file, no lost acknowledged write, and exact kept state', { timeout: 120_000 }, async () => {
    const dataDir = tmp.path;
    const databaseConfig = { dataDir, databaseUrl: postgres?.url ?? null };
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(tmp.path, 'no-build'), ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    const mediaRoot = path.join(dataDir, 'media');

    let database = await openDatabase(databaseConfig);
    await migrate(database);
    const [author] = await seedPeople(database, 'author', 1, false);
    const creators = await seedPeople(database, 'creator', ROUNDS, false);
    const leavers = await seedPeople(database, 'leaver', ROUNDS, true);
    await database.close();

    const photos: ImageFile[] = await Promise.all([image('jpeg', 2400, 1600, '#c8102e'), image('jpeg', 2000, 1500, '#2a2e33')]);
    const avatar = await image('png', 600, 600, '#ffd100');
    const createBody = await form({ title: 'Track day', content: 'Two photos from the pit lane.' }, photos);

    // What must be there at the end, from the answers received before each kill.
    const acknowledged = { posts: [] as Array<{ id: string; images: string[] }>, edits: new Map<string, string[]>(), goneCommunities: [] as string[], goneUsers: [] as string[] };
    const figures: string[] = [];
    let fullRunMs = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      const server: Server = startServer(env);
      const base = await listeningUrl(server);
      const startMs = performance.now() - t0;
      const creator = creators[round]!;
      const leaver = leavers[round]!;

      // Preparation, answered in full before the writes under test.
      const prepared = await send(base, 'POST', '/api/posts/create', { cookie: author!.token, body: createBody.payload, type: createBody.headers['content-type'] });
      expect(prepared?.status, prepared?.body).toBe(201);
      const toEdit = JSON.parse(prepared!.body) as { _id: string };
      acknowledged.posts.push({ id: toEdit._id, images: [] });
      const community = await send(base, 'POST', '/api/communities/create', { cookie: creator.token, body: json({ name: `Kill nine club ${round}`, description: 'Meets at dawn.' }) });
      expect(community?.status, community?.body).toBe(201);
      const communityId = (JSON.parse(community!.body) as { newCommunity: { _id: string } }).newCommunity._id;
      const inCommunity = await form({ title: 'Club meet', content: 'Our cars.', community: communityId }, photos);
      expect((await send(base, 'POST', '/api/posts/create', { cookie: creator.token, body: inCommunity.payload, type: inCommunity.headers['content-type'] }))?.status).toBe(201);
      const profile = await form({ id: leaver.id, fullName: "Test Driver", username: leaver.username }, [avatar], 'profilePicture');
      const avatarSet = await send(base, 'PUT', '/api/user/update', { cookie: leaver.token, body: profile.payload, type: profile.headers['content-type'] });
      expect(avatarSet?.status, avatarSet?.body).toBe(200);
      expect((await send(base, 'POST', '/api/posts/create', { cookie: leaver.token, body: createBody.payload, type: createBody.headers['content-type'] }))?.status).toBe(201);

      // The writes under test, all at once.
      const edit = await form({ title: 'Track day, edited', content: 'New photos.', existingImageUrls: '[]' }, photos.slice(0, 1));
      const before = new Set(filesInStore(mediaRoot));
      const started = performance.now();
      const writes = {
        create: send(base, 'POST', '/api/posts/create', { cookie: author!.token, body: createBody.payload, type: createBody.headers['content-type'] }),
        halfSent: send(base, 'POST', '/api/posts/create', { cookie: author!.token, body: createBody.payload, type: createBody.headers['content-type'], halfOnly: true }),
        edit: send(base, 'PUT', `/api/posts/${toEdit._id}`, { cookie: author!.token, body: edit.payload, type: edit.headers['content-type'] }),
        communityDelete: send(base, 'DELETE', `/api/communities/${communityId}`, { cookie: creator.token }),
        accountDelete: send(base, 'POST', '/api/user/confirm-delete', { cookie: leaver.token, body: json({ otp: leaver.code }) }),
      };
      const { halfSent: _never, ...answerable } = writes;
      const moment = KILL_MOMENTS[round - 1];
      let killedAt = '';
      if (moment === undefined) {
        await Promise.all(Object.values(answerable));
        fullRunMs = performance.now() - started;
        figures.push(`round 0: the writes took ${fullRunMs.toFixed(0)} ms`);
      } else if (typeof moment === 'object') {
        await new Promise((resolve) => setTimeout(resolve, Math.round(fullRunMs * moment.fraction)));
        killedAt = `${Math.round(fullRunMs * moment.fraction)} ms (${moment.fraction} of round 0)`;
      } else {
        const changed = moment === 'first new file' ? () => filesInStore(mediaRoot).some((file) => !before.has(file)) : () => filesInStore(mediaRoot).length < before.size || ![...before].every((file) => fs.existsSync(path.join(mediaRoot, file)));
        expect(await until(changed, 20_000), `round ${round}: ${moment} never came`).toBe(true);
        killedAt = `the ${moment}, ${(performance.now() - started).toFixed(0)} ms`;
      }
      server.child.kill('SIGKILL');
      await server.exited;
      const sweptAtStart = /"deleted":(\d+)[^\n]*"msg":"media sweep"/.exec(server.output());
      figures.push(`round ${round}: started in ${startMs.toFixed(0)} ms${sweptAtStart ? `, its start-up sweep deleted ${sweptAtStart[1]} files a kill left` : ''}`);

      const [created, edited, communityDeleted, accountDeleted] = await Promise.all([writes.create, writes.edit, writes.communityDelete, writes.accountDelete]);
      if (created?.status === 201) {
        const post = JSON.parse(created.body) as { _id: string; images: Array<{ url: string }> };
        acknowledged.posts.push({ id: post._id, images: post.images.map((i) => i.url) });
      }
      if (edited?.status === 200) acknowledged.edits.set(toEdit._id, (JSON.parse(edited.body) as { images: Array<{ url: string }> }).images.map((i) => i.url));
      if (communityDeleted?.status === 200) acknowledged.goneCommunities.push(communityId);
      if (accountDeleted?.status === 200) acknowledged.goneUsers.push(leaver.id);
      // Anything else must be a kill, never a refusal or an error.
      for (const answer of [created, edited, communityDeleted, accountDeleted]) if (answer) expect(answer.status, answer.body).toBeLessThan(300);
      const answered = [created, edited, communityDeleted, accountDeleted].filter(Boolean).length;
      if (round > 0) figures.push(`round ${round}: killed at ${killedAt}, ${answered} of 4 writes answered`);
    }

    // One more start: the sweeper runs at start-up (deletions cut off by a kill are due at once).
    const last = startServer(env);
    const health = await fetch(`${await listeningUrl(last)}/api/health`);
    expect(health.status).toBe(200);
    last.child.kill('SIGTERM');
    expect(await last.exited).toBe(0);
    const sweptAtLastStart = /"deleted":(\d+)[^\n]*"msg":"media sweep"/.exec(last.output());
    if (sweptAtLastStart) figures.push(`last start: its start-up sweep deleted ${sweptAtLastStart[1]} files a kill left`);

    database = await openDatabase(databaseConfig);
    try {
      const db = database.db;
      const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from media_sweep`);
      figures.push(`journal keys left after restart (uploads cut off, within grace): ${left.rows[0]!.n}`);
      // Past the grace period, as a sweeper would find them 15 minutes later.
      const media = new Media(new FileSystemMediaStore(mediaRoot), { db });
      const swept = await media.sweep({ now: new Date(Date.now() + UPLOAD_GRACE_MS + 60_000) });
      figures.push(`swept past the grace period: ${swept.deleted} files`);
      expect(swept).toMatchObject({ failed: 0, skipped: false });
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from media_sweep`)).rows[0]!.n).toBe(0);

      // Every acknowledged write is there.
      for (const post of acknowledged.posts) {
        const rows = await db.execute<{ url: string }>(sql`select i.url from post_images i where i.post_id = ${post.id} order by i.position`);
        expect(rows.rows.length, `post ${post.id}`).toBeGreaterThan(0);
        const expected = acknowledged.edits.get(post.id) ?? (post.images.length > 0 ? post.images : null);
        if (expected) expect(rows.rows.map((row) => row.url)).toEqual(expected);
      }
      for (const id of acknowledged.goneCommunities) {
        expect((await db.execute(sql`select 1 from communities where id = ${id}`)).rows).toEqual([]);
      }
      for (const id of acknowledged.goneUsers) {
        expect((await db.execute(sql`select 1 from users where id = ${id}`)).rows).toEqual([]);
      }
      // No half post: every post has its photos (a post is saved with all of them or not at all).
      expect((await db.execute(sql`select p.id from posts p where not exists (select 1 from post_images i where i.post_id = p.id)`)).rows).toEqual([]);
      expect(await keptStateProblems(db)).toEqual([]);

      // The files are exactly those the rows reference: no orphan, none missing.
      const referenced = await db.execute<{ url: string }>(sql`
        select url from post_images
        union select profile_picture_url from users where profile_picture_url is not null
        union select cover_url from communities where cover_url is not null`);
      const expectedFiles = referenced.rows.flatMap((row) => siblingKeys(row.url.replace(/^\/media\//, ''))).sort();
      expect(filesInStore(mediaRoot)).toEqual(expectedFiles);
      figures.push(`at the end: ${expectedFiles.length} files, all referenced; ${acknowledged.posts.length} acknowledged posts`);
      // And the test reached the moment that matters: the "first new file" kill cut an upload off
      // between journaling and commit, and its keys waited for the grace period.
      expect(left.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    console.log(`kill -9 on ${backend.name}:\n  ${figures.join('\n  ')}`);
  });
});
