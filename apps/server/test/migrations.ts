// Older schemas for migration tests: a copy of drizzle/ that stops at a given migration, and an
// empty database to run it on. Shared by the kept state's and the garage's upgrade tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPostgres, pgliteExtensions, wrapPglite, type Database } from '../src/db/client.ts';
import { migrationsFolder } from '../src/db/migrate.ts';
import { createPostgresDatabase, type Backend } from './harness.ts';

/**
 * A copy of drizzle/ whose journal ends at `lastTag`: migrating with it leaves a database there.
 * Beside it, `src` links to the server's, so the migrations' `--> include ../src/…` lines resolve.
 */
export function migrationsUpTo(lastTag: string): { folder: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-migrations-'));
  fs.symlinkSync(path.resolve(migrationsFolder, '../src'), path.join(root, 'src'));
  const folder = path.join(root, 'drizzle');
  fs.mkdirSync(folder);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return { folder, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** A new, empty database on `backend` (not migrated), and how to get rid of it. */
export async function emptyDatabase(backend: Backend): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (backend.kind === 'pglite') {
    const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase();
  // No reports of idle connections ended: the forced drop may end those the closed pool is still letting go.
  const database = await openPostgres(created.url, { onError: () => {} });
  return {
    database,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}
