// sqlmap on every target of targets.ts: one request file each (method, path, cookie, Origin for
// the cross-site check, body with `*` markers), run phase by phase, a few at a time, each signed
// in as its role with a session checked just before it starts.
import { spawn } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { scanDir } from './options.ts';
import { PHASES, type Target } from './targets.ts';
import { signIn, type Role, type World } from './world.ts';

export interface SqlmapResult {
  target: Target;
  seconds: number;
  exitCode: number | null;
  /** Injection points sqlmap reported as injectable (none expected). */
  injectable: string[];
  /** Points sqlmap said it tested and found not injectable. */
  notInjectable: string[];
  /** "HTTP error codes detected during run" as sqlmap printed it, e.g. "400 (Bad Request) - 310 times". */
  httpCodes: string;
  /** sqlmap's [CRITICAL] lines; most are notes ("heavily dynamic": it switches to comparing text). */
  critical: string[];
  /** Fewer points cleared or found injectable than the target has: sqlmap stopped early. */
  untested: boolean;
  logFile: string;
}

export interface SqlmapSettings {
  level: number;
  risk: number;
  jobs: number;
  outDir: string;
}

/**
 * sqlmap loads a preprocess script only from a folder with an `__init__.py`: a copy in the output
 * folder. And Debian's sqlmap 1.7.2 checks the script with `inspect.getargspec`, which Python 3.11
 * no longer has: a `sitecustomize` on PYTHONPATH puts it back for sqlmap's process only.
 */
function preprocessSetup(outDir: string): { script: string; pythonPath: string } {
  const dir = path.join(outDir, 'preprocess');
  const shim = path.join(outDir, 'python');
  mkdirSync(dir, { recursive: true });
  mkdirSync(shim, { recursive: true });
  writeFileSync(path.join(dir, '__init__.py'), '');
  copyFileSync(path.join(scanDir, 'preprocess.py'), path.join(dir, 'preprocess.py'));
  writeFileSync(path.join(shim, 'sitecustomize.py'), 'import inspect\nif not hasattr(inspect, "getargspec"):\n    inspect.getargspec = inspect.getfullargspec\n');
  return { script: path.join(dir, 'preprocess.py'), pythonPath: shim };
}

/** A 16×16 PNG, small enough to cost the media pipeline nothing per request. */
function scanPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [200, 40, 40]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** Session cookies by role, checked before each target (a scanned route may have ended one). */
function sessions(world: World) {
  const cookies = new Map<Role, string>();
  const valid = async (cookie: string) => {
    const res = await fetch(`${world.baseUrl}/api/auth/verify`, { headers: { cookie } });
    return res.ok;
  };
  return async (role: Role): Promise<string | null> => {
    if (role === 'signedOut') return null;
    const known = cookies.get(role);
    if (known && (await valid(known))) return known;
    const cookie = await signIn(world.baseUrl, world.accounts[role]);
    cookies.set(role, cookie);
    return cookie;
  };
}

