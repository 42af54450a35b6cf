// A private PostgreSQL 15 cluster for tests that stop, kill or restart the database, which must
// never happen to the shared server at DATABASE_URL (other people's tests run on it).
//
//   const cluster = await startPostgresCluster();   // initdb + start in a temp dir, a free port
//   … cluster.url …
//   await cluster.stop('fast');  await cluster.start();
//   await cluster.destroy();                         // stop (immediate) and delete the directory
//
// initdb refuses to run as root, so as root the cluster runs as the `postgres` user (runuser),
// in a directory given to it. Unix sockets go to that directory too, not /var/run/postgresql.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../scripts/free-port.ts';

const run = promisify(execFile);

/** Where Debian and Ubuntu install PostgreSQL 15 (postgresql-15); POSTGRES_BIN overrides it. */
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dir: string;
  /**
   * pg_ctl stop: 'fast' ends every session (57P01) and shuts down cleanly, as a restart
   * does; 'immediate' kills the server without a checkpoint, as a crash does (crash recovery
   * replays the WAL at the next start).
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl start, returning once it accepts connections. */
  start(): Promise<void>;
  /** Stops it if running and deletes its directory. */
  destroy(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the user who may own the cluster. */
async function postgresTool(program: string, args: string[]): Promise<string> {
  const command = asRoot ? 'runuser' : path.join(BIN, program);
  const argv = asRoot ? ['-u', 'postgres', '--', path.join(BIN, program), ...args] : args;
  try {
    const { stdout } = await run(command, argv, { timeout: 60_000 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${program} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
}

async function chownToPostgres(target: string): Promise<void> {
  if (!asRoot) return;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  fs.chownSync(target, await id('-u'), await id('-g'));
}

/** Creates and starts a new cluster (trust authentication, user postgres) on a free port. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  if (!fs.existsSync(path.join(BIN, 'initdb'))) {
    throw new Error(`No PostgreSQL 15 at ${BIN}: install Debian's postgresql-15 (npm test does, as root) or set POSTGRES_BIN.`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-pg-'));
  await chownToPostgres(dir);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  const port = await freePort();
  // --no-sync: a throwaway cluster need not wait for its files to reach the disk at creation.
  await postgresTool('initdb', ['--pgdata', data, '--username', 'postgres', '--auth', 'trust', '--no-sync', '--no-instructions', '--encoding', 'UTF8']);
  // fsync=off: a test cluster stops, crashes and restarts its processes, never the machine, so
  // what PostgreSQL wrote is in the kernel's page cache either way; waiting for the disk would
  // only slow the tests (crash recovery's checkpoint took seconds on a busy machine).
  const settings = [`-p ${port}`, '-h 127.0.0.1', `-k ${dir}`, '-c max_connections=30', '-c shared_buffers=16MB', '-c fsync=off'].join(' ');

  let running = false;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async start() {
      await postgresTool('pg_ctl', ['start', '--pgdata', data, '--wait', '--log', log, '-o', settings]);
      running = true;
    },
    async stop(mode = 'fast') {
      await postgresTool('pg_ctl', ['stop', '--pgdata', data, '--wait', '--mode', mode]);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}
