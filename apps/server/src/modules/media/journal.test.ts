// The media journal through app.media.write and the sweeper, on both engines.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backends, useDatabase, useTempDir } from '../../../test/harness.ts';
import { png } from '../../../test/images.ts';
import { storedFiles } from '../../../test/posts.ts';
import { users } from '../../db/schema.ts';
import { UPLOAD_GRACE_MS } from './journal.ts';
import { Media } from './media.ts';
import { FileSystemMediaStore } from './store.ts';
import { MEDIA_SWEEP_LOCK } from './sweep-lock.ts';

const NOW = new Date('2031-05-04T10:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe.each(backends)('the media journal on $name', (backend) => {
  const t = useDatabase(backend);
  const tmp = useTempDir('pitlane-journal-');
  let clock = NOW;
  const media = () => new Media(new FileSystemMediaStore(tmp.path), { db: t.db, clock: () => clock });
  const journal = async () => (await t.db.execute<{ key: string; due_at: string }>(sql`select key, due_at from media_sweep order by key`)).rows;
  const avatarOf = async (user: string) => (await t.db.execute<{ url: string | null }>(sql`select profile_picture_url as url from users where id = ${user}`)).rows[0]!.url;

  async function newUser(): Promise<string> {
    const [row] = await t.db.insert(users).values({ username: 'maya', email: 'maya@pitlane.test', fullName: 'Maya' }).returning({ id: users.id });
    return row!.id;
  }

  it('keeps the files of a committed write, drops the replaced ones at once, and leaves the journal empty', async () => {
    clock = NOW;
    const id = await newUser();
    const m = media();
    const first = await m.write({ files: [await png(300, 300)], kind: 'avatar' }, async (tx, { images }) => {
      await tx.update(users).set({ profilePictureUrl: images[0]!.url }).where(sql`id = ${id}`);
      return images[0]!.url;
    });
    expect(storedFiles(tmp.path)).toHaveLength(2);
    expect(await journal()).toEqual([]);

    const second = await m.write({ files: [await png(200, 200)], kind: 'avatar' }, async (tx, { images, drop }) => {
      await tx.update(users).set({ profilePictureUrl: images[0]!.url }).where(sql`id = ${id}`);
      drop([first]);
      return images[0]!.url;
    });
    expect(await avatarOf(id)).toBe(second);
    expect(storedFiles(tmp.path).every((file) => second.includes(file.replace(/-(large|small)\.webp$/, '')))).toBe(true);
    expect(storedFiles(tmp.path)).toHaveLength(2);
    expect(await journal()).toEqual([]);
  });

  it('discards the files and keys of a write that fails, and keeps what it would have dropped', async () => {
    clock = NOW;
    const id = await newUser();
    const m = media();
    const kept = await m.write({ files: [await png(300, 300)], kind: 'avatar' }, async (tx, { images }) => {
      await tx.update(users).set({ profilePictureUrl: images[0]!.url }).where(sql`id = ${id}`);
      return images[0]!.url;
    });
    const before = storedFiles(tmp.path);
    await expect(
      m.write({ files: [await png(200, 200)], kind: 'avatar' }, async (tx, { images, drop }) => {
        await tx.update(users).set({ profilePictureUrl: images[0]!.url }).where(sql`id = ${id}`);
        drop([kept]);
        throw new Error('the database step failed');
      }),
    ).rejects.toThrow('the database step failed');
    expect(await avatarOf(id)).toBe(kept);
    expect(storedFiles(tmp.path)).toEqual(before);
    expect(await journal()).toEqual([]);
  });

  it('sweeps the files of an upload never kept (a process killed before its commit) only after the grace period', async () => {
    clock = NOW;
    const m = media();
    // What a kill -9 between storing and committing leaves: the upload step of `write`, no commit.
    await m.storeAll([await png(300, 300)], 'post', { journaled: true });
    expect(storedFiles(tmp.path)).toHaveLength(3);
    expect((await journal()).map((row) => new Date(row.due_at).getTime())).toEqual(Array(3).fill(later(UPLOAD_GRACE_MS).getTime()));
    // A restart within the grace period (the request might still commit): nothing goes.
    expect(await m.sweep({ now: later(UPLOAD_GRACE_MS - 1) })).toEqual({ deleted: 0, failed: 0, skipped: false });
    expect(storedFiles(tmp.path)).toHaveLength(3);
    expect(await m.sweep({ now: later(UPLOAD_GRACE_MS) })).toEqual({ deleted: 3, failed: 0, skipped: false });
    expect(storedFiles(tmp.path)).toEqual([]);
    expect(await journal()).toEqual([]);
  });
});

// A second session holding the lock needs a second connection: PostgreSQL only (PGlite has one).
describe.each(backends.filter((backend) => backend.kind === 'postgres'))('the media sweeper beside a backup on $name', (backend) => {
  const t = useDatabase(backend);
  const tmp = useTempDir('pitlane-journal-');
  const clock = NOW;
  const media = () => new Media(new FileSystemMediaStore(tmp.path), { db: t.db, clock: () => clock });
  const journal = async () => (await t.db.execute<{ key: string }>(sql`select key from media_sweep`)).rows;

  async function newUser(): Promise<string> {
    const [row] = await t.db.insert(users).values({ username: 'maya', email: 'maya@pitlane.test', fullName: 'Maya' }).returning({ id: users.id });
    return row!.id;
  }

  it('deletes nothing while a backup holds MEDIA_SWEEP_LOCK exclusively', async () => {
    const id = await newUser();
    const m = media();
    const url = await m.write({ files: [await png(300, 300)], kind: 'avatar' }, async (tx, { images }) => {
      await tx.update(users).set({ profilePictureUrl: images[0]!.url }).where(sql`id = ${id}`);
      return images[0]!.url;
    });
    const backup = new pg.Client({ connectionString: (t.database.driver as { pool: pg.Pool }).pool.options.connectionString });
    await backup.connect();
    try {
      await backup.query('select pg_advisory_lock($1::bigint)', [MEDIA_SWEEP_LOCK]);
      await m.write(null, async (tx, { drop }) => {
        await tx.update(users).set({ profilePictureUrl: null }).where(sql`id = ${id}`);
        drop([url]);
      });
      // Committed, journaled, but the files wait for the backup.
      expect(storedFiles(tmp.path)).toHaveLength(2);
      expect(await journal()).toHaveLength(2);
      expect(await m.sweep({ now: later(UPLOAD_GRACE_MS) })).toEqual({ deleted: 0, failed: 0, skipped: true });
      await backup.query('select pg_advisory_unlock($1::bigint)', [MEDIA_SWEEP_LOCK]);
      expect(await m.sweep()).toEqual({ deleted: 2, failed: 0, skipped: false });
      expect(storedFiles(tmp.path)).toEqual([]);
      expect(await journal()).toEqual([]);
    } finally {
      await backup.end();
    }
  });
});
