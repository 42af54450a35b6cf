// The media service the posts, users and communities modules use (as `app.media`).
//
// Uploads and the database cannot share a transaction. Routes go through `write`, which keeps
// them in step through the media journal (journal.ts), whatever moment the process dies:
//
//   const post = await app.media.write({ files: form.files, kind: 'post' }, async (tx, media) => {
//     …insert rows with media.images[i].url…   // the files are stored and journaled already
//     media.drop(replacedUrls);                 // files no row will reference after the commit
//     return …;
//   });
//
// Before the transaction: every upload is checked and converted (a refusal stores nothing), its
// keys are journaled (due after the grace period), then the files are written. The transaction
// runs `work`, then removes the new keys from the journal and adds the dropped ones (due now). On
// failure the new files and keys go at once; after the commit the dropped files go at once. A
// kill -9 anywhere leaves only journaled keys, which the sweeper finishes.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { UnavailableError } from '../../plugins/errors.ts';
import { defaultArtwork, DEFAULT_ARTWORK_KEYS, type DefaultArtwork } from './artwork.ts';
import { dropFiles, expectFiles, keepFiles, sweepMedia, type SweepResult } from './journal.ts';
import { imageKey, newImageId, siblingKeys } from './keys.ts';
import type { ImageKind } from './limits.ts';
import { processImage, type ProcessedImage } from './process.ts';
import { MediaStoreUnavailableError, type MediaStore } from './store.ts';
import type { UploadMemory } from './uploads.ts';

export const STORE_FULL_MESSAGE = 'There is no room to store photos right now. Please try again later.';
export const STORE_UNAVAILABLE_MESSAGE = 'Photos cannot be stored right now. Please try again later.';
/** No space, or the quota of the user the server runs as: 507 Insufficient Storage. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * What a failed write to the store answers: 507 when it is full, 503 when it cannot be written
 * (read-only, permissions, I/O); errors without an errno code (a bug) stay as they are (500).
 */
