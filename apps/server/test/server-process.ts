// The real server process (src/main.ts), started as `npm start` starts it, for tests that talk
// to it over HTTP, signal it or kill it. Every process a test starts is SIGKILLed after the test
// if it is still running. (The spawning itself is server-spawn.ts, shared with scripts/soak.ts.)
import { afterEach } from 'vitest';
import { spawnServer, type Server } from './server-spawn.ts';

export { listeningUrl, type Server } from './server-spawn.ts';

/**
 * The time limit of a test that starts server processes: a fresh PGlite data folder is created
 * and migrated at each first start, which took over 25 s on a loaded 2-core machine (CI runs
 * the story suite beside the server suite). A guard against hanging, not a speed target.
 */
export const PROCESS_TEST_MS = 90_000;

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
