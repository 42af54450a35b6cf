// Web benchmark (issue 10, item 4): what /login and /feeds load first, how big every lazy route
// is, and Lighthouse's mobile figures for both pages on the production build. It only prints
// figures; it never fails because of one (only when something it needs cannot run at all).
//
//   npm run bench:web [-- --runs 3] [--skip-build] [--no-lighthouse] [--manifest-only] [--out DIR]
//                     [--data-from DIR]
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
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { freePort } from './free-port.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'apps/web');
const distDir = path.join(webRoot, 'dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Math.max(1, Number(option('--runs')) || 3);
const outDir = path.resolve(option('--out') ?? path.join(os.tmpdir(), 'pitlane-bench-web'));

/** The issue's targets (issue 10): reached or not, never asserted. */
const TARGETS = { firstLoadJsGzip: 100 * 1024, performance: 95, cls: 0.02 };

/**
 * The pages measured, and the lazy modules (apps/web/src/app/routes.tsx) each one renders on its
 * first load: the page itself, and a lazy layout around it if there is one. A module that is not
 * its own chunk in the manifest is bundled into the entry and counted there.
 */
const PAGES = [
  { path: '/login', signedIn: false, modules: ['src/pages/LoginPage.tsx'] },
  { path: '/feeds', signedIn: true, modules: ['src/app/DashboardShell.tsx', 'src/pages/FeedsPage.tsx'] },
] as const;

// Lighthouse starts its own Chromium (chrome-launcher): headless, with the flags every browser test uses.
const CHROME_FLAGS = ['--headless=new', ...chromiumArgs];

// ---------------------------------------------------------------------------------------------
// Formatting

const KB = 1024;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** Median of the finite values (a run that could not compute a figure gives NaN), NaN if none. */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const mark = (met: boolean, value = 0) => (Number.isNaN(value) ? 'n/a' : met ? 'met' : 'MISSED');
const num = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const loadAverage = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`;

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  // First column left-aligned (names), the rest right-aligned (figures).
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function section(title: string): void {
  console.log(`\n## ${title}\n`);
}

// ---------------------------------------------------------------------------------------------
// Sizes

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeCache = new Map<string, Size>();
function sizeOf(file: string): Size {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(distDir, file));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
    };
    sizeCache.set(file, size);
  }
  return size;
}

function total(files: Iterable<string>): Size & { count: number } {
  const sum = { raw: 0, gzip: 0, brotli: 0, count: 0 };
  for (const file of files) {
    const size = sizeOf(file);
    sum.raw += size.raw;
    sum.gzip += size.gzip;
    sum.brotli += size.brotli;
    sum.count++;
  }
  return sum;
}

// ---------------------------------------------------------------------------------------------
// Vite manifest

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file, the files of its static imports (transitively) and their CSS. */
function staticClosure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    else if (chunk.file.endsWith('.css')) css.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return { js, css };
}

