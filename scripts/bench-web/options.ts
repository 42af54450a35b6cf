// Where things are, the command line, and what is measured.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
export const flag = (name: string) => args.includes(name);
export const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webRoot = path.join(repoRoot, 'apps/web');
// --dist DIR: a build made elsewhere (`vite build --outDir DIR`), to compare two builds without
// touching apps/web/dist, which the e2e suite builds into. With --skip-build.
export const distDir = path.resolve(option('--dist') ?? path.join(webRoot, 'dist'));
export const manifestPath = path.join(distDir, '.vite/manifest.json');
export const pageModulesPath = path.join(distDir, '.vite/page-modules.json');
export const runs = Math.max(1, Number(option('--runs')) || 3);
/**
 * --tls: the server speaks HTTPS with HTTP/2 itself (TLS_CERT/TLS_KEY, a self-signed certificate
 * made for the run), and the browsers accept it. Without it, plain HTTP/1.1: six connections.
 */
export const useTls = flag('--tls');
export const outDir = path.resolve(option('--out') ?? path.join(os.tmpdir(), 'pitlane-bench-web'));
/**
 * --throttling devtools: Lighthouse slows the network and the CPU as the page loads (DevTools'
 * throttling) and reports what it saw, instead of simulating the load from an unthrottled one
 * (its default, `simulate`). The simulation counts every request started before the main picture
 * as something that picture waited for; applied throttling shows what actually came first.
 */
export const throttling: 'simulate' | 'devtools' = option('--throttling') === 'devtools' ? 'devtools' : 'simulate';

/** Issue 22's targets, by page (medians of ≥ 5 runs on a quiet host): printed, never asserted. */
export const TARGETS: Readonly<Record<string, { firstLoadJsKb: number; performance: number; lcpMs?: number; tbtMs?: number; cls?: number }>> = {
  '/login': { firstLoadJsKb: 100, performance: 98 },
  '/feeds': { firstLoadJsKb: 130, performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02 },
};

/**
 * The pages measured. The lazy modules each one renders on its first load (the page itself, and a
 * lazy layout around it if there is one) are the build's record, dist/.vite/page-modules.json.
 */
export const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/feeds', signedIn: true },
] as const;
