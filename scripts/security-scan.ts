// Third-party scanners against the running product (issue 19, item 4): sqlmap on every route of
// the contract that takes parameters, and the wapiti web scanner over the site, both signed in.
// Not part of CI: it takes half an hour or more. SECURITY.md, "Scanners", has the last results.
//
//   npm run security:scan [-- --postgres [URL]] [--only route,route] [--no-sqlmap] [--no-wapiti]
//                         [--jobs 2] [--level 3] [--risk 2] [--skip-build] [--out DIR]
//
// 1. builds the web app (turbo: cached when nothing changed);
// 2. starts the production server (`npm start`'s main.ts, NODE_ENV=production) on a free port,
//    on a temporary DATA_DIR seeded with `npm run seed -- --size small`, or with --postgres on a
//    fresh database of that PostgreSQL server (default DATABASE_URL, else the local one), dropped
//    at the end; RATE_LIMIT_ALLOW_LIST=127.0.0.1 so the sign-in limits do not hide the routes;
// 3. signs in through the API and looks up the ids the requests name (security-scan/world.ts);
// 4. sqlmap on each target (security-scan/targets.ts, made from the route table);
// 5. wapiti from the home page and every GET call;
// 6. stops the server and prints the summary (also summary.md in the output folder).
// Exit 1 on a finding: an injectable parameter, a 5xx, or a wapiti vulnerability.
//
// Needs Debian's sqlmap and wapiti: apt-get install -y sqlmap wapiti.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { options, repoRoot, USAGE } from './security-scan/options.ts';
import { startServer } from './security-scan/server.ts';
import { runSqlmap, type SqlmapResult } from './security-scan/sqlmap.ts';
import { serverErrors, summarise } from './security-scan/summary.ts';
import { buildTargets } from './security-scan/targets.ts';
import { runWapiti, type WapitiResult } from './security-scan/wapiti.ts';
import { discoverWorld } from './security-scan/world.ts';

/** The most wapiti may run; its crawl and attacks stop there and it writes what it found. */
const WAPITI_MAX_SECONDS = 15 * 60;

function requireTool(tool: string, versionArgument: string): string {
  const run = spawnSync(tool, [versionArgument], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    throw new Error(`${tool} is not installed. On Debian: apt-get install -y sqlmap wapiti`);
  }
  return (run.stdout + run.stderr).split('\n').map((line) => line.trim()).find((line) => /\d+\.\d+/.test(line)) ?? '?';
}

async function main() {
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const started = Date.now();
  const versions = [options.sqlmap && `sqlmap ${requireTool('sqlmap', '--version')}`, options.wapiti && requireTool('wapiti', '--version')].filter(Boolean);
  console.log(`# npm run security:scan (${versions.join(', ')})`);
  mkdirSync(options.outDir, { recursive: true });
  if (options.build) {
    const built = spawnSync('npx', ['turbo', 'run', 'build', '--filter=@pitlane/web', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('The web build failed.');
  }

  const served = await startServer(options.postgres, options.outDir);
  console.log(`Serving ${served.baseUrl} on ${served.database}; output in ${options.outDir}`);
  let sqlmap: SqlmapResult[] | null = null;
  let wapiti: WapitiResult | null = null;
  let targetList;
  try {
    const world = await discoverWorld(served.baseUrl);
    targetList = buildTargets(world, options.only);
    console.log(`${targetList.targets.length} targets, ${targetList.targets.reduce((n, t) => n + t.points.length, 0)} injection points`);
    if (options.sqlmap) sqlmap = await runSqlmap(targetList.targets, world, { ...options, outDir: options.outDir });
    if (options.wapiti) wapiti = await runWapiti(targetList.targets, world, options.outDir, WAPITI_MAX_SECONDS);
  } finally {
    await served.stop();
  }

  const { markdown, clean } = summarise({
    database: served.database === 'pglite' ? 'the embedded database (PGlite)' : `PostgreSQL (database ${served.database}, dropped)`,
    settings: options,
    targetList,
    sqlmap,
    wapiti,
    errors: serverErrors(served.logFile),
    totalSeconds: (Date.now() - started) / 1000,
    outDir: options.outDir,
  });
  writeFileSync(path.join(options.outDir, 'summary.md'), `${markdown}\n`);
  writeFileSync(path.join(options.outDir, 'results.json'), `${JSON.stringify({ sqlmap, wapiti }, null, 2)}\n`);
  console.log(`\n${markdown}`);
  if (!clean) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
