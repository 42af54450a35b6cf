// Copying media files between the store's folder and a backup folder, by key.
import fs from 'node:fs';
import path from 'node:path';
import type { MediaEntry } from './manifest.ts';
import { readWithChecksum, writeDurably } from './files.ts';

export interface CopiedMedia {
  files: MediaEntry[];
  /** Keys with no file in the store. */
  missing: string[];
  bytes: number;
}

/** Copies the files of `keys` from `fromRoot` to `toRoot`, with their sizes and checksums. */
export async function copyMedia(keys: readonly string[], fromRoot: string, toRoot: string): Promise<CopiedMedia> {
  const copied: CopiedMedia = { files: [], missing: [], bytes: 0 };
  for (const key of keys) {
    let read: Awaited<ReturnType<typeof readWithChecksum>>;
    try {
      read = await readWithChecksum(path.join(fromRoot, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      copied.missing.push(key);
      continue;
    }
    await writeDurably(path.join(toRoot, key), read.bytes);
    copied.files.push({ key, bytes: read.bytes.length, sha256: read.sha256 });
    copied.bytes += read.bytes.length;
  }
  return copied;
}

/** Copies a verified backup's files into the (empty) store folder. */
export async function restoreMedia(files: readonly MediaEntry[], fromRoot: string, toRoot: string): Promise<void> {
  for (const { key } of files) {
    await fs.promises.mkdir(path.dirname(path.join(toRoot, key)), { recursive: true });
    await fs.promises.copyFile(path.join(fromRoot, key), path.join(toRoot, key), fs.constants.COPYFILE_EXCL);
  }
}
