// Copying media files between the media store (a folder or an S3 bucket) and a backup folder, by
// key. Several files at a time: each copy is flushed to disk before the manifest can list it (or
// each upload answered), and those waits overlap.
import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { contentTypeOfKey } from '../modules/media/keys.ts';
import type { MediaStore } from '../modules/media/store.ts';
import type { MediaEntry } from './manifest.ts';
import { sha256, writeDurably } from './files.ts';

/** Files copied (or checked) at once. */
export const PARALLEL_COPIES = 8;

export interface CopiedMedia {
  /** In the order of the keys. */
  files: MediaEntry[];
  /** Keys with no file in the store. */
  missing: string[];
  bytes: number;
}

/** Runs `work` on every item, at most `limit` at a time; the results in the items' order. */
export async function eachLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Copies the files of `keys` from the store to `toRoot`, with their sizes and checksums. */
export async function copyMedia(keys: readonly string[], store: MediaStore, toRoot: string): Promise<CopiedMedia> {
  const results = await eachLimited(keys, PARALLEL_COPIES, async (key): Promise<MediaEntry | string> => {
    const file = await store.get(key);
    if (!file) return key;
    const bytes = await buffer(file.body);
    await writeDurably(path.join(toRoot, key), bytes);
    return { key, bytes: bytes.length, sha256: sha256(bytes) };
  });
  const files = results.filter((result): result is MediaEntry => typeof result !== 'string');
  return {
    files,
    missing: results.filter((result): result is string => typeof result === 'string'),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
  };
}

/** Copies a verified backup's files into the store (each put is all or nothing, and durable). */
export async function restoreMedia(files: readonly MediaEntry[], fromRoot: string, store: MediaStore): Promise<void> {
  await eachLimited(files, PARALLEL_COPIES, async ({ key }) => {
    const contentType = contentTypeOfKey(key);
    if (!contentType) throw new Error(`Not a media key: ${key}`);
    await store.put(key, await fs.promises.readFile(path.join(fromRoot, key)), contentType);
  });
}