function readManifest(): Manifest {
  if (!existsSync(manifestPath)) {
    throw new Error(`${path.relative(repoRoot, manifestPath)} is missing: apps/web/vite.config.ts must set build.manifest.`);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The manifest has no entry chunk.');
  return key;
}

interface PageFiles {
  js: Set<string>;
  css: Set<string>;
  /** Route modules of PAGES that are not chunks of their own (bundled into the entry). */
  inEntry: string[];
}

function pageFiles(manifest: Manifest, modules: readonly string[]): PageFiles {
  const own = modules.filter((m) => manifest[m]);
  const { js, css } = staticClosure(manifest, [entryKey(manifest), ...own]);
  return { js, css, inEntry: modules.filter((m) => !manifest[m]) };
}

// ---------------------------------------------------------------------------------------------
// Source maps: which packages the first-load JavaScript is made of

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Per generated line, the segments' [generated column, source index] (source -1: unmapped). */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) source += fields[1]!;
      segments.push([column, fields.length >= 4 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** node_modules/<package> (scoped too), or the workspace folder (packages/ui, apps/web, …). */
function owner(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const absolute = path.resolve(distDir, 'assets', source);
  const relative = path.relative(repoRoot, absolute).split(path.sep);
  return relative.length >= 2 ? `${relative[0]}/${relative[1]} (own code)` : relative.join('/');
}

/** The code of `files` per package: the generated text of each, and that text gzipped alone. */
function composition(files: Iterable<string>): Array<{ owner: string; raw: number; gzip: number }> {
  const text = new Map<string, string[]>();
  for (const file of files) {
    const mapFile = path.join(distDir, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    const code = readFileSync(path.join(distDir, file), 'utf8').split('\n');
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    decodeMappings(map.mappings).forEach((segments, line) => {
      const lineText = code[line] ?? '';
      segments.forEach(([column, source], i) => {
        const end = segments[i + 1]?.[0] ?? lineText.length;
        const who = source >= 0 ? owner(map.sources[source] ?? '?') : '(bundler runtime, unmapped)';
        const parts = text.get(who) ?? [];
        parts.push(lineText.slice(column, end));
        text.set(who, parts);
      });
    });
  }
  return [...text]
    .map(([who, parts]) => {
      const joined = Buffer.from(parts.join(''));
      return { owner: who, raw: joined.length, gzip: gzipSync(joined, { level: 9 }).length };
    })
    .sort((a, b) => b.raw - a.raw);
}

// ---------------------------------------------------------------------------------------------
// The production server with demo data

interface Account {
  email: string;
  password: string;
  username: string;
}

interface Served {
  baseUrl: string;
  account: Account;
  demoData: boolean;
  stop: () => Promise<void>;
}

async function waitForHealth(baseUrl: string, exited: Promise<never>): Promise<void> {
  const deadline = Date.now() + 60_000;
  const poll = async () => {
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`The server did not answer ${baseUrl}/api/health within 60 s`);
  };
  await Promise.race([poll(), exited]);
}

const seedScript = path.join(repoRoot, 'apps/server/scripts/seed.ts');
const demoAccountModule = path.join(repoRoot, 'apps/server/scripts/seed/demo-account.ts');

async function startServer(): Promise<Served> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitlane-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: '',
    // No SMTP: mail goes to the development outbox on the server's standard error, where the
    // fallback account below reads its registration code.
    SMTP_URL: '',
    RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };

  const demoData = existsSync(seedScript) && existsSync(demoAccountModule);
  const seededDir = option('--data-from');
  if (demoData && seededDir) {
    console.log(`Demo data: a copy of ${seededDir}`);
    cpSync(path.resolve(seededDir), dataDir, { recursive: true });
  } else if (demoData) {
    console.log('Seeding demo data: node apps/server/scripts/seed.ts --size small');
    const started = Date.now();
    const seeded = spawnSync(process.execPath, [seedScript, '--size', 'small'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (seeded.status !== 0) throw new Error(`The seed script failed (exit ${seeded.status}).`);
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  } else {
    console.log('No seed script yet (apps/server/scripts/seed.ts): /feeds is measured for a new account with an empty feed.');
  }

  const server: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`The server exited early with code ${code}:\n${stderr.slice(-2000)}`))),
  );
  exited.catch(() => {});
  const stop = async () => {
    if (server.exitCode === null) {
      const done = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await done;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, exited);
    let account: Account;
    if (demoData) {
      const { DEMO_ACCOUNT } = (await import(pathToFileURL(demoAccountModule).href)) as { DEMO_ACCOUNT: Account };
      account = DEMO_ACCOUNT;
    } else {
      account = await registerAccount(baseUrl, () => stderr);
    }
    return { baseUrl, account, demoData, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Without the seed: an account through the public sign-up, the code read from the dev outbox. */
async function registerAccount(baseUrl: string, outbox: () => string): Promise<Account> {
  const username = `bench_${Date.now().toString(36)}`;
  const account = { username, email: `${username}@pitlane.test`, password: 'Pitlane@2026' };
  const post = (route: string, body: object) =>
    fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const sent = await post('/api/auth/send-otp', { fullName: 'Bench Driver', ...account });
  if (!sent.ok) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const deadline = Date.now() + 10_000;
  let code: string | undefined;
  while (!code && Date.now() < deadline) {
    const mail = outbox().split(`To: ${account.email}`)[1];
    code = mail?.match(/^\s*(\d{4,8})\s*$/m)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('No registration code in the development outbox.');
  const verified = await post('/api/auth/verify-otp', { email: account.email, otp: code });
  if (!verified.ok) throw new Error(`verify-otp answered ${verified.status}: ${await verified.text()}`);
  return account;
}

/** Signs in through the API (packages/api/src/contract/routes.ts: auth.login) and returns the Cookie header. */
async function signIn(baseUrl: string, account: Account): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`POST /api/auth/login answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (cookies.length === 0) throw new Error('POST /api/auth/login set no cookie.');
  return cookies.join('; ');
}

// ---------------------------------------------------------------------------------------------
// What the browser fetched (Playwright)

interface Fetched {
  byType: Map<string, { count: number; bytes: number }>;
  /** dist-relative files of /assets requested before the window's load event… */
  assets: Set<string>;
  /** …and after it, until the network was idle (late files of the page itself, or prefetches). */
  afterLoad: Set<string>;
}

async function measureFetched(baseUrl: string, route: string, cookie: string | null): Promise<Fetched> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    // Lighthouse's mobile device: 412×823 at DPR 1.75, touch.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: baseUrl };
        }),
      );
    }
    const page = await context.newPage();
    const byType = new Map<string, { count: number; bytes: number }>();
    const assets = new Set<string>();
    const afterLoad = new Set<string>();
    const pending: Array<Promise<void>> = [];
    let loaded = false;
    const startedAfterLoad = new Set<unknown>();
    page.on('load', () => {
      loaded = true;
    });
    page.on('request', (request) => {
      if (loaded) startedAfterLoad.add(request);
    });
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const sizes = await request.sizes();
          const type = request.resourceType();
          const entry = byType.get(type) ?? { count: 0, bytes: 0 };
          entry.count++;
          entry.bytes += sizes.responseBodySize;
          byType.set(type, entry);
          const url = new URL(request.url());
          if (url.origin === baseUrl && url.pathname.startsWith('/assets/')) {
            (startedAfterLoad.has(request) ? afterLoad : assets).add(url.pathname.slice(1));
          }
        })(),
      );
    });
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
    if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended on ${page.url()} (not signed in?)`);
    await Promise.all(pending);
    return { byType, assets, afterLoad };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseFigures {
  /** Lighthouse's CPU benchmark of the host for this run (higher is faster). */
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  si: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(lhr: Lhr): LighthouseFigures {
  // A category Lighthouse could not score (e.g. a metric failed in one run) is NaN, not 0.
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
  };
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    si: value('speed-index'),
  };
}

/** The audits that cost points in a run: failing ones of the three categories, heaviest first. */
function shortfalls(lhr: Lhr): string[] {
  const lines: Array<{ weight: number; text: string }> = [];
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push({ weight: ref.weight, text: `${id}: ${audit.title}${shown} [score ${audit.score.toFixed(2)}]` });
    }
  }
  return lines.sort((a, b) => b.weight - a.weight).map((l) => l.text);
}