function requestFile(target: Target, world: World, cookie: string | null): string {
  const host = new URL(world.baseUrl).host;
  const lines = [
    `${target.method} ${target.pathAndQuery} HTTP/1.1`,
    `Host: ${host}`,
    `Origin: ${world.baseUrl}`,
    `Referer: ${world.baseUrl}/feeds`,
    'User-Agent: Mozilla/5.0 (X11; Linux x86_64) PitlaneSecurityScan',
    'Accept: application/json',
    ...(cookie ? [`Cookie: ${cookie}`] : []),
    ...(target.contentType ? [`Content-Type: ${target.contentType}`] : []),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${target.body ?? ''}`;
}

const fileName = (label: string) => label.replace(/[^A-Za-z0-9.]+/g, '_').replace(/_+$/, '');

function parse(output: string, points: number): Pick<SqlmapResult, 'injectable' | 'notInjectable' | 'httpCodes' | 'critical' | 'untested'> {
  const injectable = [...output.matchAll(/^Parameter: (.+)$/gm)].map((m) => m[1]!.trim());
  const notInjectable = [...output.matchAll(/\[WARNING\] (.+?) does not seem to be injectable/g)].map((m) => m[1]!);
  const httpCodes = output.match(/HTTP error codes detected during run:\s*\n?(.+)/)?.[1]?.trim() ?? '';
  // sqlmap ends a clean single-target run with a [CRITICAL] "all tested parameters do not appear
  // to be injectable": that is the verdict, not a failure.
  const critical = [...output.matchAll(/\[CRITICAL\] (.+)/g)].map((m) => m[1]!.trim()).filter((line) => !line.startsWith('all tested parameters do not appear to be injectable'));
  // A point neither found injectable nor cleared was not tested: never count that as clean.
  const untested = injectable.length + notInjectable.length < points;
  return { injectable, notInjectable, httpCodes, critical, untested };
}

function runOne(target: Target, world: World, cookie: string | null, settings: SqlmapSettings & { preprocess: string }, env: NodeJS.ProcessEnv): Promise<SqlmapResult> {
  const dir = path.join(settings.outDir, 'sqlmap');
  const name = fileName(target.label);
  const requestPath = path.join(dir, `${name}.request.txt`);
  writeFileSync(requestPath, requestFile(target, world, cookie));
  const logFile = path.join(dir, `${name}.log`);
  const args = [
    '-r', requestPath,
    '--batch',
    // Its standard input is not a terminal, which sqlmap would otherwise read as a list of targets.
    '--ignore-stdin',
    `--level=${settings.level}`,
    `--risk=${settings.risk}`,
    // PGlite is PostgreSQL compiled to WebAssembly: both databases speak PostgreSQL's SQL, so the
    // other engines' payloads (three times the requests) could only ever fail.
    '--dbms=PostgreSQL',
    '--flush-session',
    `--output-dir=${path.join(dir, 'session', name)}`,
    `--preprocess=${settings.preprocess}`,
    // 401 is a refused password or a cookie sqlmap changed, 404 what a one-shot action (dismiss a
    // case, end a session) answers once sqlmap's first request has done it: answers to compare,
    // not reasons to stop.
    '--ignore-code=401,404',
    '--skip-waf',
    '--disable-coloring',
    '--timeout=30',
    '--retries=1',
    ...target.sqlmapArgs,
  ];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('sqlmap', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = createWriteStream(logFile);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('close', (exitCode) => {
      log.end();
      resolve({ target, seconds: (Date.now() - started) / 1000, exitCode, logFile, ...parse(output, target.points.length) });
    });
  });
}

export async function runSqlmap(targets: Target[], world: World, settings: SqlmapSettings): Promise<SqlmapResult[]> {
  mkdirSync(path.join(settings.outDir, 'sqlmap'), { recursive: true });
  const imagePath = path.join(settings.outDir, 'scan.png');
  writeFileSync(imagePath, scanPng());
  const { script, pythonPath } = preprocessSetup(settings.outDir);
  const env = { ...process.env, PITLANE_SCAN_IMAGE: imagePath, PYTHONPATH: pythonPath };
  const cookieFor = sessions(world);
  const withScript = { ...settings, preprocess: script };
  const results: SqlmapResult[] = [];
  for (const phase of PHASES) {
    const queue = targets.filter((target) => target.phase === phase);
    console.log(`\nsqlmap, ${phase} phase: ${queue.length} targets, ${settings.jobs} at a time`);
    const worker = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        let cookie: string | null;
        try {
          cookie = await cookieFor(target.role);
        } catch (error) {
          // One target that cannot sign in is reported as not tested; the others still run.
          const reason = error instanceof Error ? error.message : String(error);
          console.log(`  ${target.label}: NOT TESTED: ${reason}`);
          results.push({ target, seconds: 0, exitCode: null, injectable: [], notInjectable: [], httpCodes: '', critical: [reason], untested: true, logFile: '' });
          continue;
        }
        const result = await runOne(target, world, cookie, withScript, env);
        const verdict = result.injectable.length > 0 ? `INJECTABLE: ${result.injectable.join('; ')}` : result.untested ? `NOT TESTED: ${result.critical[0] ?? 'see the log'}` : 'not injectable';
        console.log(`  ${target.label} (${target.points.length} points, ${result.seconds.toFixed(0)} s): ${verdict}${result.httpCodes ? `; HTTP ${result.httpCodes}` : ''}`);
        results.push(result);
      }
    };
    await Promise.all(Array.from({ length: settings.jobs }, worker));
  }
  return results;
}
