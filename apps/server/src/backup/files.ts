// Small file helpers of the backup and the restore: checksums, emptiness, copies.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file's bytes and their sha256 (hex). Media files and dumps fit in memory. */
export async function readWithChecksum(file: string): Promise<{ bytes: Buffer; sha256: string }> {
  const bytes = await fs.promises.readFile(file);
  return { bytes, sha256: sha256(bytes) };
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The sha256 of a file of any size, read as a stream. */
export async function fileChecksum(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether `dir` is missing or holds nothing. */
export function isMissingOrEmpty(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Writes `bytes` to `file` (creating its folder) and flushes it to disk. */
export async function writeDurably(file: string, bytes: Uint8Array): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.promises.open(file, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
