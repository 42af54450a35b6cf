// The server process: config → database (migrated) → app → listen; closes everything on
// SIGINT/SIGTERM. `npm start` (production) and `npm run dev` run this file.
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, safeUrl, type Database } from './db/client.ts';
import { DatabaseLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';

let database: Database | null = null;
let app: App | null = null;
let stopping = false;

/** Closes the app, then the database (PGlite keeps the process alive until it is closed). */
async function shutDown(): Promise<void> {
  try {
    await app?.close();
  } finally {
    await database?.close();
  }
}

function onSignal(signal: NodeJS.Signals): void {
  if (stopping) process.exit(1); // a second Ctrl-C: stop waiting
  stopping = true;
  if (app) app.log.info(`${signal} received, shutting down`);
  // If closing hangs (a stuck connection), do not hang forever.
  setTimeout(() => {
    console.error('Pitlane: shutdown took longer than 10 s; exiting.');
    process.exit(1);
  }, 10_000).unref();
  shutDown().catch(fail);
}

function fail(error: unknown): void {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(`Pitlane could not start. ${error.message}`);
  } else {
    console.error('Pitlane could not start:', error);
  }
  process.exitCode = 1;
}

async function main(): Promise<void> {
  const config = loadConfig();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  database = await openDatabase(config);
  // A signal during start-up: shutDown() may have run before these existed, so check after each step.
  if (stopping) return database.close();
  await migrate(database);
  app = await buildApp(config, { database });
  if (stopping) return shutDown();

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? `PostgreSQL at ${safeUrl(config.databaseUrl)}` : `PGlite in ${config.dataDir}`;
  app.log.info(`Pitlane is listening on ${address} (public URL ${config.publicUrl}; database: ${where})`);
}

await main().catch(async (error: unknown) => {
  fail(error);
  await shutDown().catch(() => {});
});
