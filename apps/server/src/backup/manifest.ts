// manifest.json: what a backup folder holds, with a sha256 for every file. The backup writes it
// last (to a temporary name, then renamed), so a folder without one is a backup that did not
// finish, and the restore refuses it; the restore checks every file against it before it touches
// the target.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isMediaKey } from '../modules/media/keys.ts';
import { BackupError } from './errors.ts';
import { fileChecksum, sha256 } from './files.ts';
import { eachLimited, PARALLEL_COPIES } from './media.ts';

export const MANIFEST_FILE = 'manifest.json';
/** Where the media files sit in a backup folder, under their keys. */
export const MEDIA_FOLDER = 'media';
export const DATABASE_FILES = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;

const checksum = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().nonnegative();

const manifestSchema = z.object({
  format: z.literal('pitlane-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    /** pglite: PGlite's own tarball of its data folder; postgres: a pg_dump custom-format archive. */
    kind: z.enum(['pglite', 'postgres']),
    file: z.enum([DATABASE_FILES.pglite, DATABASE_FILES.postgres]),
    bytes: count,
    sha256: checksum,
    /** Rows per table (`schema.table`) in the snapshot: the restore counts them again. */
    tables: z.record(z.string(), count),
  }),
  media: z.object({
    count,
    bytes: count,
    files: z.array(z.object({ key: z.string().refine(isMediaKey, 'not a media key'), bytes: count, sha256: checksum })),
    /** Keys the snapshot references whose file was not in the store at backup time. */
    missing: z.array(z.string()),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type MediaEntry = Manifest['media']['files'][number];

/** Writes the manifest as the backup's last step: a temporary file, flushed, then renamed. */
export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  const file = path.join(folder, MANIFEST_FILE);
  const temporary = `${file}.tmp`;
  const handle = await fs.promises.open(temporary, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
}

/**
 * The backup's manifest after checking every file it lists against its size and sha256; a
 * BackupError naming the first problem otherwise.
 */
export async function verifyBackup(folder: string): Promise<Manifest> {
  if (!fs.existsSync(folder)) throw new BackupError(`There is no backup folder ${folder}.`);
  let text: string;
  try {
    text = await fs.promises.readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new BackupError(
      `${folder} has no ${MANIFEST_FILE}: the backup did not finish (it is written last), or this is not a Pitlane backup. Restore another backup.`,
    );
  }
  let parsed: Manifest;
  try {
    parsed = manifestSchema.parse(JSON.parse(text));
  } catch {
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is damaged (not a Pitlane backup manifest). Restore another backup.`);
  }

  const { database, media } = parsed;
  if (database.file !== DATABASE_FILES[database.kind]) throw new BackupError(`${MANIFEST_FILE} is damaged: the database file does not match its kind.`);
  await checkFile(folder, database.file, database.bytes, database.sha256, () => fileChecksum(path.join(folder, database.file)));
  await eachLimited(media.files, PARALLEL_COPIES, async (entry) => {
    const relative = path.join(MEDIA_FOLDER, entry.key);
    await checkFile(folder, relative, entry.bytes, entry.sha256, async () => sha256(await fs.promises.readFile(path.join(folder, relative))));
  });
  return parsed;
}

async function checkFile(folder: string, relative: string, bytes: number, expected: string, actual: () => Promise<string>): Promise<void> {
  const file = path.join(folder, relative);
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new BackupError(`The backup in ${folder} is incomplete: ${relative} is missing. Restore another backup.`);
  }
  if (size !== bytes || (await actual()) !== expected) {
    throw new BackupError(`The backup in ${folder} is damaged: ${relative} changed since the backup was made (its checksum differs). Restore another backup.`);
  }
}
