// backup(config, folder): a consistent backup of the database and the media files its rows
// reference into an empty folder: the database file, media/<key> for each file, and manifest.json
// last. `npm run backup` (scripts/backup.ts) runs it with the server's settings.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { createMediaStore } from '../modules/media/routes.ts';
import { BackupError } from './errors.ts';
import { fileChecksum, isMissingOrEmpty, writeDurably } from './files.ts';
import { DATABASE_FILES, MEDIA_FOLDER, writeManifest, type Manifest } from './manifest.ts';
import { copyMedia, type CopiedMedia } from './media.ts';
import { dumpPglite, openPgliteForBackup, pgliteQuery } from './pglite.ts';
import { withPostgresSnapshot } from './postgres.ts';
import { referencedMediaKeys, tableRowCounts, type Query } from './snapshot.ts';

export interface BackupReport {
  manifest: Manifest;
  /** Milliseconds, start to manifest. */
  ms: number;
}

/** The file-system media store's folder: `${DATA_DIR}/media` (createMediaStore without S3). */
export function mediaRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'media');
}

export async function backup(config: Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>, folder: string): Promise<BackupReport> {
  const started = performance.now();
  if (!isMissingOrEmpty(folder)) {
    throw new BackupError(`${folder} is not empty: back up into a new or empty folder (a backup never overwrites another).`);
  }
  await fs.promises.mkdir(folder, { recursive: true });
  // The server's store: the folder, or the S3 bucket whose objects are copied into the backup.
  const store = createMediaStore(config);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const databaseFile = path.join(folder, DATABASE_FILES[kind]);

  /** Everything read from the snapshot, and the files it references copied. */
  const fromSnapshot = async (query: Query, dump: () => Promise<void>) => {
    const tables = await tableRowCounts(query);
    const keys = await referencedMediaKeys(query, store);
    await dump();
    const media = await copyMedia(keys, store, path.join(folder, MEDIA_FOLDER));
    return { tables, media };
  };

  let taken: { tables: Record<string, number>; media: CopiedMedia };
  try {
    if (config.databaseUrl) {
      taken = await withPostgresSnapshot(config.databaseUrl, (snapshot) => fromSnapshot(snapshot.query, () => snapshot.dump(databaseFile)));
    } else {
      const database = await openPgliteForBackup(config.dataDir);
      try {
        taken = await fromSnapshot(pgliteQuery(database), async () => writeDurably(databaseFile, await dumpPglite(database)));
      } finally {
        await database.close();
      }
    }
  } finally {
    store.close?.();
  }

  const manifest: Manifest = {
    format: 'pitlane-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: {
      kind,
      file: DATABASE_FILES[kind],
      bytes: (await fs.promises.stat(databaseFile)).size,
      sha256: await fileChecksum(databaseFile),
      tables: taken.tables,
    },
    media: { count: taken.media.files.length, bytes: taken.media.bytes, files: taken.media.files, missing: taken.media.missing },
  };
  await writeManifest(folder, manifest);
  return { manifest, ms: performance.now() - started };
}
