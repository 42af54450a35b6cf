// Opening the database: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
// Both give the same drizzle API over the same schema and migrations.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { acquireLock } from './lock.ts';
import * as schema from './schema.ts';

/**
 * What `db.execute(sql…)` returns on both engines: the rows. (Use `.returning()` rather than
 * affected-row counts: PGlite calls them `affectedRows`, node-postgres `rowCount`.)
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this['row'], Record<string, unknown>>>;
}
interface QueryRows<Row> {
  rows: Row[];
}

/** The drizzle database the services use, whichever engine is underneath. */
export type Db = PgDatabase<QueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** For the migrator only; services use `db`. */
  driver: { kind: 'pglite'; client: PGliteInterface } | { kind: 'postgres'; pool: pg.Pool };
  /** Closes connections (and PGlite's files and lock). Safe to call twice. */
  close(): Promise<void>;
}

/** Extensions PGlite must load; the first migration creates them (drizzle/0000_extensions.sql). */
export const pgliteExtensions = { citext, pg_trgm };

interface OpenOptions {
  /** Where pool errors of idle PostgreSQL connections are reported. */
  onError?: (error: Error) => void;
}

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options);
  return openPglite(path.join(config.dataDir, 'db'));
}

/** The embedded database in `dir` (created on first use; takes a few seconds the first time). */
export async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireLock(`${dir}.lock`, `The database in ${dir}`);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  } catch (error) {
    release();
    throw error;
  }
  return wrapPglite(client, release);
}

/**
 * Wraps an open PGlite client (for example a test template's clone). `onClose` runs after
 * the client closes.
 */
export function wrapPglite(client: PGliteInterface, onClose: () => void = () => {}): Database {
  let closing: Promise<void> | null = null;
  return {
    db: drizzlePglite({ client: client as PGlite, schema }) as unknown as Db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    close() {
      closing ??= (async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          onClose();
        }
      })();
      return closing;
    },
  };
}

export async function openPostgres(url: string, options: OpenOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that dies (server restart) must not crash the process.
  pool.on('error', (error) => (options.onError ?? ((e) => console.error('PostgreSQL connection error:', e)))(error));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    const where = safeUrl(url);
    throw new Error(`Could not connect to PostgreSQL at ${where}: ${(error as Error).message}`, { cause: error });
  }
  let closing: Promise<void> | null = null;
  return {
    db: drizzleNodePostgres({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    driver: { kind: 'postgres', pool },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/** The URL without its password, for messages and logs. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
