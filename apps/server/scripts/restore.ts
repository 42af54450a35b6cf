// npm run restore -- <backup folder>
//
// Restores a backup made by `npm run backup` into an empty DATA_DIR (the embedded database) or an
// empty PostgreSQL database (DATABASE_URL) plus an empty media folder. Every file is checked
// against the backup's manifest first; nothing is written when one is missing or changed.
// Afterwards `npm start` runs on the restored data. How it works: src/backup/.
import { restore } from '../src/backup/restore.ts';
import { folderArgument, formatBytes, loadConfig, runCommand, safeDescription } from '../src/backup/cli.ts';

const USAGE = 'Usage: npm run restore -- <backup folder>   (into an empty DATA_DIR, or the empty database of DATABASE_URL)';

await runCommand('restore', async () => {
  const folder = folderArgument(process.argv.slice(2), USAGE);
  const config = loadConfig();
  console.log(`Restoring ${folder} into ${safeDescription(config)}…`);
  const { manifest, ms } = await restore(config, folder);
  console.log(`  database   ${formatBytes(manifest.database.bytes).padStart(10)}   backup of ${manifest.createdAt}, every table's rows counted again`);
  console.log(`  media      ${formatBytes(manifest.media.bytes).padStart(10)}   ${manifest.media.count} files`);
  if (manifest.media.missing.length > 0) {
    console.warn(`  ${manifest.media.missing.length} referenced file(s) were already missing from the media store when the backup was made: ${manifest.media.missing.join(', ')}`);
  }
  console.log(`Done in ${(ms / 1000).toFixed(1)} s. Start the server on it as usual (npm start).`);
});
