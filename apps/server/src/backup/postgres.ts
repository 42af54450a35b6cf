// PostgreSQL's side of backup and restore: Debian's pg_dump and pg_restore (postgresql-client),
// driven with the server's DATABASE_URL.
//
// Consistency beside running servers: a dedicated connection takes MEDIA_SWEEP_LOCK exclusively
// (every media file deletion holds it shared, so it waits for deletions under way and keeps new
// ones out), then opens a REPEATABLE READ transaction and exports its snapshot. pg_dump dumps that
// very snapshot (--snapshot), and the list of media files to copy is read in the same transaction,
// so the dump and the copied files describe one moment: every file a dumped row references is
// listed, and none can be deleted until the copy is done and the lock released. Holding the lock
// across a pg_dump with its own snapshot would also be safe, but the file list would then come
// from another moment than the dump; sharing the snapshot makes them the same by construction.
// Uploads go on meanwhile: their files are stored before their rows commit, after the snapshot.
import { execFile } from 'node:child_process';
import pg from 'pg';
import { safeUrl } from '../db/client.ts';
import { MEDIA_SWEEP_LOCK } from '../modules/media/sweep-lock.ts';
import { BackupError } from './errors.ts';
import { tableNames, type Query } from './snapshot.ts';

/** The URL for a client program without its password, which goes in PGPASSWORD (not the process list). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs pg_dump or pg_restore; a BackupError with its own message when it is missing or fails. */
function runClientProgram(program: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(new BackupError(`${program} is not installed: install PostgreSQL's client programs (Debian: apt-get install postgresql-client).`));
      }
      reject(new BackupError(`${program} failed: ${stderr.trim() || error.message}`));
    });
  });
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new BackupError(`Could not connect to PostgreSQL at ${safeUrl(url)}: ${(error as Error).message}`);
  }
  return client;
}

function clientQuery(client: pg.Client): Query {
  return async (text) => client.query(text);
}

export interface PostgresSnapshot {
  /** Queries inside the snapshot's transaction. */
  query: Query;
  /** pg_dump of exactly this snapshot, in the custom format, to `file`. */
  dump(file: string): Promise<void>;
}

/**
 * Runs `work` with the media sweep lock held exclusively and a snapshot open (see the top of
 * this file); releases both afterwards, whatever happens.
 */
export async function withPostgresSnapshot<T>(url: string, work: (snapshot: PostgresSnapshot) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    await client.query('select pg_advisory_lock($1)', [MEDIA_SWEEP_LOCK]);
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const snapshot = rows[0]!.id;
    const { dbname, env } = connection(url);
    const result = await work({
      query: clientQuery(client),
      dump: (file) => runClientProgram('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`], env),
    });
    await client.query('commit');
    return result;
  } finally {
    // Ending the session rolls back a transaction left open and releases the lock.
    await client.end();
  }
}

/**
 * Loads a pg_dump archive into the database at `url`, which must not have Pitlane's tables yet:
 * in one transaction (a failure leaves the database as it was), owned by the URL's user.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const client = await connect(url);
  try {
    const existing = await tableNames(clientQuery(client));
    if (existing.length > 0) {
      throw new BackupError(
        `The database at ${safeUrl(url)} already has Pitlane's tables (${existing.slice(0, 3).join(', ')}…): ` +
          `a backup is restored only into an empty database. Create one (createdb) and point DATABASE_URL at it.`,
      );
    }
  } finally {
    await client.end();
  }
  const { dbname, env } = connection(url);
  await runClientProgram(
    'pg_restore',
    ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file],
    env,
  );
}

/** The database at `url`, for counting the restored rows. */
export async function withPostgresQuery<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    return await work(clientQuery(client));
  } finally {
    await client.end();
  }
}
