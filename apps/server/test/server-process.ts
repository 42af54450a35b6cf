// The real server process (src/main.ts), started as `npm start` starts it, for tests that talk
// to it over HTTP, signal it or kill it. Every process a test starts is SIGKILLed after the test
// if it is still running.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface Server {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

function spawnServer(env: Record<string, string>): Server {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: serverDir,
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The URL the server logs once it listens; rejects if it exits first. */
export async function listeningUrl(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /Pitlane is listening on (http:\/\/[^\s)]+)/.exec(server.output());
      if (match?.[1]) {
        server.child.stdout?.off('data', check);
        resolve(match[1]);
      }
    };
    server.child.stdout?.on('data', check);
    void server.exited.then((code) => reject(new Error(`The server exited (${code}) before listening:\n${server.output()}`)));
    check();
  });
}

const running: Server[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
});

/** Starts src/main.ts with `env` over the test's own environment (no DATABASE_URL unless given). */
export function startServer(env: Record<string, string>): Server {
  const server = spawnServer(env);
  running.push(server);
  return server;
}
