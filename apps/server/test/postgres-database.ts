// A database of its own on the DATABASE_URL server, for the server suite (harness.ts, the
// global setup, and the tests that start servers on one). No vitest here: the global setup runs
// outside the test files.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the suite runs on as well as on PGlite, where one is set. */
export const postgresUrl = process.env.DATABASE_URL?.trim() || null;

export interface PostgresTestDatabase {
  /** DATABASE_URL of the new database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a fresh, uniquely named database on the DATABASE_URL server: empty, or a copy of
 * `template` (a database nobody is connected to).
 */
export async function createPostgresDatabase(template?: string): Promise<PostgresTestDatabase> {
  if (!postgresUrl) throw new Error('DATABASE_URL is not set.');
  const name = `pitlane_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
