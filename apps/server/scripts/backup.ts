// npm run backup -- <folder>
//
// Writes a consistent backup of the database the server uses (the embedded one in DATA_DIR, or
// DATABASE_URL) and of the media files its rows reference into <folder>, which must be new or
// empty. The embedded database is backed up with the server stopped; PostgreSQL beside running
// servers. The folder's manifest.json is written last: `npm run restore` refuses a folder without
// one. How it works: src/backup/.
import { backup } from '../src/backup/backup.ts';
import { folderArgument, formatBytes, loadConfig, runCommand, safeDescription } from '../src/backup/cli.ts';

const USAGE = 'Usage: npm run backup -- <folder>   (a new or empty folder; DATA_DIR and DATABASE_URL as for the server)';

await runCommand('backup', async () => {
  const folder = folderArgument(process.argv.slice(2), USAGE);
  const config = loadConfig();
  console.log(`Backing up ${safeDescription(config)} into ${folder}…`);
  const { manifest, ms } = await backup(config, folder);
  const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
  console.log(`  database   ${formatBytes(manifest.database.bytes).padStart(10)}   ${manifest.database.file}, ${rows} rows in ${Object.keys(manifest.database.tables).length} tables`);
  console.log(`  media      ${formatBytes(manifest.media.bytes).padStart(10)}   ${manifest.media.count} files`);
  if (manifest.media.missing.length > 0) {
    console.warn(`  ${manifest.media.missing.length} referenced file(s) were not in the media store and are not in the backup: ${manifest.media.missing.join(', ')}`);
  }
  console.log(`Done in ${(ms / 1000).toFixed(1)} s. Restore with: npm run restore -- ${folder}`);
});
