// npm run backup / npm run restore (src/backup/): a seeded database and its media round-trip
// through a backup into an empty DATA_DIR or PostgreSQL database, table by table and file by
// file, and the real server starts on the result; broken backups and non-empty targets are refused.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PostPage } from '@pitlane/api/contract';
import { buildApp } from '../src/app.ts';
import { backup } from '../src/backup/backup.ts';
import { BackupError } from '../src/backup/errors.ts';
import { MANIFEST_FILE, type Manifest } from '../src/backup/manifest.ts';
import { copyMedia } from '../src/backup/media.ts';
import { pgliteQuery } from '../src/backup/pglite.ts';
import { withPostgresQuery } from '../src/backup/postgres.ts';
import { restore } from '../src/backup/restore.ts';
import { tableNames, type Query } from '../src/backup/snapshot.ts';
import type { Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { FileSystemMediaStore } from '../src/modules/media/store.ts';
import { MEDIA_SWEEP_LOCK } from '../src/modules/media/sweep-lock.ts';
import { DEMO_ACCOUNT } from '../scripts/seed/demo-account.ts';
import { seedDemoData } from '../scripts/seed/seed-demo-data.ts';
import { backends, createPostgresDatabase, testConfig, useTempDir, type PostgresTestDatabase } from './harness.ts';
import { listeningUrl, startServer } from './server-process.ts';

type Place = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

const serverDir = fileURLToPath(new URL('..', import.meta.url));

function queryOf(database: Database): Query {
  if (database.driver.kind === 'pglite') return pgliteQuery(database);
  const { pool } = database.driver;
  return async (text) => pool.query(text);
}

/** Every table of the backed-up schemas: its row count and a hash of all its rows in order. */
async function tableContents(place: Place): Promise<Record<string, string>> {
  const database = await openDatabase(place);
  try {
    const query = queryOf(database);
    const contents: Record<string, string> = {};
    for (const table of await tableNames(query)) {
      const { rows } = await query<{ rows: string | number; hash: string }>(
        `select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from ${table} t`,
      );
      contents[table] = `${rows[0]!.rows} rows, ${rows[0]!.hash}`;
    }
    return contents;
  } finally {
    await database.close();
  }
}

/** Every file under `root` (our re-rendered artwork, defaults/, aside), by path, with its bytes. */
function filesUnder(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    if (!relative.startsWith(`defaults${path.sep}`)) files.set(relative, fs.readFileSync(path.join(root, relative)));
  }
  return files;
}

