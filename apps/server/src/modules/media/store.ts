// Where media files live. The pipeline and the routes speak only to MediaStore: files under
// DATA_DIR (FileSystemMediaStore, here) or an S3-compatible bucket (S3MediaStore, s3-store.ts),
// as the configuration says (routes.ts createMediaStore).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { contentTypeOfKey, isMediaKey } from './keys.ts';

export interface StoredObject {
  body: Readable;
  /** Bytes. */
  size: number;
  contentType: string;
}

export interface MediaStore {
  /** Stores `bytes` under `key`, all or nothing: a reader never sees a partly written file. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored file, or null when there is none (or the key is not a valid media key). */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file; removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The URL browsers load the file from. */
  url(key: string): string;
  /** The key of a URL this store made, or null for any other URL. */
  keyOf(url: string): string | null;
  /** Whether browsers load the files through this server's GET /media/ (else from elsewhere: a CDN). */
  readonly servedHere: boolean;
  /** Lets go of connections, when the app closes. */
  close?(): void;
}

/**
 * The store could not do what was asked (a remote store down, refusing, or `full`): the media
 * service answers 503, or 507 when full. The file-system store's errors carry errno codes instead.
 */
export class MediaStoreUnavailableError extends Error {
  override name = 'MediaStoreUnavailableError';
  readonly full: boolean;
  constructor(message: string, options: ErrorOptions & { full?: boolean } = {}) {
    super(message, options);
    this.full = options.full ?? false;
  }
}

export class InvalidMediaKeyError extends Error {
  override name = 'InvalidMediaKeyError';
  constructor(key: string) {
    super(`Not a media key: ${JSON.stringify(key)}`);
  }
}

/** Where put writes a key's bytes before renaming them over the key. */
function temporaryOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
}

/** The path every file-system-store URL starts with; the media routes serve it. */
export const MEDIA_URL_PREFIX = '/media/';

/**
 * Files under `root` (`${DATA_DIR}/media` by default), served by this server at /media/<key>.
 * Writes go to a temporary file beside the target, are flushed to disk, then renamed over it:
 * rename is atomic on one file system, so a crash or a failed write never leaves half a file
 * under a key.
 */
export class FileSystemMediaStore implements MediaStore {
  readonly root: string;
  readonly urlPrefix: string;
  readonly servedHere = true;

  constructor(root: string, options: { urlPrefix?: string } = {}) {
    this.root = path.resolve(root);
    this.urlPrefix = options.urlPrefix ?? MEDIA_URL_PREFIX;
  }

  /** The file of a valid key, always inside root; null for anything else. */
  private pathOf(key: string): string | null {
    if (!isMediaKey(key)) return null;
    const file = path.resolve(this.root, key);
    // The key pattern already rules out `..`; this holds even if the pattern were loosened.
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    if (!file) throw new InvalidMediaKeyError(key);
    if (contentTypeOfKey(key) !== contentType) {
      throw new Error(`The content type ${contentType} does not match the key ${key}.`);
    }
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // A dot name ending in .tmp never matches the key pattern, so it is never served. The key's
    // own temporary name first, so delete(key) also removes one left by a process killed while
    // writing; only if it exists already (another writer of the same key: our artwork) a random one.
    let temporary = temporaryOf(file);
    try {
      const handle = await fs.promises.open(temporary, 'wx').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
        return fs.promises.open(temporary, 'wx');
      });
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, file);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    const contentType = contentTypeOfKey(key);
    if (!file || !contentType) return null;
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      // The stream owns the handle from here and closes it when done or destroyed.
      return { body: handle.createReadStream(), size: stat.size, contentType };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (!file) throw new InvalidMediaKeyError(key);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(temporaryOf(file), { force: true });
  }

  url(key: string): string {
    if (!isMediaKey(key)) throw new InvalidMediaKeyError(key);
    return `${this.urlPrefix}${key}`;
  }

  keyOf(url: string): string | null {
    if (!url.startsWith(this.urlPrefix)) return null;
    const key = url.slice(this.urlPrefix.length);
    return isMediaKey(key) ? key : null;
  }
}
