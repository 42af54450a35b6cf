// The media service the posts, users and communities modules use (as `app.media`).
//
// Uploads and the database cannot share a transaction, so a request that stores images follows
// one order, which leaves no orphan files and no half post:
//
//   const batch = await app.media.storeAll(files, 'post'); // checks and converts ALL, then stores
//   try {
//     await inTransaction(app.db, …batch.images.map((image) => image.url)…);
//   } catch (error) {
//     await batch.discard();                              // the new files go again
//     throw error;
//   }
//   await app.media.deleteImages(replacedUrls);           // old files only after the commit
//
// A refused image refuses the whole request before anything is stored.
import type { FastifyBaseLogger } from 'fastify';
import { defaultArtwork, DEFAULT_ARTWORK_KEYS, type DefaultArtwork } from './artwork.ts';
import { imageKey, newImageId, siblingKeys } from './keys.ts';
import type { ImageKind } from './limits.ts';
import { processImage, type ProcessedImage } from './process.ts';
import type { MediaStore } from './store.ts';

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
  /** Deletes every file of this batch (after a later step failed). Never throws. */
  discard(): Promise<void>;
}

/** An upload as readUploadForm returns it, or just its bytes. */
export type UploadInput = Uint8Array | { bytes: Uint8Array };

export class Media {
  readonly store: MediaStore;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'> | null;
  private artwork: Promise<void> | null = null;

  constructor(store: MediaStore, options: { log?: Pick<FastifyBaseLogger, 'warn' | 'error'> } = {}) {
    this.store = store;
    this.log = options.log ?? null;
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
  async storeAll(uploads: readonly UploadInput[], kind: ImageKind): Promise<MediaBatch> {
    // In parallel: processImage takes as many at once as there are cores and queues the rest.
    const processed: ProcessedImage[] = await Promise.all(
      uploads.map((upload) => processImage(upload instanceof Uint8Array ? upload : upload.bytes, kind)),
    );

    const written: string[] = [];
    const discard = () => this.deleteKeys(written);
    try {
      const images: StoredImage[] = [];
      for (const image of processed) {
        const id = newImageId();
        const variants: Record<string, StoredVariant> = {};
        for (const variant of image.variants) {
          const key = imageKey(kind, id, variant.name);
          // Recorded before the write: a put that fails halfway may still leave a file to remove.
          written.push(key);
          await this.store.put(key, variant.bytes, variant.contentType);
          variants[variant.name] = { key, url: this.store.url(key), width: variant.width, height: variant.height, size: variant.bytes.length };
        }
        const primary = variants[image.variants[0]!.name]!;
        images.push({ kind, url: primary.url, width: primary.width, height: primary.height, variants });
      }
      return { images, discard };
    } catch (error) {
      await discard();
      throw error;
    }
  }

  /**
   * Deletes the images behind these URLs (every stored size of each), e.g. a post's photos after
   * the post was deleted, or the previous avatar after the new one was saved. Call it after the
   * database commit. URLs that are not our uploads (our default artwork, empty strings, other
   * sites) are left alone. Never throws: the request already succeeded; a failure is logged.
   */
  async deleteImages(urls: Iterable<string | null | undefined>): Promise<void> {
    const keys = new Set<string>();
    for (const url of urls) {
      const key = url ? this.store.keyOf(url) : null;
      if (key) for (const sibling of siblingKeys(key)) keys.add(sibling);
    }
    await this.deleteKeys([...keys]);
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
