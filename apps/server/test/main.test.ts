// Starts the real server process (src/main.ts), as `npm start` does, and talks to it over HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { backends, createPostgresDatabase, useMigratedDataDir, useTempDir, type PostgresTestDatabase } from './harness.ts';
import { listeningUrl, PROCESS_TEST_MS, startServer as start } from './server-process.ts';

describe.each(backends)('the server process on $name', (backend) => {
  const tmp = useTempDir();
  let postgres: PostgresTestDatabase | null = null;
  beforeAll(async () => {
    if (backend.kind === 'postgres') postgres = await createPostgresDatabase();
  });
  afterAll(async () => {
    await postgres?.drop();
  });

  it('migrates, serves /api/health over HTTP, and exits 0 on SIGTERM', async () => {
    const dataDir = path.join(tmp.path, 'data');
    const server = start({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(tmp.path, 'no-build'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    const url = await listeningUrl(server);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: backend.kind });

    const page = await fetch(`${url}/feeds`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    if (backend.kind === 'pglite') expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    // It migrated the database it was given, which outlives it.
    const database = await openDatabase({ dataDir, databaseUrl: postgres?.url ?? null });
    try {
      const tables = await database.db.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.rows).toContainEqual({ name: 'users' });
    } finally {
      await database.close();
    }
  }, PROCESS_TEST_MS);
});

describe('the server process refusing to start', () => {
  // A DATA_DIR with its database (the run's migrated one): the first start is the other suite's.
  const tmp = useMigratedDataDir();

  it('exits 1 with a clear message on a bad PORT', async () => {
    const server = start({ PORT: 'eighty', DATA_DIR: tmp.path });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a whole number between 0 and 65535');
    expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace for a configuration mistake
  }, PROCESS_TEST_MS);

  it('exits 1 when another server holds the same DATA_DIR', async () => {
    const first = start({ DATA_DIR: tmp.path, WEB_DIST_DIR: path.join(tmp.path, 'no-build') });
    await listeningUrl(first);
    const second = start({ DATA_DIR: tmp.path, WEB_DIST_DIR: path.join(tmp.path, 'no-build') });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is already in use by process ${first.child.pid}`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, PROCESS_TEST_MS);
});
