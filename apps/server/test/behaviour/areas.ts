// Which areas of the contract's behaviour suite each file in this folder runs: the ones its name
// lists, joined by '-' (`garage-safety.test.ts`). Split by area so that
// Vitest's workers share the suite (in one file it took two minutes on a single worker);
// ../behaviour.test.ts checks that the files run every area exactly once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const behaviourFolder = path.dirname(fileURLToPath(import.meta.url));

/** The areas a test file of this folder runs, by its name (a path or a file: URL). */
export function areasOfFile(file: string): string[] {
  return path.basename(file.startsWith('file:') ? fileURLToPath(file) : file, '.test.ts').split('-');
}

/** The folder's test files. */
export function behaviourFiles(): string[] {
  return fs.readdirSync(behaviourFolder).filter((name) => name.endsWith('.test.ts')).sort();
}
