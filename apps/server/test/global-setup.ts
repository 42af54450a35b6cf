// The server project's global setup (vitest.config.ts): one migrated PGlite database for the
// whole run, written once to a file that every test file's template loads (harness.ts).
// Creating a PGlite database (its initdb) costs some 3 s of CPU, loading a written one under one;
// each of the ~100 test files used to pay the first, per worker, before its first test.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, wrapPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitlane-template-'));
  const file = path.join(dir, 'migrated.tar');
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrate(wrapPglite(client));
    const dump = await client.dumpDataDir('none');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('migratedPglite', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The written migrated PGlite database (a tar file), or unset outside the server project. */
    migratedPglite?: string;
  }
}