describe.each(backends)('backup and restore on $name', (backend) => {
  const tmp = useTempDir('pitlane-backup-', { per: 'suite' });
  const postgresDatabases: PostgresTestDatabase[] = [];
  let source: Place;
  let backupFolder: string;
  let sourceTables: Record<string, string>;
  let places = 0;

  /** A new, empty DATA_DIR (and, on PostgreSQL, a new, empty database). */
  async function emptyPlace(): Promise<Place> {
    const dataDir = path.join(tmp.path, `data-${++places}`);
    if (backend.kind === 'pglite') return { dataDir, databaseUrl: null, s3: null };
    const created = await createPostgresDatabase();
    postgresDatabases.push(created);
    return { dataDir, databaseUrl: created.url, s3: null };
  }

  async function expectRefusal(run: Promise<unknown>, message: string | RegExp): Promise<void> {
    const error = await run.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
  }

  beforeAll(async () => {
    source = await emptyPlace();
    const database = await openDatabase(source);
    try {
      await migrate(database);
      const app = await buildApp(testConfig({ DATA_DIR: source.dataDir }), { database });
      try {
        const seeded = await seedDemoData(app, { size: 'tiny', now: new Date('2026-11-20T12:00:00Z') });
        expect(seeded.seeded).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
    sourceTables = await tableContents(source);
    backupFolder = path.join(tmp.path, 'backup');
    const run = await command('backup', source, backupFolder);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/media .* \d+ files/);
  }, 120_000); // seconds on an idle machine (creating PGlite, the seed's pictures); a hang guard only

  afterAll(async () => {
    for (const database of postgresDatabases) await database.drop();
  });

  it('restores every table and every file as they were, and the server starts on the result and shows the posts', async () => {
    expect(Object.keys(sourceTables)).toEqual(expect.arrayContaining(['public.users', 'public.post_images', 'drizzle.__drizzle_migrations']));
    const sourceFiles = filesUnder(path.join(source.dataDir, 'media'));
    expect(sourceFiles.size).toBeGreaterThan(10);

    const target = await emptyPlace();
    const run = await command('restore', target, backupFolder);
    expect(run.code, run.output).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupFolder, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest.media.count).toBe(sourceFiles.size);
    expect(manifest.media.missing).toEqual([]);

    expect(await tableContents(target)).toEqual(sourceTables);
    const restoredFiles = filesUnder(path.join(target.dataDir, 'media'));
    expect([...restoredFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [file, bytes] of sourceFiles) expect(restoredFiles.get(file)!.equals(bytes), file).toBe(true);

    const server = startServer({
      DATA_DIR: target.dataDir,
      WEB_DIST_DIR: path.join(tmp.path, 'no-build'),
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    const url = await listeningUrl(server);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const feed = (await (await fetch(`${url}/api/posts/feed`, { headers: { cookie } })).json()) as PostPage;
    expect(feed.posts.length).toBeGreaterThan(0);
    const post = await fetch(`${url}/api/posts/${feed.posts[0]!._id}`, { headers: { cookie } });
    expect(post.status).toBe(200);
    const imageUrl = ((await post.json()) as Post).imageUrls[0]!;
    const image = await fetch(`${url}${imageUrl}`, { headers: { cookie } });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(sourceFiles.get(imageUrl.replace(/^\/media\//, ''))!)).toBe(true);
  }, 120_000); // a hang guard: seconds on an idle machine

  it('refuses a target that is not empty, and writes nothing there', async () => {
    const target = await emptyPlace();
    if (backend.kind === 'pglite') {
      fs.mkdirSync(target.dataDir, { recursive: true });
      fs.writeFileSync(path.join(target.dataDir, 'notes.txt'), 'mine');
      await expectRefusal(restore(target, backupFolder), `${target.dataDir} is not empty`);
      expect(fs.readdirSync(target.dataDir)).toEqual(['notes.txt']);
    } else {
      // A database with Pitlane's tables (a running installation's).
      const database = await openDatabase(target);
      await migrate(database).finally(() => database.close());
      const before = await tableContents(target);
      await expectRefusal(restore(target, backupFolder), "already has Pitlane's tables");
      expect(await tableContents(target)).toEqual(before);
      // An empty database, but media already in DATA_DIR.
      const other = await emptyPlace();
      fs.mkdirSync(path.join(other.dataDir, 'media', 'posts'), { recursive: true });
      await expectRefusal(restore(other, backupFolder), 'media is not empty');
      expect(await withPostgresQuery(other.databaseUrl!, tableNames)).toEqual([]);
    }
  });

  it('refuses a backup without its manifest, with a damaged manifest, or with a changed or missing file', async () => {
    const broken = (name: string, damage: (folder: string) => void): string => {
      const folder = path.join(tmp.path, `broken-${name}`);
      fs.cpSync(backupFolder, folder, { recursive: true });
      damage(folder);
      return folder;
    };
    const manifest = JSON.parse(fs.readFileSync(path.join(backupFolder, MANIFEST_FILE), 'utf8')) as { media: { files: { key: string }[] } };
    const picture = path.join('media', manifest.media.files[0]!.key);
    const cases: Array<[string, (folder: string) => void, string]> = [
      ['unfinished', (folder) => fs.rmSync(path.join(folder, MANIFEST_FILE)), 'has no manifest.json: the backup did not finish'],
      ['damaged-manifest', (folder) => fs.writeFileSync(path.join(folder, MANIFEST_FILE), '{"format":"pitlane-backup"'), 'manifest.json is damaged'],
      ['changed-picture', (folder) => fs.appendFileSync(path.join(folder, picture), 'x'), `${picture} changed since the backup was made`],
      ['same-size-picture', (folder) => flipFirstByte(path.join(folder, picture)), `${picture} changed since the backup was made`],
      ['changed-database', (folder) => flipFirstByte(path.join(folder, databaseFileOf(folder))), 'changed since the backup was made'],
      ['missing-picture', (folder) => fs.rmSync(path.join(folder, picture)), `${picture} is missing`],
    ];
    const target = await emptyPlace();
    for (const [name, damage, message] of cases) {
      await expectRefusal(restore(target, broken(name, damage)), message);
      expect(fs.existsSync(target.dataDir), name).toBe(false);
    }
    if (target.databaseUrl) expect(await withPostgresQuery(target.databaseUrl, tableNames)).toEqual([]);
  });

  it('refuses to back up into a folder that is not empty, and the command says so in one line', async () => {
    await expectRefusal(backup(source, backupFolder), `${backupFolder} is not empty`);
    const run = await command('backup', source, backupFolder);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`${backupFolder} is not empty`);
    expect(run.output).not.toMatch(/\n\s+at /); // no stack trace for a refusal
  });

  if (backend.kind === 'pglite') {
    it('refuses to back up the embedded database while a server has it open', async () => {
      const running = await openDatabase(source);
      try {
        await expectRefusal(backup(source, path.join(tmp.path, 'while-running')), 'in use by a running Pitlane server: stop the server');
      } finally {
        await running.close();
      }
    });
  } else {
    it('waits for media deletions under way (MEDIA_SWEEP_LOCK held shared) before it takes its snapshot', async () => {
      const deleter = new pg.Client({ connectionString: source.databaseUrl! });
      await deleter.connect();
      try {
        await deleter.query('select pg_advisory_lock_shared($1)', [MEDIA_SWEEP_LOCK]);
        const folder = path.join(tmp.path, 'after-deletion');
        let finished = false;
        const running = backup(source, folder).finally(() => (finished = true));
        // The backup's session queues for the lock exclusively (an advisory lock on a key below
        // 2^32 shows as classid 0, objid the key) and goes no further while it waits.
        await expect
          .poll(async () => {
            const { rows } = await deleter.query<{ waiting: number }>(
              `select count(*)::int as waiting from pg_locks
               where locktype = 'advisory' and classid = 0 and objid = $1 and mode = 'ExclusiveLock' and not granted`,
              [MEDIA_SWEEP_LOCK],
            );
            return rows[0]!.waiting;
          }, { timeout: 10_000 })
          .toBe(1);
        expect(finished).toBe(false);
        expect(fs.existsSync(path.join(folder, MANIFEST_FILE))).toBe(false);
        await deleter.query('select pg_advisory_unlock_shared($1)', [MEDIA_SWEEP_LOCK]);
        await running;
        expect(fs.existsSync(path.join(folder, MANIFEST_FILE))).toBe(true);
        // The backup released the lock: deletions go on.
        const { rows } = await deleter.query<{ taken: boolean }>('select pg_try_advisory_lock_shared($1) as taken', [MEDIA_SWEEP_LOCK]);
        expect(rows[0]!.taken).toBe(true);
      } finally {
        await deleter.end();
      }
    });
  }
});

describe('copying the referenced media files', () => {
  const tmp = useTempDir('pitlane-backup-media-');

  it('copies each file with its size and sha256, in key order, and lists the keys whose file is gone', async () => {
    const store = path.join(tmp.path, 'store');
    const keys = ['avatars/0123456789abcdef0123456789abcdef-large.webp', 'posts/0123456789abcdef0123456789abcdef-full.webp', 'posts/fedcba9876543210fedcba9876543210-full.webp'];
    fs.mkdirSync(path.join(store, 'posts'), { recursive: true });
    fs.mkdirSync(path.join(store, 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(store, keys[0]!), 'avatar bytes');
    fs.writeFileSync(path.join(store, keys[2]!), 'picture bytes');

    const copied = await copyMedia(keys, new FileSystemMediaStore(store), path.join(tmp.path, 'backup'));
    expect(copied.missing).toEqual([keys[1]]);
    expect(copied.files).toEqual([
      { key: keys[0], bytes: 12, sha256: createHash('sha256').update('avatar bytes').digest('hex') },
      { key: keys[2], bytes: 13, sha256: createHash('sha256').update('picture bytes').digest('hex') },
    ]);
    expect(copied.bytes).toBe(25);
    expect(fs.readFileSync(path.join(tmp.path, 'backup', keys[2]!), 'utf8')).toBe('picture bytes');
  });
});

/** `npm run backup|restore -- <folder>` (the script, as npm runs it) with the place's settings. */
function command(name: 'backup' | 'restore', place: Place, folder: string): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [`scripts/${name}.ts`, folder], {
    cwd: serverDir,
    env: { ...inherited, DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

function flipFirstByte(file: string): void {
  const bytes = fs.readFileSync(file);
  bytes[0] = bytes[0]! ^ 0xff;
  fs.writeFileSync(file, bytes);
}

function databaseFileOf(folder: string): string {
  return fs.readdirSync(folder).find((name) => name.startsWith('database.'))!;
}
