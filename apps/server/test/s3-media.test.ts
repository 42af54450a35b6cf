// Issue 16, item 1: the product with its media in an S3 bucket (S3_* settings), against a real
// S3-protocol server on loopback (s3-server.ts). Uploads store every size in
// the bucket, browsers load them from S3_PUBLIC_URL or through /media, replaced and deleted photos
// leave the bucket, a write whose transaction fails leaves nothing, the sweeper finishes what a
// killed upload left, and an S3 outage answers 503 with a sentence and stores nothing.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Post } from '@pitlane/api/contract';
import { copyMedia, restoreMedia } from '../src/backup/media.ts';
import { DEFAULT_ARTWORK_KEYS } from '../src/modules/media/artwork.ts';
import { UPLOAD_GRACE_MS } from '../src/modules/media/journal.ts';
import { siblingKeys } from '../src/modules/media/keys.ts';
import { STORE_UNAVAILABLE_MESSAGE } from '../src/modules/media/media.ts';
import { MEDIA_UNREADABLE_MESSAGE } from '../src/modules/media/routes.ts';
import { S3MediaStore } from '../src/modules/media/s3-store.ts';
import { png } from './images.ts';
import { backends, useApp, useSmtpSink } from './harness.ts';
import { createPost, form, image, newPost, peopleOf } from './posts.ts';
import { useS3Server } from './s3-server.ts';

const sink = useSmtpSink();
const s3 = useS3Server();

/** The bucket's user images (our artwork is stored beside them in the background). */
/** When the sweeper takes the keys of an upload never kept. */
const afterGrace = (now: Date) => new Date(now.getTime() + UPLOAD_GRACE_MS);
const userObjects = async () => (await s3.keys()).filter((key) => !key.startsWith('defaults/'));

