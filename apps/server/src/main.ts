// The server process: config → database (migrated) → app → listen; on SIGINT/SIGTERM a graceful
// shutdown. `npm start` (production) and `npm run dev` run this file.
//
// Shutdown: the app stops accepting connections, answers anything new on an open connection
// with 503, lets the requests in flight finish with their normal answer (plugins/draining.ts),
// then the database is closed (PGlite: its files consistent and its lock released) and the
// process exits 0. Requests still running after SHUTDOWN_TIMEOUT_MS (default 10 s, the time
// `docker stop` gives before SIGKILL) are cut: the process says so, closes the database and
// exits 1. A mail send is bounded by SMTP_TIMEOUT_MS (5 s), well inside it.
import { buildApp, type App } from './app.ts';
import { ConfigError, DEFAULT_SHUTDOWN_TIMEOUT_MS, loadConfig } from './config.ts';
import { openDatabase, safeUrl, type Database } from './db/client.ts';
import { DatabaseLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { cutConnections } from './tls.ts';

let database: Database | null = null;
let app: App | null = null;
let stopping = false;
let shutdownTimeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS;

/** Closes the database once, however many paths ask. */
let databaseClosed: Promise<void> | null = null;
function closeDatabase(): Promise<void> {
  databaseClosed ??= database?.close() ?? Promise.resolve();
  return databaseClosed;
}

/** Closes the app (waiting for the requests in flight), then the database. */
async function shutDown(): Promise<void> {
  try {
    await app?.close();
  } finally {
    await closeDatabase();
  }
}

/** The bound passed: cut what is still running, close the database anyway, exit 1. */
async function giveUp(): Promise<void> {
  console.error(
    `Pitlane: requests were still running ${shutdownTimeoutMs / 1000} s after the shutdown signal (SHUTDOWN_TIMEOUT_MS); cutting them off and exiting.`,
  );
  if (app) cutConnections(app);
  // A handler cut mid-query may hold the database: do not wait for it for long.
  await Promise.race([closeDatabase().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  process.exit(1);
}

function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    console.error(`Pitlane: ${signal} again; exiting without waiting.`);
    process.exit(1);
  }
  stopping = true;
  if (app) app.log.info(`${signal} received: finishing the requests in flight, then shutting down`);
  setTimeout(() => void giveUp(), shutdownTimeoutMs).unref();
  shutDown()
    .then(() => app?.log.info('shut down cleanly'))
    .catch((error: unknown) => {
      console.error('Pitlane: the shutdown failed:', error);
      process.exitCode = 1;
    });
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
  shutdownTimeoutMs = config.shutdownTimeoutMs;
  // `on`, not `once`: a second signal must reach onSignal (exit at once), not kill the process.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  database = await openDatabase(config);
  // A signal during start-up: shutDown() may have run before these existed, so check after each step.
  if (stopping) return closeDatabase();
  await migrate(database);
  app = await buildApp(config, { database });
  if (stopping) return shutDown();

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? `PostgreSQL at ${safeUrl(config.databaseUrl)}` : `PGlite in ${config.dataDir}`;
  const limits = config.redisUrl ? `Redis at ${safeUrl(config.redisUrl)}` : 'this process';
  app.log.info(`Pitlane is listening on ${address} (public URL ${config.publicUrl}; database: ${where}; rate limits: ${limits})`);
}

await main().catch(async (error: unknown) => {
  fail(error);
  await shutDown().catch(() => {});
});