/** One Lighthouse run in a fresh browser (no warm caches, no state carried over). */
async function lighthouseOnce(url: string, cookie: string | null): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const finalUrl = new URL(result.lhr.finalDisplayedUrl);
    if (finalUrl.pathname !== new URL(url).pathname) throw new Error(`Lighthouse ended on ${finalUrl.href}, not ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

async function runLighthouse(url: string, cookie: string | null, runsPerPage: number, label: string) {
  const results: Array<{ figures: LighthouseFigures; lhr: Lhr }> = [];
  for (let i = 0; i < runsPerPage; i++) {
    // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine:
    // such a run is tried again, twice at most, then left out of the medians.
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const lhr = await lighthouseOnce(url, cookie);
        writeFileSync(path.join(outDir, `${label}-${i + 1}.json`), JSON.stringify(lhr));
        results.push({ figures: figuresOf(lhr), lhr });
        break;
      } catch (error) {
        console.log(`${label} run ${i + 1}, attempt ${attempt}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
  }
  const pick = (key: keyof LighthouseFigures) => median(results.map((r) => r.figures[key]));
  const medianFigures: LighthouseFigures = {
    benchmarkIndex: pick('benchmarkIndex'),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    tbt: pick('tbt'),
    si: pick('si'),
  };
  // The run whose performance score is the median one, for its list of failing audits.
  const scored = results.filter((r) => Number.isFinite(r.figures.performance));
  const byScore = (scored.length ? scored : results).sort((a, b) => a.figures.performance - b.figures.performance);
  const medianRun = byScore[Math.floor((byScore.length - 1) / 2)];
  return { runs: results.map((r) => r.figures), median: medianFigures, shortfalls: medianRun ? shortfalls(medianRun.lhr) : [] };
}

