// Test harness: every database suite runs on the embedded PGlite, and on PostgreSQL too when
// DATABASE_URL is set (CI sets it where a server runs).
//
//   describe.each(backends)('users on $name', (backend) => {
//     const t = useDatabase(backend);        // a fresh, migrated database for every test
//     it('…', async () => { await t.db.insert(users)… });
//   });
//
//   describe.each(backends)('… on $name', (backend) => {
//     const t = useApp(backend);             // the same, plus a built app (t.app.inject)
//   });
//
// Suites that never write may pass `{ fresh: 'suite' }`: one database for the whole block.
//
// Most route suites also need a mail sink (codes arrive by e-mail) and a folder for media; the
// file says so once, at the top, and hands both to useApp:
//
//   const sink = useSmtpSink();                   // a real SMTP server for the file
//   const dataDir = useTempDir('pitlane-posts-'); // a fresh DATA_DIR for every test
//                                                 // (or { per: 'suite' }: one for the file)
//   describe.each(backends)('posts on $name', (backend) => {
//     const t = useApp(backend, { sink, dataDir });
//     it('…', async () => { const maya = await person(t.app, sink, 'maya'); … });
//   });
//
// PGlite: one migrated in-memory template per test file, loaded from the run's migrated database
// (global-setup.ts); each describe block works on one clone of it, emptied before each test, and clones again only after a test closed it
// (creating a PGlite database takes seconds, a clone about one, emptying it some 8 ms).
// PostgreSQL: one uniquely named database per test file, a copy of the run's migrated one
// (global-setup.ts), emptied before each test and dropped after the file.
// So every test starts on the same thing on both: the migrated schema with no rows (but the
// reference data migrations write: the garage's make and model list).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp, type App, type AppDependencies } from '../src/app.ts';
import { loadConfig, type Config, type Environment } from '../src/config.ts';
import { openPostgres, pgliteExtensions, wrapPglite, type Database, type DatabaseKind, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPostgresDatabase, postgresUrl, type PostgresTestDatabase } from './postgres-database.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

export { createPostgresDatabase, type PostgresTestDatabase };

export interface Backend {
  kind: DatabaseKind;
  /** For test names: describe.each(backends)('… on $name', …). */
  name: string;
}

export const backends: readonly Backend[] = [
  { kind: 'pglite', name: 'PGlite' },
  ...(postgresUrl ? [{ kind: 'postgres' as const, name: 'PostgreSQL' }] : []),
];

/** A configuration for tests: NODE_ENV=test (quiet logs), loopback, any free port. */
export function testConfig(env: Environment = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    // Never used by an injected database; tests that need files pass their own (useTempDir).
    DATA_DIR: path.join(os.tmpdir(), 'pitlane-test-unused'),
    ...env,
  });
}

// ---------------------------------------------------------------------------------------------
// PGlite: a migrated template per test file (worker), shared by every suite in it.

let template: { client: Promise<PGlite>; users: number } | null = null;

async function createTemplate(): Promise<PGlite> {
  // The run's migrated database, written once by global-setup.ts: loading it skips initdb.
  const written = inject('migratedPglite');
  if (written) return PGlite.create({ loadDataDir: new Blob([await fs.promises.readFile(written)]), extensions: pgliteExtensions });
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(wrapPglite(client));
  return client;
}

function acquireTemplate(): Promise<PGlite> {
  template ??= { client: createTemplate(), users: 0 };
  template.users++;
  return template.client;
}

