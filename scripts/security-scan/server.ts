// The product as `npm start` runs it (production mode, the built web app), on a free port with
// the demo data of `npm run seed -- --size small`: on a temporary DATA_DIR (the embedded
// database), or on a fresh PostgreSQL database that is created here and dropped at the end.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';
import { repoRoot } from './options.ts';

export interface Served {
  baseUrl: string;
  /** 'pglite' or the PostgreSQL database's name. */
  database: string;
  /** The server's standard error (the dev outbox and its error log), for the summary. */
  logFile: string;
  stop: () => Promise<void>;
}

async function waitForHealth(baseUrl: string, exited: Promise<never>): Promise<void> {
  const deadline = Date.now() + 90_000;
  const poll = async () => {
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`The server did not answer ${baseUrl}/api/health within 90 s`);
  };
  await Promise.race([poll(), exited]);
}

function psql(adminUrl: string, statement: string): void {
  const run = spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', statement], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql failed (${statement}): ${run.stderr || run.error?.message}`);
}

/** `postgresAdminUrl`: a database URL of the server to create the scan's database on; null: PGlite. */
export async function startServer(postgresAdminUrl: string | null, outDir: string): Promise<Served> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitlane-security-scan-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let databaseUrl = '';
  let database = 'pglite';
  if (postgresAdminUrl) {
    database = `pitlane_scan_${process.pid}`;
    psql(postgresAdminUrl, `create database ${database}`);
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const dropDatabase = () => {
    if (postgresAdminUrl) psql(postgresAdminUrl, `drop database if exists ${database} with (force)`);
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    SMTP_URL: '',
    REDIS_URL: '',
    // The scanners send thousands of requests from loopback: without this the sign-in limits
    // would answer 429 and hide what the routes behind them do.
    RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };

  try {
    console.log(`Seeding demo data (--size small) into ${database === 'pglite' ? dataDir : database}…`);
    const seeded = spawnSync(process.execPath, ['apps/server/scripts/seed.ts', '--size', 'small'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (seeded.status !== 0) throw new Error(`The seed script failed (exit ${seeded.status}).`);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    dropDatabase();
    throw error;
  }

  const logFile = path.join(outDir, 'server.log');
  const log = createWriteStream(logFile);
  const server: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  server.stderr!.pipe(log);
  const exited = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`The server exited early with code ${code}; see ${logFile}`))));
  exited.catch(() => {});
  const stop = async () => {
    if (server.exitCode === null) {
      const done = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await done;
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    dropDatabase();
  };

  try {
    await waitForHealth(baseUrl, exited);
    return { baseUrl, database, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
