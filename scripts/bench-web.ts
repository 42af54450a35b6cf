// Web benchmark (issue 10, item 4; its targets now issue 22's): what /login and /feeds load first, how big every lazy route
// is, and Lighthouse's mobile figures for both pages on the production build. It only prints
// figures; it never fails because of one (only when something it needs cannot run at all).
//
//   npm run bench:web [-- --runs 3] [--skip-build] [--no-lighthouse] [--manifest-only] [--out DIR]
//                     [--data-from DIR] [--tls] [--dist DIR]
//
// --tls serves HTTPS with HTTP/2 (a self-signed certificate made for the run; the browsers accept
// it) instead of plain HTTP/1.1. --dist DIR measures (and serves) a build made elsewhere with
// `vite build --outDir DIR`, with --skip-build: two builds compared without touching apps/web/dist.
//
// --data-from DIR starts from a copy of a DATA_DIR that `npm run seed -- --size small` filled
// before, instead of seeding anew (the seed renders its pictures, which takes a while).
//
// 1. builds the web app (turbo, so an unchanged tree is a cache hit);
// 2. "manifest": from Vite's dist/.vite/manifest.json, the entry and its static imports plus the
//    lazy route chunk(s) of each page and their static imports — what the page needs before it
//    can draw, independent of timing;
// 3. starts the production server as the e2e setup does (free port, temporary DATA_DIR, demo
//    data from `npm run seed` when the seed script is there) and signs in as the demo account;
// 4. "fetched": what Chromium actually downloaded while loading each page (Playwright's network
//    events, until the network is idle) — also catches lazy chunks a page pulls in on load;
// 5. Lighthouse 13 (mobile emulation and simulated throttling, its defaults) in Debian's Chromium,
//    N runs per page, medians printed.
// Sizes: raw bytes as served, gzip (level 9) and brotli (quality 11) computed with node:zlib.
//
// The parts, in scripts/bench-web/: options.ts (paths, flags, the pages measured), manifest.ts and
// sizes.ts (what a page needs, and how big), first-load.ts and composition.ts (the manifest's
// sections), server.ts (the production server and signing in), fetched.ts (Playwright),
// lighthouse.ts, targets.ts, format.ts (the tables).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { chromiumPath } from './chromium.ts';
import { reportFetched } from './bench-web/fetched.ts';
import { reportFirstLoad } from './bench-web/first-load.ts';
import { loadAverage, section } from './bench-web/format.ts';
import { reportLighthouse, type LighthouseResult } from './bench-web/lighthouse.ts';
import { readManifest, type PageFiles } from './bench-web/manifest.ts';
import { flag, outDir, repoRoot } from './bench-web/options.ts';
import { signIn, startServer, type Served } from './bench-web/server.ts';
import { reportTargets } from './bench-web/targets.ts';

async function main() {
  console.log('# npm run bench:web');
  console.log(`\nMachine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM, Node ${process.version}`);
  const chromiumVersion = spawnSync(chromiumPath(), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).stdout.trim();
  console.log(`Browser: ${chromiumVersion || `${chromiumPath()} (version unknown)`}`);
  console.log(`At start: ${loadAverage()}`);

  if (!flag('--skip-build')) {
    section('Build');
    const built = spawnSync('npx', ['turbo', 'run', 'build', '--filter=@pitlane/web', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('The web build failed.');
  }

  const manifest = readManifest();
  const initial = reportFirstLoad(manifest);

  if (flag('--manifest-only')) return;

  // --- Served pages
  mkdirSync(outDir, { recursive: true });
  section('Serving the production build');
  const served = await startServer();
  const { firstLoadFetched, lighthouseResults } = await measureServed(served, initial).finally(() => served.stop());

  reportTargets(initial, firstLoadFetched, lighthouseResults);
}

/** The served pages, signed in: what Chromium fetched, then Lighthouse (unless --no-lighthouse). */
async function measureServed(served: Served, initial: Map<string, PageFiles>) {
  const cookie = await signIn(served.baseUrl, served.account);
  console.log(`${served.baseUrl}, signed in as ${served.account.username}${served.demoData ? ' (demo data: seed --size small)' : ' (no demo data)'}`);
  /** Per page, the files counted as its first load from what Chromium fetched (see that section). */
  const firstLoadFetched = await reportFetched(served.baseUrl, cookie, initial);
  const lighthouseResults = flag('--no-lighthouse') ? new Map<string, LighthouseResult>() : await reportLighthouse(served.baseUrl, cookie);
  return { firstLoadFetched, lighthouseResults };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