async function releaseTemplate(): Promise<void> {
  if (!template) return;
  template.users--;
  if (template.users > 0) return;
  const { client } = template;
  template = null;
  await (await client).close();
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a database per test file.

let postgres: { ready: Promise<PostgresTestDatabase>; users: number } | null = null;

/** A copy of the run's migrated database (global-setup.ts): the migrations ran once per run. */
async function createMigratedPostgres(): Promise<PostgresTestDatabase> {
  const migrated = inject('migratedPostgres');
  if (!migrated) throw new Error('The global setup made no migrated PostgreSQL database (is DATABASE_URL set for it too?).');
  return createPostgresDatabase(migrated);
}

function acquirePostgres(): Promise<PostgresTestDatabase> {
  postgres ??= { ready: createMigratedPostgres(), users: 0 };
  postgres.users++;
  return postgres.ready;
}

async function releasePostgres(): Promise<void> {
  if (!postgres) return;
  postgres.users--;
  if (postgres.users > 0) return;
  const { ready } = postgres;
  postgres = null;
  await (await ready).drop();
}

/**
 * The tables a migration fills with the product's own reference data (the garage's make and
 * model list, modules/garage/sql/taxonomy.sql): part of "the migrated schema", so never emptied.
 */
const REFERENCE_TABLES = ['car_makes', 'car_models'];
const TABLES = `select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname = 'public' and tablename not in (${REFERENCE_TABLES.map((name) => `'${name}'`).join(', ')})`;
/**
 * DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE gives each of ~45 tables and their
 * indexes new files (on PostgreSQL with an fsync each, on PGlite through its emulated file
 * system): 167 ms before every test on PostgreSQL and 37 on PGlite, against 11 and 8 this way
 * (2026-12-06). `replica` holds the triggers and foreign-key checks for the transaction (every
 * row goes, so there is nothing to keep consistent and no order to follow); SET LOCAL ends with
 * it, even when a statement fails. No table has a sequence, so there is no identity to restart.
 */
const deleteAll = (rows: Array<{ name: string }>) =>
  `BEGIN; SET LOCAL session_replication_role = replica; ${rows.map((r) => `DELETE FROM ${r.name};`).join(' ')} COMMIT;`;

/** Empties every table of the schema (not drizzle's migration journal). */
async function emptyAll(database: Database): Promise<void> {
  if (database.driver.kind === 'postgres') {
    const { rows } = await database.driver.pool.query<{ name: string }>(TABLES);
    if (rows.length > 0) await database.driver.pool.query(deleteAll(rows));
  } else {
    const { client } = database.driver;
    // One connection for every test: what the last test set on its session goes too.
    await client.exec('DISCARD ALL');
    const { rows } = await client.query<{ name: string }>(TABLES);
    if (rows.length > 0) await client.exec(deleteAll(rows));
  }
}

// ---------------------------------------------------------------------------------------------
// Hooks for suites.

export interface DatabaseContext {
  /** The open, migrated database of the running test. */
  readonly database: Database;
  /** Its drizzle instance. */
  readonly db: Db;
}

export interface DatabaseOptions {
  /**
   * 'test' (default): a fresh, empty database for every test.
   * 'suite': one for the whole describe block, for suites that never write (faster).
   */
  fresh?: 'test' | 'suite';
}

/** A migrated, empty database on `backend`: fresh for every test unless `fresh: 'suite'`. */
export function useDatabase(backend: Backend, options: DatabaseOptions = {}): DatabaseContext {
  let current: Database | null = null;
  const context: DatabaseContext = {
    get database() {
      if (!current) throw new Error('useDatabase: the database exists only inside a test.');
      return current;
    },
    get db() {
      return context.database.db;
    },
  };

  let open: () => Promise<Database>;
  /** After a test: what `open` gave it is released (PGlite's clone stays open for the next). */
  let release = async () => {
    await current?.close();
  };
  if (backend.kind === 'pglite') {
    let source: PGlite;
    let clone: PGliteInterface | null = null;
    beforeAll(async () => {
      source = await acquireTemplate();
    });
    afterAll(async () => {
      // (A test may have closed it already.)
      if (clone && !clone.closed) await clone.close();
      clone = null;
      await releaseTemplate();
    });
    open = async () => {
      if (clone && !clone.closed) {
        const database = wrapPglite(clone);
        await emptyAll(database);
        return database;
      }
      const fresh = await source.clone();
      clone = fresh;
      return wrapPglite(fresh);
    };
    release = async () => {};
  } else {
    let url: string;
    beforeAll(async () => {
      url = (await acquirePostgres()).url;
    });
    afterAll(releasePostgres);
    open = async () => {
      // Its own pool each time, so a test may close its database as on PGlite.
      const database = await openPostgres(url);
      await emptyAll(database);
      return database;
    };
  }

  const close = async () => {
    await release();
    current = null;
  };
  if (options.fresh === 'suite') {
    beforeAll(async () => {
      current = await open();
    });
    afterAll(close);
  } else {
    beforeEach(async () => {
      current = await open();
    });
    afterEach(close);
  }
  return context;
}

export interface AppContext extends DatabaseContext {
  /** The built, ready app of the running test (use app.inject). */
  readonly app: App;
  readonly config: Config;
}

export interface UseAppOptions extends Omit<AppDependencies, 'database'>, DatabaseOptions {
  /** Environment variables on top of testConfig's (and of `sink`'s and `dataDir`'s). */
  env?: Environment;
  /** The app sends its mail there (SMTP_URL): useSmtpSink. */
  sink?: SmtpSink;
  /** The app keeps its files there (DATA_DIR): useTempDir. */
  dataDir?: { readonly path: string };
}

/** useDatabase plus an app built on that database for every test. */
export function useApp(backend: Backend, options: UseAppOptions = {}): AppContext {
  const database = useDatabase(backend, options);
  let current: { app: App; config: Config } | null = null;
  beforeEach(async () => {
    const { env, fresh: _fresh, sink, dataDir, ...dependencies } = options;
    const config = testConfig({ ...(sink ? { SMTP_URL: sink.url } : {}), ...(dataDir ? { DATA_DIR: dataDir.path } : {}), ...env });
    current = { app: await buildApp(config, { ...dependencies, database: database.database }), config };
  });
  // Vitest runs after-hooks in reverse order: the app closes before its database.
  afterEach(async () => {
    await current?.app.close();
    current = null;
  });
  return {
    get database() {
      return database.database;
    },
    get db() {
      return database.db;
    },
    get app() {
      if (!current) throw new Error('useApp: the app exists only inside a test.');
      return current.app;
    },
    get config() {
      if (!current) throw new Error('useApp: the config exists only inside a test.');
      return current.config;
    },
  };
}

/**
 * A temporary directory for each test, removed afterwards; with `per: 'suite'`, one for all the
 * tests of the block (or file) that calls it.
 */
export function useTempDir(prefix = 'pitlane-test-', options: { per?: 'test' | 'suite' } = {}): { readonly path: string } {
  let dir: string | null = null;
  const [before, after] = options.per === 'suite' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = null;
  });
  return {
    get path() {
      if (!dir) throw new Error('useTempDir: the directory exists only inside a test.');
      return dir;
    },
  };
}

