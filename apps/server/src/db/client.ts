// Opening the database: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
// Both give the same drizzle API over the same schema and migrations.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import type { Assume, ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { describeDatabaseError } from './errors.ts';
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

/**
 * The drizzle database the services use, whichever engine is underneath. A transaction is one
 * too (drizzle's PgTransaction extends PgDatabase), so every service function that takes a `Db`
 * runs on the pool or inside the caller's transaction alike.
 */
export type Db = PgDatabase<QueryResultHKT, typeof schema>;

/**
 * An open transaction (`inTransaction`'s work receives one). Functions whose writes only make
 * sense together with the caller's other writes, or that lock rows, take a `Tx`, so the
 * compiler refuses a call on the pool.
 */
export type Tx = PgTransaction<QueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

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

/**
 * How long a request may wait on PostgreSQL, so that none hangs when the database is gone or
 * stuck: it gets an answer (503, plugins/errors.ts) instead. A request runs a few statements of
 * a millisecond or so (BENCHMARKS.md: the slowest list, related posts, 12.5 ms at 1M posts), so
 * the bounds are far above any healthy wait and well below a browser's or a proxy's patience
 * (nginx gives up after 60 s).
 */
export interface PostgresBounds {
  /**
   * pg-pool's `connectionTimeoutMillis`: opening a connection (TCP, TLS, sign-in), and waiting
   * for a free one of the 10 when all are busy. Healthy, either takes milliseconds; 5 s covers
   * a slow network's handshake and a burst of load, and a host that swallows packets (no
   * "connection refused") answers 503 after it instead of after the kernel's two minutes.
   */
  connectMs: number;
  /**
   * PostgreSQL's `statement_timeout`, set for each connection: the server cancels a statement
   * that runs longer (57014, answered 503). 10 s is ~1000× the slowest list statement, room for
   * a loaded server and for the rare long write (a big account's deletion cascade), and stops a
   * runaway statement from holding one of the 10 connections for good.
   */
  statementMs: number;
  /**
   * node-postgres's `query_timeout`: the client stops waiting for an answer, for when the server
   * cannot even cancel (network gone without a reset). A little above `statementMs`, so a slow
   * statement is cancelled by the server first (the connection stays usable).
   */
  queryMs: number;
}

/** The bounds the server runs with (`openDatabase`); scripts that load data open without them. */
export const REQUEST_BOUNDS: PostgresBounds = { connectMs: 5_000, statementMs: 10_000, queryMs: 12_000 };

interface OpenOptions {
  /** Where pool errors of idle PostgreSQL connections are reported. */
  onError?: (error: Error) => void;
  /** Timeouts on PostgreSQL (none by default: migrations and data scripts run long statements). */
  bounds?: PostgresBounds;
}

/** The server's database: PostgreSQL (with REQUEST_BOUNDS unless `options.bounds`) or PGlite. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { bounds: REQUEST_BOUNDS, ...options });
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
  // JIT off: PostgreSQL compiles a plan with LLVM once its estimated cost passes jit_above_cost,
  // on every execution (measured: 250 ms for the trending statement's generic plan, whose
  // estimate is large because LIMIT is a parameter). It only pays for long analytic queries;
  // every statement here reads a page through indexes in about a millisecond.
  const { bounds } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: '-c jit=off',
    ...(bounds ? { connectionTimeoutMillis: bounds.connectMs, statement_timeout: bounds.statementMs, query_timeout: bounds.queryMs } : {}),
  });
  // An idle connection that dies (PostgreSQL restarting) must not crash the process: the pool
  // drops it and reports it here; the next request opens a new one.
  const report = options.onError ?? ((error: Error) => console.warn(`PostgreSQL closed an idle connection: ${describeDatabaseError(error)}`));
  pool.on('error', (error) => report(error));
  // A connection that dies while checked out (between two statements of a transaction) emits
  // 'error' on the client, which pg-pool only listens to while it is idle; unheard, the event
  // would crash the process. The statement that uses it next fails and answers 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  // A connection given back with a statement still unanswered on it (query_timeout gave up on a
  // silent network in a transaction, and the ROLLBACK after it could not get through either)
  // must not serve the next request, which would queue behind that statement: end() destroys the
  // socket of a client with a statement in flight, and the pool drops a client that is ending.
  pool.on('release', (_error, client) => {
    const pending = client as unknown as { _getActiveQuery?: () => unknown };
    if (pending._getActiveQuery?.()) void client.end();
  });
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

const dialect = new PgDialect();

/**
 * A statement the hot read paths run on every request, built once: its SQL is written with
 * `sql.placeholder(name)` for the values, turned into text the first time it runs, and run as a
 * named prepared statement with the values of each call. So each request skips building the SQL
 * in Node (tens of microseconds for a list page), and on PostgreSQL each connection parses and
 * plans it once, then reuses the plan (the list statements take longer to plan than to run;
 * PostgreSQL keeps a generic plan after five runs when it costs no more than custom ones). Only
 * for statements whose best plan does not depend on their values. PGlite ignores the name.
 */
export class Statement<Row extends Record<string, unknown>> {
  readonly #build: () => SQL;
  #query: { sql: string; params: unknown[]; name: string } | null = null;

  constructor(build: () => SQL) {
    this.#build = build;
  }

  async run(db: Db, values: Record<string, unknown>): Promise<QueryRows<Row>> {
    if (!this.#query) {
      const built = dialect.sqlToQuery(this.#build());
      this.#query = { ...built, name: `pitlane_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}` };
    }
    const { name, ...query } = this.#query;
    return (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as QueryRows<Row>;
  }
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
