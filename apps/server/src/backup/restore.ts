// restore(config, folder): a backup (backup.ts) into an empty DATA_DIR (PGlite) or an empty
// PostgreSQL database and media folder. Every file is checked against the manifest before
// anything is written; afterwards the server starts on the result as on any database (its
// migrations are in the backup, so there is nothing to migrate unless the server is newer).
import fs from 'node:fs';
import path from 'node:path';
import { safeUrl, type Database } from '../db/client.ts';
import type { Config } from '../config.ts';
import { createMediaStore } from '../modules/media/routes.ts';
import { mediaRoot } from './backup.ts';
import { BackupError } from './errors.ts';
import { isMissingOrEmpty } from './files.ts';
import { MEDIA_FOLDER, verifyBackup, type Manifest } from './manifest.ts';
import { restoreMedia } from './media.ts';
import { loadPglite, pgliteFolder, pgliteQuery } from './pglite.ts';
import { restorePostgres, withPostgresQuery } from './postgres.ts';
import { tableRowCounts, type Query } from './snapshot.ts';

export interface RestoreReport {
  manifest: Manifest;
  ms: number;
}

const KIND_NAMES = { pglite: 'the embedded PGlite database', postgres: 'PostgreSQL' } as const;

export async function restore(config: Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>, folder: string): Promise<RestoreReport> {
  const started = performance.now();
  const manifest = await verifyBackup(folder);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `This is a backup of ${KIND_NAMES[manifest.database.kind]} and the settings name ${KIND_NAMES[kind]}: ` +
        (kind === 'postgres' ? 'unset DATABASE_URL to restore it into DATA_DIR.' : 'set DATABASE_URL to an empty PostgreSQL database to restore it there.'),
    );
  }
  const media = mediaRoot(config);
  const databaseFile = path.join(folder, manifest.database.file);

  if (config.databaseUrl) {
    // An S3 bucket is not checked for emptiness: keys are random and a put replaces a key whole,
    // so restoring into a bucket that holds other objects changes none of them.
    if (!config.s3 && !isMissingOrEmpty(media)) throw new BackupError(`${media} is not empty: restore into an empty DATA_DIR (or one without media).`);
    const url = config.databaseUrl;
    await restorePostgres(url, databaseFile);
    await withPostgresQuery(url, (query) => checkRowCounts(query, manifest, `PostgreSQL at ${safeUrl(url)}`));
  } else {
    if (!isMissingOrEmpty(config.dataDir)) throw new BackupError(`${config.dataDir} is not empty: restore into a new or empty DATA_DIR.`);
    let database: Database | null = null;
    try {
      database = await loadPglite(config.dataDir, await fs.promises.readFile(databaseFile));
      await checkRowCounts(pgliteQuery(database), manifest, pgliteFolder(config.dataDir));
    } catch (error) {
      await database?.close();
      database = null;
      // DATA_DIR was empty: leave it so, and the restore can simply be run again.
      await fs.promises.rm(pgliteFolder(config.dataDir), { recursive: true, force: true });
      throw error;
    } finally {
      await database?.close();
    }
  }
  const store = createMediaStore(config);
  try {
    await restoreMedia(manifest.media.files, path.join(folder, MEDIA_FOLDER), store);
  } finally {
    store.close?.();
  }
  return { manifest, ms: performance.now() - started };
}

/** The restored database has the tables and rows the backup counted. */
async function checkRowCounts(query: Query, manifest: Manifest, where: string): Promise<void> {
  const counts = await tableRowCounts(query);
  const expected = manifest.database.tables;
  const differing = Object.keys({ ...expected, ...counts }).filter((table) => counts[table] !== expected[table]);
  if (differing.length > 0) {
    throw new BackupError(`The restored database in ${where} does not have the rows the backup counted (${differing.join(', ')}).`);
  }
}
