// Media files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph, Garage…), chosen
// by the S3_* settings. Every app server of a cluster then reads and writes the same files, and
// browsers load them from S3_PUBLIC_URL (a CDN or the bucket's own address) or, without it,
// through this server's GET /media/<key> like the file-system store's.
//
// S3 needs none of the file store's care for atomicity: a PutObject is all or nothing, a reader
// sees the old object or the new one. DeleteObject of a missing key succeeds, as `delete` must.
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { contentTypeOfKey, isMediaKey } from './keys.ts';
import { InvalidMediaKeyError, MEDIA_URL_PREFIX, MediaStoreUnavailableError, type MediaStore, type StoredObject } from './store.ts';

/** Stored objects never change (new upload, new key), so caches may keep them for a year. */
const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * How long one S3 call may take. Opening a connection takes milliseconds on a healthy network; an
 * upload of the largest variant (a 1600 px WebP, a few hundred KB) well under a second. Bounded so
 * that a store that stops answering gives a 503 instead of a hanging request; the SDK retries
 * (3 attempts, with backoff) within a request's patience.
 */
export const S3_TIMEOUTS = { connectMs: 3_000, requestMs: 15_000 } as const;

/** The errors a full store answers with (MinIO's, and the HTTP status some gateways send). */
const FULL_ERRORS = new Set(['XMinioStorageFull', 'InsufficientStorage', 'QuotaExceeded']);

export class S3MediaStore implements MediaStore {
  readonly client: S3Client;
  readonly bucket: string;
  /** Where browsers load objects from: `${publicUrl}/${key}`; null: this server's /media/. */
  readonly publicUrl: string | null;
  readonly servedHere: boolean;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.publicUrl = config.publicUrl;
    this.servedHere = config.publicUrl === null;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK's default adds CRC32 checksums in forms several S3-compatible servers refuse;
      // only where the API requires one. TLS and the Content-MD5-free PUT keep the bytes honest.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: S3_TIMEOUTS.connectMs, requestTimeout: S3_TIMEOUTS.requestMs },
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (!isMediaKey(key)) throw new InvalidMediaKeyError(key);
    if (contentTypeOfKey(key) !== contentType) throw new Error(`The content type ${contentType} does not match the key ${key}.`);
    await this.call('PutObject', () =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: OBJECT_CACHE_CONTROL }),
      ),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const contentType = contentTypeOfKey(key);
    if (!contentType) return null;
    let answer;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw unavailable('GetObject', error);
    }
    if (!(answer.Body instanceof Readable)) throw new Error('GetObject answered without a body stream.');
    return { body: answer.Body, size: answer.ContentLength ?? 0, contentType };
  }

  async delete(key: string): Promise<void> {
    if (!isMediaKey(key)) throw new InvalidMediaKeyError(key);
    await this.call('DeleteObject', () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  url(key: string): string {
    if (!isMediaKey(key)) throw new InvalidMediaKeyError(key);
    return this.publicUrl ? `${this.publicUrl}/${key}` : `${MEDIA_URL_PREFIX}${key}`;
  }

  /**
   * The key of a URL under the public address or this server's /media/: rows written before a
   * CDN was put in front keep pointing at /media/, which still serves them, and their files are
   * still deleted with their posts.
   */
  keyOf(url: string): string | null {
    for (const prefix of [this.publicUrl ? `${this.publicUrl}/` : null, MEDIA_URL_PREFIX]) {
      if (prefix && url.startsWith(prefix)) {
        const key = url.slice(prefix.length);
        return isMediaKey(key) ? key : null;
      }
    }
    return null;
  }

  close(): void {
    this.client.destroy();
  }

  private async call<T>(operation: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw unavailable(operation, error);
    }
  }
}

/** A failed S3 call as the media service's store error: full, or unavailable (503). */
function unavailable(operation: string, error: unknown): MediaStoreUnavailableError {
  const name = error instanceof Error ? error.name : 'Error';
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const full = FULL_ERRORS.has(name) || status === 507;
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new MediaStoreUnavailableError(`S3 ${operation} failed: ${name}${status ? ` (${status})` : ''} ${detail}`, { full, cause: error });
}
