// Applies the drizzle-kit migrations in apps/server/drizzle at start-up.
// The same SQL files run on PGlite and PostgreSQL, through drizzle's own migration steps.
//
// drizzle records each applied migration in drizzle.__drizzle_migrations by its journal date
// (`when` in drizzle/meta/_journal.json) and applies the ones dated after the last it recorded;
// it stores each file's hash but never compares it.
//
// A migration may apply a re-appliable SQL file kept beside the code it serves (functions and
// triggers written with CREATE OR REPLACE, such as modules/posts/sql/) with a line
//     --> include ../src/modules/posts/sql/feeds.sql
// (a path from the drizzle folder): the file's statements, split at `--> statement-breakpoint`,
// run in its place. The file is read as it is now, at every migration that includes it, so
// when it changes, a new migration includes it again (with a DROP first for a function whose
// arguments or result change) and databases that already ran the older migrations get it; a
// fresh database runs it at each including migration, so it must apply on the schema of the
// first of them (every test database is fresh: the tests find out at once).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from './client.ts';
import { backfillPostTags } from '../modules/tags/backfill.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant: the advisory lock that serialises migrations of several servers on one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_250_424_001;

const BREAKPOINT = '--> statement-breakpoint';
/** `--> include <path>` on a line of its own; split() keeps the path between the pieces. */
const INCLUDE = /^--> include[ \t]+(\S+)[ \t]*$/m;

/** The statements of one piece of a migration, with its includes replaced by their files' statements. */
function expandIncludes(statement: string, folder: string): string[] {
  return statement.split(new RegExp(INCLUDE.source, 'gm')).flatMap((piece, i) => {
    if (i % 2 === 0) return piece.trim() === '' ? [] : [piece];
    return fs.readFileSync(path.resolve(folder, piece), 'utf8').split(BREAKPOINT).filter((part) => part.trim() !== '');
  });
}

/** drizzle's reading of the migrations in `folder`, includes expanded. */
export function readMigrations(folder: string = migrationsFolder): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: folder }).map((migration) => ({
    ...migration,
    sql: migration.sql.flatMap((statement) => expandIncludes(statement, folder)),
  }));
}

/**
 * What drizzle's migrators do with the migrations read: `session` is the drizzle database's
 * (`db._.session`); its driver-specific type differs from the dialect's in generics only.
 */
async function applyMigrations(session: object, folder: string): Promise<void> {
  await new PgDialect().migrate(readMigrations(folder), session as PgSession, { migrationsFolder: folder });
}

/**
 * Brings the database up to the latest migration (of `folder`: tests may pass a copy of the first
 * ones, to start from an older database), then does what a migration left to the app: the tags
 * of the posts written before 0020 (modules/tags/backfill.ts, read by the contract's parser).
 * Running it again changes nothing.
 */
export async function migrate(database: Database, folder: string = migrationsFolder): Promise<void> {
  await applyAll(database, folder);
  // Only once the table exists (a test may stop at an older migration).
  const backfill = await database.db.execute(sql`select to_regclass('post_tags_backfill') is not null as present`);
  if ((backfill.rows[0] as { present: boolean } | undefined)?.present) await backfillPostTags(database.db);
}

async function applyAll(database: Database, folder: string): Promise<void> {
  if (database.driver.kind === 'pglite') {
    // PGlite runs one query at a time in this process, and its lock file keeps other processes out.
    await applyMigrations(drizzlePglite({ client: database.driver.client as PGlite })._.session, folder);
    return;
  }
  // Several server processes may start together against one PostgreSQL: hold a session-level
  // advisory lock on one dedicated connection while migrating on that same connection. It is
  // opened with the pool's settings but without the request timeouts (client.ts REQUEST_BOUNDS):
  // a migration may build an index on a big table, or wait for another server's migration.
  const { connectionTimeoutMillis: _connect, statement_timeout: _statement, query_timeout: _query, ...settings } = database.driver.pool.options;
  const connection = new pg.Client(settings);
  connection.on('error', () => {}); // a lost connection fails the statement running on it
  await connection.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await applyMigrations(drizzleNodePostgres({ client: connection })._.session, folder);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await connection.end();
  }
}