// ---------------------------------------------------------------------------------------------
// Main

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
  const entry = entryKey(manifest);

  // --- First load, from the manifest
  section('First load by the manifest (entry + static imports + the route\'s lazy chunks + theirs)');
  const initial = new Map<string, PageFiles>();
  const rows: string[][] = [];
  for (const page of PAGES) {
    const files = pageFiles(manifest, page.modules);
    initial.set(page.path, files);
    for (const [kind, set] of [['JS', files.js], ['CSS', files.css]] as const) {
      const sum = total(set);
      rows.push([`${page.path} ${kind}`, String(sum.count), kb(sum.raw), kb(sum.gzip), kb(sum.brotli)]);
    }
  }
  table(['page', 'files', 'raw', 'gzip', 'brotli'], rows);
  for (const page of PAGES) {
    const inEntry = initial.get(page.path)!.inEntry;
    if (inEntry.length) console.log(`(${page.path}: ${inEntry.join(', ')} not a chunk of its own: bundled into the entry)`);
  }

  // --- Per route chunk
  section('Lazy chunks (each dynamic import: its own file; "+ imports" adds static imports not already in the entry)');
  const entryFiles = staticClosure(manifest, [entry]);
  const chunkRows = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const own = sizeOf(chunk.file);
      const closure = staticClosure(manifest, [key]);
      const extra = total([...closure.js].filter((f) => !entryFiles.js.has(f)));
      return { key, row: [key.replace(/^(\.\.\/)+/, ''), kb(own.raw), kb(own.gzip), kb(own.brotli), kb(extra.gzip), kb(extra.brotli)] };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
  table(['module', 'raw', 'gzip', 'brotli', '+ imports gzip', '+ imports brotli'], chunkRows.map((r) => r.row));

  // --- Composition
  section('What the first-load JS of /login and /feeds is made of (both together; source maps; gzip of each part alone)');
  const feedsJs = initial.get('/feeds')!.js;
  const loginJs = initial.get('/login')!.js;
  const parts = composition(new Set([...feedsJs, ...loginJs]));
  const shown = parts.slice(0, 18);
  const rest = parts.slice(18);
  const compositionRows = shown.map((p) => [p.owner, kb(p.raw), kb(p.gzip)]);
  if (rest.length) compositionRows.push([`${rest.length} more`, kb(rest.reduce((s, p) => s + p.raw, 0)), kb(rest.reduce((s, p) => s + p.gzip, 0))]);
  table(['package', 'raw', 'gzip alone'], compositionRows);

  if (flag('--manifest-only')) return;

  // --- Served pages
  mkdirSync(outDir, { recursive: true });
  section('Serving the production build');
  const served = await startServer();
  const lighthouseResults = new Map<string, Awaited<ReturnType<typeof runLighthouse>>>();
  const fetchedResults = new Map<string, Fetched>();
  /** Per page, the files counted as its first load from what Chromium fetched (see that section). */
  const firstLoadFetched = new Map<string, Set<string>>();
  try {
    const cookie = await signIn(served.baseUrl, served.account);
    console.log(`${served.baseUrl}, signed in as ${served.account.username}${served.demoData ? ' (demo data: seed --size small)' : ' (no demo data)'}`);

    section('Fetched by Chromium on load (Playwright, mobile viewport, until the network is idle; prefetches for the next page apart)');
    console.log("Counted: everything of /assets fetched before the window's load event, and after it the files of the page's own");
    console.log('first load by the manifest (fetched late: a waterfall). Other files fetched after the load event are prefetches.\n');
    const fetchedRows: string[][] = [];
    const notes: string[] = [];
    for (const page of PAGES) {
      const fetched = await measureFetched(served.baseUrl, page.path, page.signedIn ? cookie : null);
      fetchedResults.set(page.path, fetched);
      const own = new Set([...initial.get(page.path)!.js, ...initial.get(page.path)!.css]);
      const late = [...fetched.afterLoad].filter((f) => own.has(f));
      const firstLoad = new Set([...fetched.assets, ...late]);
      firstLoadFetched.set(page.path, firstLoad);
      const js = [...firstLoad].filter((f) => f.endsWith('.js'));
      const css = [...firstLoad].filter((f) => f.endsWith('.css'));
      for (const [kind, list] of [['JS', js], ['CSS', css]] as const) {
        const sum = total(list);
        fetchedRows.push([`${page.path} ${kind}`, String(sum.count), kb(sum.raw), kb(sum.gzip), kb(sum.brotli)]);
      }
      const manifestJs = initial.get(page.path)!.js;
      const extra = js.filter((f) => !manifestJs.has(f));
      const unused = [...manifestJs].filter((f) => !firstLoad.has(f));
      if (extra.length) notes.push(`${page.path}: also fetched before the load event, beyond the manifest's first load: ${extra.join(', ')}`);
      const lateJs = late.filter((f) => f.endsWith('.js'));
      if (lateJs.length) notes.push(`${page.path}: ${lateJs.length} of its own JS files only after the load event (a waterfall): ${lateJs.join(', ')}`);
      const prefetched = [...fetched.afterLoad].filter((f) => f.endsWith('.js') && !own.has(f));
      if (prefetched.length) {
        const sum = total(prefetched);
        notes.push(`${page.path}: prefetched after the load event (not counted): ${sum.count} JS files, ${kb(sum.gzip)} gzip — ${prefetched.join(', ')}`);
      }
      if (unused.length) notes.push(`${page.path}: in the manifest's first load but not fetched: ${unused.join(', ')}`);
    }
    table(['page', 'files', 'raw', 'gzip', 'brotli'], fetchedRows);
    if (notes.length) console.log(`\n${notes.join('\n')}`);
    console.log('\nEverything fetched until the network was idle, by type (bytes on the wire: compressed where the server sent an encoding):');
    const types = [...new Set([...fetchedResults.values()].flatMap((f) => [...f.byType.keys()]))].sort();
    table(
      ['type', ...PAGES.map((p) => p.path)],
      types.map((type) => [
        type,
        ...PAGES.map((p) => {
          const entryOfType = fetchedResults.get(p.path)!.byType.get(type);
          return entryOfType ? `${entryOfType.count} · ${kb(entryOfType.bytes)}` : '-';
        }),
      ]),
    );

    if (!flag('--no-lighthouse')) {
      section(`Lighthouse ${lighthouseVersion()} (mobile emulation, simulated throttling), ${runs} run(s) per page, medians`);
      console.log(`Before the runs: ${loadAverage()}.${os.loadavg()[0]! > os.cpus().length ? ' The machine is busy: expect inflated TBT and LCP.' : ''}\n`);
      for (const page of PAGES) {
        const label = page.path.slice(1);
        lighthouseResults.set(page.path, await runLighthouse(`${served.baseUrl}${page.path}`, page.signedIn ? cookie : null, runs, label));
      }
      table(
        ['page', 'performance', 'accessibility', 'best-practices', 'FCP', 'LCP', 'CLS', 'TBT', 'Speed Index', 'CPU index'],
        [...lighthouseResults].map(([route, r]) => [
          route,
          num(r.median.performance),
          num(r.median.accessibility),
          num(r.median.bestPractices),
          ms(r.median.fcp),
          ms(r.median.lcp),
          num(r.median.cls, 3),
          ms(r.median.tbt),
          ms(r.median.si),
          num(r.median.benchmarkIndex),
        ]),
      );
      console.log("\nCPU index: Lighthouse's benchmarkIndex of this machine during the runs (higher is faster). Simulated throttling scales");
      console.log('the CPU time it observes by 4, so a slow or busy host inflates TBT and LCP: compare runs made at a similar index.');
      for (const [route, r] of lighthouseResults) {
        console.log(`\n${route} runs (performance / LCP / CLS / TBT): ${r.runs.map((f) => `${num(f.performance)} / ${ms(f.lcp)} / ${num(f.cls, 3)} / ${ms(f.tbt)}`).join(';  ')}`);
        if (r.shortfalls.length) console.log(`${route} audits below 0.9 (median run):\n${r.shortfalls.map((s) => `  - ${s}`).join('\n')}`);
      }
      console.log(`\nLighthouse reports (JSON): ${outDir}`);
    }
  } finally {
    await served.stop();
  }

  // --- Targets
  section('Targets (issue 10)');
  const targetRows: string[][] = [];
  for (const page of PAGES) {
    const js = total(initial.get(page.path)!.js);
    targetRows.push([`${page.path} first-load JS, gzip (manifest)`, '≤ 100 KB', kb(js.gzip), mark(js.gzip <= TARGETS.firstLoadJsGzip)]);
    const fetched = firstLoadFetched.get(page.path);
    if (fetched) {
      const fjs = total([...fetched].filter((f) => f.endsWith('.js')));
      targetRows.push([`${page.path} first-load JS, gzip (fetched)`, '≤ 100 KB', kb(fjs.gzip), mark(fjs.gzip <= TARGETS.firstLoadJsGzip)]);
    }
  }
  for (const [route, r] of lighthouseResults) {
    targetRows.push([`${route} Lighthouse mobile performance`, '≥ 95', num(r.median.performance), mark(r.median.performance >= TARGETS.performance, r.median.performance)]);
    targetRows.push([`${route} CLS`, '≤ 0.02', num(r.median.cls, 3), mark(r.median.cls <= TARGETS.cls, r.median.cls)]);
  }
  table(['figure', 'target', 'measured', ''], targetRows);
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
