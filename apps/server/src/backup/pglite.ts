// The embedded database's side of backup and restore: PGlite's own dump of its data folder
// (dumpDataDir, a gzipped tarball) and its own load of one (loadDataDir).
//
// Why dumpDataDir rather than pg_dump (@electric-sql/pglite-tools): it is part of the PGlite the
// server already runs (no second WASM build to pin and keep in step), it copies the database
// exactly as it is (migration journal, extensions, statistics) and loads back in a second or two
// with nothing to replay, and it is how the tests already clone their databases. Its limit: the
// tarball is PGlite's on-disk format, so it restores into PGlite of the same PostgreSQL major
// version (the one package.json pins), not into a PostgreSQL server.
//
// The server must be stopped: the data folder's lock file (db/lock.ts) already keeps a second
// process out of an open PGlite, and with the server stopped nothing can change the rows or delete
// a media file while the backup runs, so the tarball and the copied files agree without the
// media sweep lock (which is PostgreSQL's, for a backup beside running servers).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteExtensions, wrapPglite, type Database } from '../db/client.ts';
import { acquireLock, DatabaseLockedError } from '../db/lock.ts';
import { BackupError } from './errors.ts';
import type { Query } from './snapshot.ts';

/** `${dataDir}/db`, where the server keeps the embedded database. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/** The embedded database of `dataDir`, opened for a backup; a BackupError when the server runs. */
export async function openPgliteForBackup(dataDir: string): Promise<Database> {
  const folder = pgliteFolder(dataDir);
  // openPglite would create an empty database where there is none.
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${folder}: check DATA_DIR (or set DATABASE_URL to back up PostgreSQL).`);
  }
  try {
    return await openPglite(folder);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new BackupError(
        `The database in ${folder} is in use by a running Pitlane server: stop the server, run the backup, then start it again. ` +
          `(${error.message})`,
      );
    }
    throw error;
  }
}

export function pgliteQuery(database: Database): Query {
  if (database.driver.kind !== 'pglite') throw new Error('Not a PGlite database.');
  const { client } = database.driver;
  return async (text) => client.query(text);
}

/** The database's data folder as a gzipped tarball. */
export async function dumpPglite(database: Database): Promise<Uint8Array> {
  if (database.driver.kind !== 'pglite') throw new Error('Not a PGlite database.');
  const tarball = await database.driver.client.dumpDataDir('gzip');
  return new Uint8Array(await tarball.arrayBuffer());
}

/** Loads a dumpPglite tarball into `${dataDir}/db` (which must not hold a database) and opens it. */
export async function loadPglite(dataDir: string, tarball: Uint8Array): Promise<Database> {
  const folder = pgliteFolder(dataDir);
  fs.mkdirSync(folder, { recursive: true });
  const release = acquireLock(`${folder}.lock`, `The database in ${folder}`);
  try {
    const client = await PGlite.create({
      dataDir: folder,
      extensions: pgliteExtensions,
      loadDataDir: new Blob([tarball as Uint8Array<ArrayBuffer>], { type: 'application/x-gzip' }),
    });
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}
