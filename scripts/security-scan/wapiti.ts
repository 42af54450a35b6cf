// Wapiti, a black-box web scanner, over the site signed in as the demo account: it crawls from
// the home page (the built web app) and from every GET call of the contract with its values
// filled in, then attacks each query parameter and page it found with its modules.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MARK, type Target } from './targets.ts';
import { signIn, type World } from './world.ts';

/**
 * Wapiti's default modules plus crlf, methods, htaccess, backup and shellshock. Left out: ssrf and
 * xxe (they need wapiti's public endpoint on the internet), nikto and wapp (databases downloaded
 * from the internet), buster and brute_login_form (word-list brute force, hours, and the login is
 * a JSON call wapiti cannot find).
 */
export const WAPITI_MODULES = 'backup,blindsql,cookieflags,crlf,csp,exec,file,htaccess,http_headers,methods,permanentxss,redirect,shellshock,sql,xss';

export interface WapitiFinding {
  category: string;
  kind: 'vulnerability' | 'anomaly' | 'additional';
  method: string;
  path: string;
  parameter: string;
  info: string;
  /** Why this is not a problem (SECURITY.md, "Scanners"); absent: a finding to fix. */
  explained?: string;
}

/** Findings looked into and answered (SECURITY.md, "Scanners"): the rest fail the scan. */
const EXPLAINED: { info: RegExp; why: string }[] = [
  {
    info: /^X-XSS-Protection is not set$/,
    why: 'sent as "0" on purpose (helmet): the old XSS auditors are gone from browsers and could be abused; wapiti 3.0.4 only accepts "1"',
  },
  {
    info: /^Strict-Transport-Security is not set$/,
    why: 'sent only when PUBLIC_URL is https (security-headers.test.ts); the scan runs on http://127.0.0.1',
  },
];

export interface WapitiResult {
  seconds: number;
  exitCode: number | null;
  startUrls: number;
  findings: WapitiFinding[];
  reportFile: string;
  logFile: string;
}

export async function runWapiti(targets: Target[], world: World, outDir: string, maxSeconds: number): Promise<WapitiResult> {
  const cookie = await signIn(world.baseUrl, world.accounts.demo);
  const startUrls = targets
    .filter((target) => target.method === 'GET' && target.role !== 'signedOut' && target.sqlmapArgs.length === 0)
    .map((target) => `${world.baseUrl}${target.pathAndQuery.split(MARK).join('')}`);
  const reportFile = path.join(outDir, 'wapiti.json');
  const logFile = path.join(outDir, 'wapiti.log');
  const args = [
    '-u', `${world.baseUrl}/`,
    '--scope', 'folder',
    '-m', WAPITI_MODULES,
    '-H', `Cookie: ${cookie}`,
    '-H', `Origin: ${world.baseUrl}`,
    // No `-x` for the sign-out call: wapiti 3.0.4's exclusions crash on Python 3.11 (an inline
    // regex flag), and it never finds that POST anyway (no HTML form names it).
    ...startUrls.flatMap((url) => ['-s', url]),
    '--flush-session',
    '--store-session', path.join(outDir, 'wapiti-session'),
    '--max-scan-time', String(maxSeconds),
    '--no-bugreport',
    '-v', '1',
    '-f', 'json',
    '-o', reportFile,
  ];
  console.log(`\nwapiti: ${startUrls.length + 1} start URLs, modules ${WAPITI_MODULES}, at most ${maxSeconds} s`);
  const started = Date.now();
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn('wapiti', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    child.once('close', (code) => resolve(code));
  });
  return { seconds: (Date.now() - started) / 1000, exitCode, startUrls: startUrls.length + 1, findings: existsSync(reportFile) ? readFindings(reportFile) : [], reportFile, logFile };
}

type Entry = { method?: string; path?: string; parameter?: string; info?: string };

function readFindings(reportFile: string): WapitiFinding[] {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Record<string, Record<string, Entry[]> | undefined>;
  const findings: WapitiFinding[] = [];
  const sections = [
    ['vulnerabilities', 'vulnerability'],
    ['anomalies', 'anomaly'],
    ['additionals', 'additional'],
  ] as const;
  for (const [section, kind] of sections) {
    for (const [category, entries] of Object.entries(report[section] ?? {})) {
      for (const entry of entries) {
        const info = (entry.info ?? '').trim();
        const explained = EXPLAINED.find((known) => known.info.test(info))?.why;
        findings.push({ category, kind, method: entry.method ?? '', path: entry.path ?? '', parameter: entry.parameter ?? '', info, ...(explained ? { explained } : {}) });
      }
    }
  }
  return findings;
}
