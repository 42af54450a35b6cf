// Issue 20, item 5: the media store full (ENOSPC) or read-only (EROFS), for real: a 2 MB tmpfs
// mounted over DATA_DIR/media. A post with a photo then answers 507 or 503 with a sentence the UI
// shows, and leaves nothing behind: no post, no image row, no journal key, no file. Once there is
// room again, the same post goes through. Tests run as root here; without the mount the test
// fails and says so, rather than passing without proving anything.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STORE_FULL_MESSAGE, STORE_UNAVAILABLE_MESSAGE } from '../src/modules/media/media.ts';
import { backends, useApp, useSmtpSink, useTempDir } from './harness.ts';
import { createPost, image, peopleOf, storedFiles } from './posts.ts';

const sink = useSmtpSink();
const FILLER = 'filler.bin';

function mountTmpfs(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`This test mounts a 2 MB tmpfs over the media store and needs root for it (mount -t tmpfs): ${String((error as { stderr?: Buffer }).stderr ?? error)}`, { cause: error });
  }
}

/** Writes into `dir` until the file system refuses with ENOSPC. */
function fill(dir: string): void {
  const handle = fs.openSync(path.join(dir, FILLER), 'w');
  try {
    for (;;) fs.writeSync(handle, Buffer.alloc(64 * 1024, 1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(handle);
  }
}

describe.each(backends)('a full or read-only media store on $name', (backend) => {
  const dataDir = useTempDir('pitlane-store-full-');
  const t = useApp(backend, { sink, dataDir });
  const mediaDir = () => path.join(dataDir.path, 'media');

  async function rowCounts() {
    const result = await t.db.execute<{ posts: number; images: number; journal: number }>(sql`select
      (select count(*)::int from posts) as posts, (select count(*)::int from post_images) as images,
      (select count(*)::int from media_sweep) as journal`);
    return result.rows[0];
  }

  it('answers 507 with a message when the store is full and 503 when it is read-only, storing nothing; posts again once there is room', async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya');
    mountTmpfs(mediaDir());
    try {
      fill(mediaDir());
      // A photo large enough that its sizes cannot fit in what the filler left.
      const photo = await image('jpeg', 1200, 900);
      const full = await createPost(maya.browser, {}, [photo]);
      expect(full.statusCode).toBe(507);
      expect(full.json()).toEqual({ message: STORE_FULL_MESSAGE });
      expect(await rowCounts()).toEqual({ posts: 0, images: 0, journal: 0 });
      expect(storedFiles(mediaDir())).toEqual([FILLER]);

      fs.rmSync(path.join(mediaDir(), FILLER));
      const roomAgain = await createPost(maya.browser, {}, [photo]);
      expect(roomAgain.statusCode).toBe(201);
      expect(await rowCounts()).toEqual({ posts: 1, images: 1, journal: 0 });
      const stored = storedFiles(mediaDir());
      expect(stored).toHaveLength(3);

      execFileSync('mount', ['-o', 'remount,ro', mediaDir()]);
      const readOnly = await createPost(maya.browser, {}, [photo]);
      expect(readOnly.statusCode).toBe(503);
      expect(readOnly.json()).toEqual({ message: STORE_UNAVAILABLE_MESSAGE });
      expect(await rowCounts()).toEqual({ posts: 1, images: 1, journal: 0 });
      expect(storedFiles(mediaDir())).toEqual(stored);
    } finally {
      execFileSync('umount', [mediaDir()]);
    }
  });
});
