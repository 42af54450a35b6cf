import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/harness.ts';
import { openDatabase, openPglite } from './client.ts';
import { DatabaseLockedError } from './lock.ts';

/** The pid of a process that has exited (so nothing owns it now). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the embedded database lock', () => {
  const tmp = useTempDir();

  it('creates DATA_DIR/db and refuses a second open of the same directory until the first closes', async () => {
    const dataDir = path.join(tmp.path, 'nested', 'data');
    const first = await openDatabase({ dataDir, databaseUrl: null });
    try {
      expect(first.kind).toBe('pglite');
      expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);

      const second = openDatabase({ dataDir, databaseUrl: null });
      await expect(second).rejects.toThrow(DatabaseLockedError);
      await expect(second).rejects.toThrow(`is already in use by process ${process.pid} on ${os.hostname()}`);
      // The first one is unharmed.
      expect((await first.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }

    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    const reopened = await openDatabase({ dataDir, databaseUrl: null });
    await reopened.close();
  });

  it('takes over a lock left behind by a process that no longer runs', async () => {
    const dir = path.join(tmp.path, 'db');
    fs.mkdirSync(dir);
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), hostname: os.hostname(), since: '2026-01-01T00:00:00Z' }));
    const database = await openPglite(dir);
    try {
      expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await database.close();
    }
  });

  it('respects a lock held by a live process', async () => {
    const dir = path.join(tmp.path, 'db');
    fs.mkdirSync(dir);
    // The parent of this test process is alive for as long as the test runs.
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.ppid, hostname: os.hostname(), since: '2026-01-01T00:00:00Z' }));
    await expect(openPglite(dir)).rejects.toThrow(`is already in use by process ${process.ppid}`);
    expect(fs.existsSync(`${dir}.lock`)).toBe(true);
  });
});
