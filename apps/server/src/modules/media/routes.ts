// registerMedia(app, config): the media service as `app.media`, and GET /media/<key>, which
// serves stored files. Multipart parsing is registered by each upload module in its own scope
// (`await app.register(fastifyMultipart, MULTIPART_OPTIONS)`, see uploads.ts): registering it
// here for the whole app would clash with those scopes.
//
// Served files never change (every upload gets a new random key; our artwork's keys carry a
// version), so they are cached for a year as immutable. nosniff keeps browsers to the declared
// type. Anything that is not a valid key, including any `..`, is answered 404 without touching
// the disk.
//
// A size added to IMAGE_VARIANTS later (the posts' `card`, 800 px) does not exist for images
// stored before it: such a request gets the image's primary size instead, the same picture in
// more bytes, cached for a day only (a backfill could still store the real one). No 404 in a
// srcset, and no resizing work on the request path.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { sendNotFound, UnavailableError } from '../../plugins/errors.ts';
import { DEFAULT_ARTWORK_KEYS } from './artwork.ts';
import { startSweeper, SWEEP_CRON, type Sweeper } from './journal.ts';
import { isMediaKey, primaryKeyOf } from './keys.ts';
import { Media } from './media.ts';
import { S3MediaStore } from './s3-store.ts';
import { FileSystemMediaStore, MEDIA_URL_PREFIX, MediaStoreUnavailableError, type MediaStore } from './store.ts';
import { registerUploadLimits } from './uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploads in, URLs out: see modules/media/media.ts. */
    media: Media;
  }
}

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** For the primary size sent in place of a size that was never stored. */
export const MEDIA_STAND_IN_CACHE_CONTROL = 'public, max-age=86400';

const artworkKeys = new Set<string>(Object.values(DEFAULT_ARTWORK_KEYS));

/** The store the configuration names: the S3 bucket of the S3_* settings, else files under DATA_DIR. */
export function createMediaStore(config: Pick<Config, 'dataDir' | 's3'>): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3) : new FileSystemMediaStore(path.join(config.dataDir, 'media'));
}

/** What GET /media/<key> answers when the store cannot be read (S3 down): 503, not a broken 500. */
export const MEDIA_UNREADABLE_MESSAGE = 'Photos cannot be loaded right now. Please try again later.';

export const MEDIA_SWEEP_QUEUE = 'media-sweep';
/** The scheduled sweep of every due key (journal.ts). */
export const MEDIA_SWEEP_DUE_QUEUE = 'media-sweep-due';

export async function registerMedia(app: FastifyInstance, config: Config, store: MediaStore = createMediaStore(config)): Promise<Media> {
  // With the app's database (always, in the real app), uploads and deletions go through the
  // journal and a sweeper finishes what a killed process left: at start-up, then every few minutes.
  const db = app.hasDecorator('db') ? app.db : undefined;
  const jobs = db && app.hasDecorator('jobs') ? app.jobs : null;
  const media = new Media(store, {
    log: app.log,
    ...(db ? { db, clock: () => app.now() } : {}),
    ...(jobs ? { retryLater: (keys: readonly string[]) => jobs.send(MEDIA_SWEEP_QUEUE, { keys: [...keys] }) } : {}),
  });
  // Files a deletion could not remove right after its commit: tried again by the job queue
  // (1 s, 2 s … 32 s apart), on whichever instance; a round that still fails throws, so it retries.
  if (jobs) {
    await jobs.work(MEDIA_SWEEP_QUEUE, async ({ keys }) => {
      const result = await media.sweep({ keys });
      if (result.failed > 0 || result.skipped) throw new Error(`media: ${result.failed} dropped files could not be deleted yet`);
    });
  }
  app.decorate('media', media);
  // The time and memory bounds of every upload (uploads.ts), for the modules' routes registered after.
  media.uploadMemory = registerUploadLimits(app, config);
  // Browsers load a CDN's or bucket's URLs without asking us, so our artwork cannot wait for its
  // first request here: it is stored at start-up, beside serving (once; a failure is logged and
  // retried on the next request that finds it missing). Closing waits for it, then lets go of
  // the store's connections, so no write is cut off halfway.
  let storingArtwork: Promise<void> | null = null;
  if (!store.servedHere) {
    app.addHook('onReady', async () => {
      storingArtwork = media.ensureDefaultArtwork().catch((error: unknown) => app.log.error({ err: error }, 'storing the default artwork failed'));
    });
  }
  app.addHook('onClose', async () => {
    await storingArtwork;
    store.close?.();
  });
  if (db) {
    const round = async () => {
      const result = await media.sweep().catch((error: unknown) => {
        app.log.error({ err: error }, 'media sweep failed');
        return null;
      });
      if (result && (result.deleted > 0 || result.failed > 0)) app.log.info({ ...result }, 'media sweep');
    };
    if (jobs) {
      // Every few minutes on one instance of the cluster (a schedule of the job queue), and here
      // at start-up, for what a process killed here left.
      await jobs.every(MEDIA_SWEEP_DUE_QUEUE, SWEEP_CRON, round);
      let starting: Promise<void> | null = null;
      app.addHook('onReady', async () => {
        starting = round();
      });
      app.addHook('onClose', async () => starting ?? undefined);
    } else {
      let sweeper: Sweeper | null = null;
      app.addHook('onReady', async () => {
        sweeper = startSweeper(round);
      });
      // Before the database closes (onClose hooks run in reverse order of registration).
      app.addHook('onClose', async () => sweeper?.stop());
    }
  }

  app.get(`${MEDIA_URL_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isMediaKey(key)) return sendNotFound(reply);
    const read = (k: string) =>
      store.get(k).catch((error: unknown) => {
        throw error instanceof MediaStoreUnavailableError ? new UnavailableError(503, MEDIA_UNREADABLE_MESSAGE, { cause: error }) : error;
      });
    let file = await read(key);
    if (!file && artworkKeys.has(key)) {
      await media.ensureDefaultArtwork();
      file = await read(key);
    }
    const primaryKey = file ? null : primaryKeyOf(key);
    if (primaryKey) file = await read(primaryKey);
    if (!file) return sendNotFound(reply);
    return reply
      .header('cache-control', primaryKey ? MEDIA_STAND_IN_CACHE_CONTROL : MEDIA_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .type(file.contentType)
      .send(file.body);
  });
  return media;
}