/**
 * A DATA_DIR, like useTempDir's, whose embedded database (`DATA_DIR/db`, where openDatabase opens
 * it) is already migrated: written from the file's migrated template, for tests that run a script
 * as a process of its own on a folder (scripts/admin.ts), which then finds nothing to migrate.
 * Creating and migrating a database on disk costs some 6 s of CPU; writing the template out
 * well under one. Call it at the top of the file: it holds the template from before the file's
 * first test to after its last, so the file's other suites share it.
 */
export function useMigratedDataDir(prefix = 'pitlane-test-', options: { per?: 'test' | 'suite' } = {}): { readonly path: string } {
  let source: PGlite;
  beforeAll(async () => {
    source = await acquireTemplate();
  });
  afterAll(releaseTemplate);
  const dir = useTempDir(prefix, options);
  const before = options.per === 'suite' ? beforeAll : beforeEach;
  before(async () => {
    const written = await PGlite.create({ dataDir: path.join(dir.path, 'db'), loadDataDir: await source.dumpDataDir('none'), extensions: pgliteExtensions });
    await written.close();
  });
  return dir;
}

/**
 * A real SMTP sink (smtp-sink.ts) for the tests of the block (or file) that calls it: started
 * before the first, closed after the last. Pass it to useApp (`sink`) and to the helpers that
 * read codes from the mail (browser.ts).
 */
export function useSmtpSink(): SmtpSink {
  let current: SmtpSink | null = null;
  beforeAll(async () => {
    current = await startSmtpSink();
  });
  afterAll(async () => {
    await current?.close();
    current = null;
  });
  const started = (): SmtpSink => {
    if (!current) throw new Error('useSmtpSink: the sink runs only inside a test.');
    return current;
  };
  return {
    get url() {
      return started().url;
    },
    get inbox() {
      return started().inbox;
    },
    lastMailTo: (address) => started().lastMailTo(address),
    close: () => started().close(),
  };
}
