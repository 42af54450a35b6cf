// The server project's global setup (vitest.config.ts): one migrated PGlite database for the
// whole run, written once to a file that every test file's template loads (harness.ts).
// Creating a PGlite database (its initdb) costs some 3 s of CPU, loading a written one under one;
// each of the ~100 test files used to pay the first, per worker, before its first test.
// Where DATABASE_URL is set, likewise one migrated PostgreSQL database, which each test file's
// database copies (CREATE DATABASE … TEMPLATE) instead of running the migrations again.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteExtensions, wrapPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPostgresDatabase, postgresUrl, type PostgresTestDatabase } from './postgres-database.ts';

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

  let postgres: PostgresTestDatabase | null = null;
  if (postgresUrl) {
    postgres = await createPostgresDatabase();
    const database = await openPostgres(postgres.url);
    try {
      await migrate(database);
    } finally {
      // A template may have no one connected while it is copied.
      await database.close();
    }
    project.provide('migratedPostgres', new URL(postgres.url).pathname.slice(1));
  }
  return async () => {
    await postgres?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The written migrated PGlite database (a tar file), or unset outside the server project. */
    migratedPglite?: string;
    /** The name of the migrated PostgreSQL database to copy, where DATABASE_URL is set. */
    migratedPostgres?: string;
  }
}