// PGlite only: the journal's SQL is the same on both engines (journal.test.ts runs it on both),
// and the cluster test runs S3 on PostgreSQL with real server processes.
describe.each(backends.filter((backend) => backend.kind === 'pglite'))('media in an S3 bucket on $name', (backend) => {
  describe('loaded by browsers from S3_PUBLIC_URL', () => {
    const t = useApp(backend, {
      sink,
      // A getter: the S3 server's port exists only once its beforeAll ran.
      get env() {
        return s3.env({ publicUrl: true });
      },
    });
    const journal = async () => (await t.db.execute<{ key: string }>(sql`select key from media_sweep`)).rows;
    const keysOfUrls = (post: Post, from: number, to?: number) =>
      post.imageUrls.slice(from, to).flatMap((url) => siblingKeys(url.slice(s3.bucketUrl.length + 1)));

    it('stores every size of a post’s photos in the bucket, served from the public URL, and takes them out with an edit and a delete', async () => {
      const [maya] = await peopleOf(t.app, sink, 'maya');
      const post = await newPost(maya.browser, {}, [await image('jpeg', 900, 600), await image('png', 300, 300)]);
      expect(post.imageUrls.every((url) => url.startsWith(`${s3.bucketUrl}/posts/`))).toBe(true);
      expect(await userObjects()).toEqual(keysOfUrls(post, 0).sort());
      expect(await userObjects()).toHaveLength(6); // full, card, thumb of each

      const loaded = await fetch(post.imageUrls[0]!);
      expect([loaded.status, loaded.headers.get('content-type')]).toEqual([200, 'image/webp']);
      expect(await sharp(Buffer.from(await loaded.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 900, height: 600 });

      // Keep the first photo, replace the second.
      const edited = await maya.browser.request(
        'PUT',
        `/api/posts/${post._id}`,
        await form({ title: 'Sunday drive', content: 'Now with a new second photo.', existingImageUrls: JSON.stringify([post.imageUrls[0]]) }, [await image('webp', 200, 100)]),
      );
      expect(edited.statusCode).toBe(200);
      const after = edited.json<Post>();
      expect(await userObjects()).toEqual(keysOfUrls(after, 0).sort());
      expect(await userObjects()).not.toContain(keysOfUrls(post, 1)[0]);

      expect((await maya.browser.request('DELETE', `/api/posts/${post._id}`)).statusCode).toBe(200);
      expect(await userObjects()).toEqual([]);
      expect(await journal()).toEqual([]);
    });

    it('leaves no object behind when the transaction saving the rows fails, and the sweeper deletes what a killed upload left', async () => {
      const failed = t.app.media.write({ files: [await png(300, 300)], kind: 'post' }, async () => {
        throw new Error('the insert failed');
      });
      await expect(failed).rejects.toThrow('the insert failed');
      expect(await userObjects()).toEqual([]);
      expect(await journal()).toEqual([]);

      // What a kill -9 between storing and committing leaves: objects whose keys are journaled.
      await t.app.media.storeAll([await png(300, 300)], 'post', { journaled: true });
      expect(await userObjects()).toHaveLength(3);
      expect(await t.app.media.sweep({ now: afterGrace(t.app.now()) })).toEqual({ deleted: 3, failed: 0, skipped: false });
      expect(await userObjects()).toEqual([]);
      expect(await journal()).toEqual([]);
    });

    it('stores our artwork in the bucket at start-up: browsers load it from there, never asking this server', async () => {
      await expect.poll(async () => (await s3.keys()).filter((key) => key.startsWith('defaults/')), { timeout: 10_000 }).toEqual(
        Object.values(DEFAULT_ARTWORK_KEYS).sort(),
      );
      const cover = await fetch(t.app.media.defaultUrls.communityCover);
      expect(cover.status).toBe(200);
      expect(t.app.media.defaultUrls.communityCover).toBe(`${s3.bucketUrl}/${DEFAULT_ARTWORK_KEYS.communityCover}`);
    });

    it('lets pages load images from the public URL’s origin (Content-Security-Policy img-src), and from nowhere else new', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
      const imgSrc = String(answer.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('img-src'));
      expect(imgSrc?.trim()).toBe(`img-src 'self' data: blob: ${new URL(s3.bucketUrl).origin}`);
    });

    it('a backup copies the referenced objects out of the bucket and a restore puts them back byte for byte', async () => {
      const [maya] = await peopleOf(t.app, sink, 'maya');
      const post = await newPost(maya.browser, {}, [await image('jpeg', 400, 300)]);
      const keys = keysOfUrls(post, 0);
      const store = new S3MediaStore(t.config.s3!);
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-s3-backup-'));
      try {
        const copied = await copyMedia(keys, store, folder);
        expect(copied.missing).toEqual([]);
        expect(copied.files.map((file) => file.key)).toEqual(keys);
        const before = await Promise.all(keys.map(async (key) => Buffer.from(await (await fetch(`${s3.bucketUrl}/${key}`)).arrayBuffer())));

        for (const key of keys) await store.delete(key);
        expect(await userObjects()).toEqual([]);
        await restoreMedia(copied.files, folder, store);
        expect(await userObjects()).toEqual([...keys].sort());
        const restored = await Promise.all(keys.map(async (key) => Buffer.from(await (await fetch(`${s3.bucketUrl}/${key}`)).arrayBuffer())));
        expect(restored).toEqual(before);
      } finally {
        store.close();
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
  });

  describe('served through the product (no S3_PUBLIC_URL)', () => {
    const t = useApp(backend, {
      sink,
      get env() {
        return s3.env();
      },
    });
    const counts = async () =>
      (
        await t.db.execute<{ posts: number; images: number; journal: number }>(sql`select
          (select count(*)::int from posts) as posts, (select count(*)::int from post_images) as images,
          (select count(*)::int from media_sweep) as journal`)
      ).rows[0];

    it('names /media URLs and serves the bucket’s bytes there, immutable; a missing key is 404', async () => {
      const [maya] = await peopleOf(t.app, sink, 'maya');
      const post = await newPost(maya.browser, {}, [await image('jpeg', 640, 480)]);
      const url = post.imageUrls[0]!;
      expect(url).toMatch(/^\/media\/posts\/[0-9a-f]{32}-full\.webp$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([200, 'image/webp', 'public, max-age=31536000, immutable']);
      const inBucket = Buffer.from(await (await fetch(`${s3.bucketUrl}/${url.slice('/media/'.length)}`)).arrayBuffer());
      expect(served.rawPayload.equals(inBucket)).toBe(true);

      const missing = await t.app.inject({ method: 'GET', url: '/media/posts/ffffffffffffffffffffffffffffffff-full.webp' });
      expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Not found.' }]);
    });

    it('a post deleted while S3 is down goes at once; its photos leave the bucket once S3 is back, retried by the job queue', { timeout: 30_000 }, async () => {
      const [maya] = await peopleOf(t.app, sink, 'maya');
      const kept = await newPost(maya.browser);
      const deleted = await newPost(maya.browser);
      await s3.stop();
      try {
        expect((await maya.browser.request('DELETE', `/api/posts/${deleted._id}`)).statusCode).toBe(200);
        expect((await maya.browser.request('GET', `/api/posts/${deleted._id}`)).statusCode).toBe(404);
      } finally {
        await s3.start();
      }
      // Nobody sweeps here: the media-sweep job's next try (1 s, then 2 s … later) deletes them.
      await expect.poll(userObjects, { timeout: 15_000, interval: 200 }).toEqual(siblingKeys(kept.imageUrls[0]!.replace(/^\/media\//, '')).sort());
      expect(await counts()).toMatchObject({ journal: 0 });
    });

    it('while S3 is down: a post with a photo answers 503 with a sentence and stores nothing, /media answers 503; once back, both work', async () => {
      const [maya] = await peopleOf(t.app, sink, 'maya');
      const earlier = await newPost(maya.browser);
      const before = await counts();
      await s3.stop();
      try {
        const refused = await createPost(maya.browser, {}, [await image()]);
        expect([refused.statusCode, refused.json()]).toEqual([503, { message: STORE_UNAVAILABLE_MESSAGE }]);
        // The journal keeps the keys of whatever part of the upload may have reached the bucket
        // (discarding them failed too), for the sweeper.
        expect(await counts()).toEqual({ ...before, journal: 3 });
        const unreadable = await t.app.inject({ method: 'GET', url: earlier.imageUrls[0]! });
        expect([unreadable.statusCode, unreadable.json()]).toEqual([503, { message: MEDIA_UNREADABLE_MESSAGE }]);
      } finally {
        await s3.start();
      }
      expect(await t.app.media.sweep({ now: afterGrace(t.app.now()) })).toEqual({ deleted: 3, failed: 0, skipped: false });
      expect(await counts()).toEqual(before);
      expect((await createPost(maya.browser, {}, [await image()])).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'GET', url: earlier.imageUrls[0]! })).statusCode).toBe(200);
      expect(await userObjects()).toHaveLength(6);
    });
  });
});