function storeWriteError(error: unknown): unknown {
  if (error instanceof MediaStoreUnavailableError) {
    return new UnavailableError(error.full ? 507 : 503, error.full ? STORE_FULL_MESSAGE : STORE_UNAVAILABLE_MESSAGE, { cause: error });
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  if (typeof code !== 'string') return error;
  return FULL_CODES.has(code)
    ? new UnavailableError(507, STORE_FULL_MESSAGE, { cause: error })
    : new UnavailableError(503, STORE_UNAVAILABLE_MESSAGE, { cause: error });
}

export interface StoredVariant {
  key: string;
  url: string;
  width: number;
  height: number;
  /** Bytes stored. */
  size: number;
}

export interface StoredImage {
  kind: ImageKind;
  /** The primary size's URL: what the database keeps. */
  url: string;
  /** The primary size's dimensions, for the UI to reserve space. */
  width: number;
  height: number;
  /** Every stored size by name (IMAGE_VARIANTS[kind]), the primary one included. */
  variants: Record<string, StoredVariant>;
}

export interface MediaBatch {
  /** In the order of the uploads. */
  readonly images: readonly StoredImage[];
  /** Deletes every file of this batch (after a later step failed), and its journal keys. Never throws. */
  discard(): Promise<void>;
}

/** An upload as readUploadForm returns it, or just its bytes. */
export type UploadInput = Uint8Array | { bytes: Uint8Array };

/** What `write`'s work gets beside the transaction. */
export interface MediaTransaction {
  /** The uploads, stored, in the order sent ([] without uploads). */
  readonly images: readonly StoredImage[];
  /**
   * The files of these URLs (every size) lose their last reference in this transaction: they are
   * journaled with it and deleted right after the commit. Other URLs (default artwork) are ignored.
   */
  drop(urls: Iterable<string | null | undefined>): void;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface MediaOptions {
  log?: Log;
  /** The database of the journal; without it (tools that write rows themselves) only storeAll works. */
  db?: Db;
  /** The clock of the journal's due times (app.now). */
  clock?: () => Date;
  /**
   * Where the files a deletion right after its commit could not remove go to be tried again (the
   * job queue's `media-sweep`, with backoff); without it, the periodic sweeper takes them.
   */
  retryLater?: (keys: readonly string[]) => Promise<void>;
}

export class Media {
  readonly store: MediaStore;
  private readonly log: Log | null;
  private readonly db: Db | null;
  private readonly now: () => Date;
  private readonly retryLater: ((keys: readonly string[]) => Promise<void>) | null;
  private artwork: Promise<void> | null = null;
  /** The upload bytes the app's requests hold in memory (uploads.ts); set by registerMedia. */
  uploadMemory: UploadMemory | null = null;

  constructor(store: MediaStore, options: MediaOptions = {}) {
    this.store = store;
    this.log = options.log ?? null;
    this.db = options.db ?? null;
    this.now = options.clock ?? (() => new Date());
    this.retryLater = options.retryLater ?? null;
  }

  private journal(): Db {
    if (!this.db) throw new Error('This Media has no database: pass { db } to use the journal.');
    return this.db;
  }

  /**
   * Stores the uploads (if any), then runs `work` in one transaction (inTransaction: it may run
   * again after a deadlock), keeping the new files if it commits and deleting them if it fails;
   * files passed to `drop` are deleted after the commit. The only way routes store or delete
   * media: nothing to remember, nothing to forget.
   */
  async write<T>(uploads: { files: readonly UploadInput[]; kind: ImageKind } | null, work: (tx: Tx, media: MediaTransaction) => Promise<T>): Promise<T> {
    const db = this.journal();
    const batch = uploads && uploads.files.length > 0 ? await this.storeAll(uploads.files, uploads.kind, { journaled: true }) : null;
    const newKeys = batch ? keysOfBatch(batch) : [];
    let dropped: string[] = [];
    let result: T;
    try {
      result = await inTransaction(db, async (tx) => {
        const urls: Array<string | null | undefined> = [];
        const value = await work(tx, { images: batch?.images ?? [], drop: (more) => urls.push(...more) });
        await keepFiles(tx, newKeys);
        dropped = await this.dropInTransaction(tx, urls);
        return value;
      });
    } catch (error) {
      await batch?.discard();
      throw error;
    }
    await this.deleteDropped(dropped);
    return result;
  }

  /**
   * For a transaction `write` cannot run (one that another helper opens, e.g. redeemCode): the
   * files of these URLs lose their last reference in `tx`. Returns their keys: pass them to
   * deleteDropped after the commit.
   */
  async dropInTransaction(tx: Tx, urls: Iterable<string | null | undefined>): Promise<string[]> {
    const keys = this.keysOf(urls);
    await dropFiles(tx, keys, this.now());
    return keys;
  }

  /**
   * After the commit that dropped them: deletes the files now. Never throws: what is left (the
   * store or the database failing) is retried through `retryLater`, or by the sweeper.
   */
  async deleteDropped(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const result = await this.sweep({ keys }).catch((error: unknown) => {
      this.sweepFailed(error, 'media: could not delete dropped files');
      return null;
    });
    if (result && result.failed === 0 && !result.skipped) return;
    await this.retryLater?.(keys).catch((error: unknown) => this.sweepFailed(error, 'media: could not queue the deletion of dropped files'));
  }

  /**
   * After the commit that dropped them: leaves the files to the job queue (`retryLater`), in
   * batches of 500 keys, so the request answers whatever their number (an account with thousands
   * of photos); deletes them now when there is no queue. Never throws.
   */
  async deleteLater(keys: readonly string[]): Promise<void> {
    if (!this.retryLater) return this.deleteDropped(keys);
    for (let at = 0; at < keys.length; at += 500) {
      const batch = keys.slice(at, at + 500);
      await this.retryLater(batch).catch(async (error: unknown) => {
        this.sweepFailed(error, 'media: could not queue the deletion of dropped files');
        await this.deleteDropped(batch);
      });
    }
  }

  /**
   * A sweep right after a request failed; the journal still lists its keys, so the sweeper
   * deletes the files later. With the database unavailable (an outage fails every request) one
   * warning line without a stack, as plugins/errors.ts logs the request's own 503.
   */
  private sweepFailed(error: unknown, what: string): void {
    if (isDatabaseUnavailable(error)) this.log?.warn({ database: describeDatabaseError(error) }, `${what}; the sweeper will`);
    else this.log?.error({ err: error }, what);
  }

  /**
   * One sweeper round (journal.ts): deletes the files of every key due at `now` (default the
   * clock's), or of the given keys only.
   */
  sweep(options: { now?: Date; keys?: readonly string[]; anyDue?: boolean } = {}): Promise<SweepResult> {
    return sweepMedia({
      db: this.journal(),
      store: this.store,
      now: options.anyDue ? 'any' : (options.now ?? this.now()),
      ...(options.keys ? { keys: options.keys } : {}),
      onError: (error, key) => this.log?.error({ err: error, key }, 'media: could not delete a file'),
    });
  }

  /** Every stored key (all sizes) of these URLs; not our uploads (artwork, other sites) are left out. */
  private keysOf(urls: Iterable<string | null | undefined>): string[] {
    const keys = new Set<string>();
    for (const url of urls) {
      const key = url ? this.store.keyOf(url) : null;
      if (key) for (const sibling of siblingKeys(key)) keys.add(sibling);
    }
    return [...keys];
  }

  /** Checks and converts one upload and stores its sizes (for a single avatar or cover). */
  async storeImage(upload: UploadInput, kind: ImageKind): Promise<MediaBatch & { image: StoredImage }> {
    const batch = await this.storeAll([upload], kind);
    return Object.assign(batch, { image: batch.images[0]! });
  }

  /**
   * Checks and converts every upload first (a refusal throws before anything is stored), then
   * stores them all. If storing fails halfway, what was stored is removed before the error is
   * rethrown.
   */
  async storeAll(uploads: readonly UploadInput[], kind: ImageKind, options: { journaled?: boolean } = {}): Promise<MediaBatch> {
    // In parallel: processImage takes as many at once as there are cores and queues the rest.
    const processed: ProcessedImage[] = await Promise.all(
      uploads.map((upload) => processImage(upload instanceof Uint8Array ? upload : upload.bytes, kind)),
    );
    const planned = processed.map((image) => {
      const id = newImageId();
      return image.variants.map((variant) => ({ key: imageKey(kind, id, variant.name), variant }));
    });
    const keys = planned.flat().map((file) => file.key);
    // Journaled before any write: a process killed from here on leaves keys the sweeper finds.
    if (options.journaled) await expectFiles(this.journal(), keys, this.now());
    const discard = options.journaled ? () => this.discardJournaled(keys) : () => this.deleteKeys(keys);

    try {
      const images: StoredImage[] = [];
      for (const files of planned) {
        const variants: Record<string, StoredVariant> = {};
        for (const { key, variant } of files) {
          await this.store.put(key, variant.bytes, variant.contentType);
          variants[variant.name] = { key, url: this.store.url(key), width: variant.width, height: variant.height, size: variant.bytes.length };
        }
        const primary = variants[files[0]!.variant.name]!;
        images.push({ kind, url: primary.url, width: primary.width, height: primary.height, variants });
      }
      return { images, discard };
    } catch (error) {
      await discard();
      throw storeWriteError(error);
    }
  }

  /** A journaled batch that will not be kept: its files and keys go now (or, if that fails, by the sweeper). */
  private async discardJournaled(keys: readonly string[]): Promise<void> {
    await this.sweep({ keys, anyDue: true }).catch((error: unknown) => this.sweepFailed(error, 'media: could not discard an upload'));
  }

  /**
   * For tools that write rows themselves (scripts/scale-data.ts): deletes the files of these URLs
   * (every size) at once, without the journal or the sweep lock. Routes use `write`'s `drop`.
   * Never throws; a failure is logged.
   */
  async deleteImages(urls: Iterable<string | null | undefined>): Promise<void> {
    await this.deleteKeys(this.keysOf(urls));
  }

  private async deleteKeys(keys: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.store.delete(key)));
    results.forEach((result, index) => {
      if (result.status === 'rejected') this.log?.error({ err: result.reason, key: keys[index] }, 'media: could not delete a file');
    });
  }

  /** URLs of our own artwork, for the modules that show it when nothing was uploaded. */
  get defaultUrls(): { communityCover: string; communityCoverThumb: string; authBackground: string } {
    return {
      communityCover: this.store.url(DEFAULT_ARTWORK_KEYS.communityCover),
      communityCoverThumb: this.store.url(DEFAULT_ARTWORK_KEYS.communityCoverThumb),
      authBackground: this.store.url(DEFAULT_ARTWORK_KEYS.authBackground),
    };
  }

  /**
   * Renders and stores our artwork unless already stored. Runs once per process (a failure is
   * retried on the next call); the media routes call it on the first request for it.
   */
  ensureDefaultArtwork(): Promise<void> {
    this.artwork ??= this.storeArtwork().catch((error: unknown) => {
      this.artwork = null;
      throw error;
    });
    return this.artwork;
  }

  private async storeArtwork(): Promise<void> {
    let missing = false;
    for (const key of Object.values(DEFAULT_ARTWORK_KEYS)) {
      const existing = await this.store.get(key);
      if (!existing) missing = true;
      existing?.body.destroy();
    }
    if (!missing) return;
    const files: DefaultArtwork[] = await defaultArtwork();
    for (const file of files) await this.store.put(file.key, file.bytes, file.contentType);
  }
}

function keysOfBatch(batch: MediaBatch): string[] {
  return batch.images.flatMap((image) => Object.values(image.variants).map((variant) => variant.key));
}
