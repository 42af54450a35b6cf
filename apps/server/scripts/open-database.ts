// What the command-line scripts that write the server's database share (`npm run seed`,
// `npm run admin`): open the database the server uses (the embedded one in DATA_DIR, or
// DATABASE_URL) as `npm start` does, migrate it, run the work, close it whatever happens. A
// database that cannot be opened is a failure with a message for the person at the terminal.
import type { Config } from '../src/config.ts';
import { openDatabase, safeUrl, type Database } from '../src/db/client.ts';
import { DatabaseLockedError } from '../src/db/lock.ts';
import { migrate } from '../src/db/migrate.ts';

/** "PostgreSQL at postgres://…" (password hidden) or "the embedded database in ./data". */
export function databasePlace(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl ? `PostgreSQL at ${safeUrl(config.databaseUrl)}` : `the embedded database in ${config.dataDir}`;
}

export interface OpenFailure {
  /** The embedded database's lock is held: a server runs on it. */
  locked: boolean;
  /** The driver's own words. */
  message: string;
  /** `databasePlace(config)`. */
  where: string;
}

export interface MigratedDatabaseOptions {
  /** The error the script prints (without a stack trace) when the database cannot be opened. */
  openFailed: (failure: OpenFailure) => Error;
}

/**
 * Opens and migrates the database of `config`, runs `work` on it and closes it, also when
 * `work` throws. `openFailed` makes the error for a database that cannot be opened.
 */
export async function withMigratedDatabase<T>(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: MigratedDatabaseOptions,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    throw options.openFailed({ locked: error instanceof DatabaseLockedError, message: (error as Error).message, where: databasePlace(config) });
  }
  try {
    await migrate(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The message for a locked embedded database: stop the server, then run `npm run <script>` again. */
export function lockedMessage(config: Pick<Config, 'dataDir'>, script: string): string {
  return `The database in ${config.dataDir} is in use by a running Pitlane server: stop the server first, then run npm run ${script} again.`;
}
