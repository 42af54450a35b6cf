// The stage of a soak run: a fresh database (a new PostgreSQL database on the DATABASE_URL
// server), a real SMTP sink for the registration codes, a temp
// DATA_DIR for the media, and one real server process (src/main.ts in production mode, as
// `npm start` runs it); plus the readings taken each interval (the server's RSS from /proc, the
// database's size) and, once the server has stopped, the row counts and kept-state check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, safeUrl } from '../../src/db/client.ts';
import { keptStateProblems } from '../../src/modules/posts/kept-check.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { listeningUrl, spawnServer, type Server } from '../../test/server-spawn.ts';
import { processCpuMs } from '../bench/cpu.ts';
import type { Totals } from './world.ts';

export interface Stage {
  base: string;
  server: Server;
  sink: SmtpSink;
  /** e.g. "PostgreSQL 15.x at postgres://…/pitlane_soak_…". */
  describe: string;
  /** The server process's resident memory, MB (null once it has gone). */
  rssMb(): number | null;
  /** The server process's CPU time so far, ms (null once it has gone). */
  cpuMs(): number | null;
  /** The server's live JS heap after its latest full garbage collection, MB (null: none yet). */
  heapMb(): number | null;
  /** The database's size on disk, MB. */
  databaseMb(): Promise<number>;
  /** SIGTERM, then the exit code (0: a clean shutdown). */
  stopServer(): Promise<number | null>;
  /** Row counts and kept-state problems, read after the server stopped (every write is done). */
  check(): Promise<{ counts: Totals; keptProblems: string[] }>;
  /** Removes the data folder and the database (unless kept). */
  tearDown(keep: boolean): Promise<void>;
}

const TABLES: ReadonlyArray<keyof Totals> = ['users', 'posts', 'post_images', 'likes', 'comments', 'follows', 'communities', 'community_members'];

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function readRssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** `serverUrl`: a database URL on the PostgreSQL server to create the run's database on. */
export async function setStage(serverUrl: string, tag: string): Promise<Stage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-soak-'));
  const name = `pitlane_soak_${tag}`;
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const sink = await startSmtpSink();
  const server = spawnServer({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SMTP_URL: sink.url,
    // Every simulated person comes from loopback: the per-address limits would refuse them.
    RATE_LIMIT_ALLOW_LIST: '127.0.0.1,::1,::ffff:127.0.0.1',
    DATABASE_URL: databaseUrl,
  }, { nodeFlags: ['--trace-gc'] });
  // --trace-gc prints a line per collection; after a full one (Mark-Compact) the heap's size is
  // what is live, the figure that tells a JS leak from native memory (RSS) growing.
  let heapMb: number | null = null;
  let partial = '';
  server.child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const l of lines) {
      const match = /Mark-Compact(?: \([^)]*\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(l);
      if (match) heapMb = Number(match[1]);
    }
  });
  const base = await listeningUrl(server).catch(async (error: unknown) => {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    throw error;
  });
  // The soak's own connection, for the database's size each interval.
  const sizer = await openPostgres(databaseUrl);
  const { rows } = await sizer.db.execute<{ version: string }>(sql`select version() as version`);
  const version = rows[0]!.version.split(' on ')[0]!;

  return {
    base,
    server,
    sink,
    describe: `${version} at ${safeUrl(databaseUrl)}`,
    rssMb: () => (server.child.pid ? readRssMb(server.child.pid) : null),
    cpuMs: () => (server.child.pid ? processCpuMs(server.child.pid) : null),
    heapMb: () => heapMb,
    async databaseMb() {
      const { rows } = await sizer.db.execute<{ bytes: string }>(sql`select pg_database_size(current_database()) as bytes`);
      return Number(rows[0]!.bytes) / 2 ** 20;
    },
    async stopServer() {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      return server.exited;
    },
    async check() {
      const database = await openPostgres(databaseUrl);
      try {
        const counts = {} as Totals;
        for (const table of TABLES) {
          const { rows } = await database.db.execute<{ n: string | number }>(sql`select count(*) as n from ${sql.identifier(table)}`);
          counts[table] = Number(rows[0]!.n);
        }
        return { counts, keptProblems: await keptStateProblems(database.db) };
      } finally {
        await database.close();
      }
    },
    async tearDown(keep) {
      await sizer.close();
      await sink.close();
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      if (keep) return;
      fs.rmSync(dataDir, { recursive: true, force: true });
      await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
