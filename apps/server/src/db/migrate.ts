// Applies the drizzle-kit migrations in apps/server/drizzle at start-up.
// The same SQL files run on PGlite and PostgreSQL; each engine uses its own drizzle migrator.
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant: the advisory lock that serialises migrations of several servers on one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_250_424_001;

/** Brings the database up to the latest migration. Running it again changes nothing. */
export async function migrate(database: Database): Promise<void> {
  if (database.driver.kind === 'pglite') {
    // PGlite runs one query at a time in this process, and its lock file keeps other processes out.
    await migratePglite(drizzlePglite({ client: database.driver.client as PGlite }), { migrationsFolder });
    return;
  }
  // Several server processes may start together against one PostgreSQL: hold a session-level
  // advisory lock on one dedicated connection while migrating on that same connection.
  const connection = await database.driver.pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePostgres(drizzleNodePostgres({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}
