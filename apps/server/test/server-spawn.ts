// Spawning the real server process (src/main.ts) as `npm start` does, without any test framework:
// server-process.ts wraps it for tests (SIGKILL after each), scripts/soak.ts uses it directly.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** How much of the server's output is kept (its tail): a long run logs every request. */
const KEPT_OUTPUT = 4 << 20;

export interface Server {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Starts src/main.ts with `env` over this process's environment (no DATABASE_URL unless given);
 * `nodeFlags` go to node before the script (the soak passes --trace-gc).
 */
export function spawnServer(env: Record<string, string>, options: { nodeFlags?: readonly string[] } = {}): Server {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), 'src/main.ts'], {
    cwd: serverDir,
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > KEPT_OUTPUT) output = output.slice(-KEPT_OUTPUT / 2);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The URL the server logs once it listens; rejects if it exits first. */
export async function listeningUrl(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /Pitlane is listening on (https?:\/\/[^\s)]+)/.exec(server.output());
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
