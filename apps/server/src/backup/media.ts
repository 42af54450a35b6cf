// Copying media files between the store's folder and a backup folder, by key. Several files at a
// time: each copy is flushed to disk before the manifest can list it, and those waits overlap.
import fs from 'node:fs';
import path from 'node:path';
import type { MediaEntry } from './manifest.ts';
import { readWithChecksum, writeDurably } from './files.ts';

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

/** Copies the files of `keys` from `fromRoot` to `toRoot`, with their sizes and checksums. */
export async function copyMedia(keys: readonly string[], fromRoot: string, toRoot: string): Promise<CopiedMedia> {
  const results = await eachLimited(keys, PARALLEL_COPIES, async (key): Promise<MediaEntry | string> => {
    let read: Awaited<ReturnType<typeof readWithChecksum>>;
    try {
      read = await readWithChecksum(path.join(fromRoot, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return key;
    }
    await writeDurably(path.join(toRoot, key), read.bytes);
    return { key, bytes: read.bytes.length, sha256: read.sha256 };
  });
  const files = results.filter((result): result is MediaEntry => typeof result !== 'string');
  return {
    files,
    missing: results.filter((result): result is string => typeof result === 'string'),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
  };
}

/** Copies a verified backup's files into the (empty) store folder, each flushed to disk. */
export async function restoreMedia(files: readonly MediaEntry[], fromRoot: string, toRoot: string): Promise<void> {
  await eachLimited(files, PARALLEL_COPIES, async ({ key }) => {
    await writeDurably(path.join(toRoot, key), await fs.promises.readFile(path.join(fromRoot, key)));
  });
}
