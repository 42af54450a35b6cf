// Load generators for the API benchmark, each in a child process so it does not share the
// server's event loop: wrk (preferred: C, lighter on a 2-core machine, and its Lua `done` hook
// gives any percentile) or autocannon (the root devDependency; its JSON has no p95, so p97.5
// stands in, labelled as such).
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type Tool = 'wrk' | 'autocannon';

export interface Load {
  connections: number;
  seconds: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  /** Which percentile `p95` is (autocannon reports p97.5, not p95). */
  p95Label: 'p95' | 'p97.5';
  /** Socket errors and timeouts, and answers other than 2xx/3xx. */
  errors: number;
}

export function wrkAvailable(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits with 1 after printing its version.
    return (error as { status?: number }).status === 1;
  }
}

const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration":%d,"errors":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout + e.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

let wrkScript: string | null = null;

async function wrk(url: string, load: Load): Promise<LoadResult> {
  if (!wrkScript) {
    wrkScript = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-bench-')), 'stats.lua');
    fs.writeFileSync(wrkScript, WRK_SCRIPT);
  }
  const headers = Object.entries(load.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const threads = String(Math.min(2, load.connections));
  const { stdout } = await run('wrk', ['-t', threads, '-c', String(load.connections), '-d', `${load.seconds}s`, '--timeout', '5s', '-s', wrkScript, ...headers, url], {
    maxBuffer: 1 << 20,
  });
  const line = stdout.trim().split('\n').findLast((l) => l.startsWith('{'));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const r = JSON.parse(line) as { requests: number; duration: number; errors: number; p50: number; p95: number; p99: number };
  return { requests: r.requests, requestsPerSecond: r.requests / (r.duration / 1e6), p50: r.p50 / 1000, p95: r.p95 / 1000, p99: r.p99 / 1000, p95Label: 'p95', errors: r.errors };
}

async function autocannon(url: string, load: Load): Promise<LoadResult> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const headers = Object.entries(load.headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await run(process.execPath, [bin, '-c', String(load.connections), '-d', String(load.seconds), '-j', ...headers, url], { maxBuffer: 16 << 20 });
  const r = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p97_5: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    requests: r.requests.total,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p95: r.latency.p97_5,
    p99: r.latency.p99,
    p95Label: 'p97.5',
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

export function measure(tool: Tool, url: string, load: Load): Promise<LoadResult> {
  return tool === 'wrk' ? wrk(url, load) : autocannon(url, load);
}
