// Printing the API benchmark: one table per data set, issue 10's targets marked met or missed
// (printed, never failing anything), and how latency grows between two data sets.
import type { CpuCost } from './cpu.ts';
import type { LoadResult } from './load.ts';

export interface RouteFigures {
  key: string;
  label: string;
  single: LoadResult;
  loaded: LoadResult;
  /** CPU per request at 50 connections. */
  cpu: CpuCost;
}

export interface RunFigures {
  /** e.g. "1,000,000 posts, 50,000 users". */
  dataSet: string;
  posts: number;
  routes: RouteFigures[];
}

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1)).padStart(7);
const rps = (n: number) => Math.round(n).toLocaleString('en').padStart(8);

export function printRun(run: RunFigures): void {
  const hello = run.routes.find((r) => r.key === 'hello');
  const label = run.routes[0]?.single.p95Label ?? 'p95';
  console.log(`\n${run.dataSet}`);
  console.log(`${''.padEnd(26)}${'single caller (1 connection)'.padEnd(38)}50 connections`);
  console.log(
    `${'route'.padEnd(24)}${'req/s'.padStart(8)}${'p50'.padStart(8)}${label.padStart(8)}${'p99'.padStart(8)}   ` +
      `${'req/s'.padStart(8)}${'p50'.padStart(8)}${label.padStart(8)}${'p99'.padStart(8)}${'÷ hello'.padStart(9)}${'errors'.padStart(8)}${'CPU ms: node'.padStart(14)}${'pg'.padStart(6)}`,
  );
  for (const r of run.routes) {
    const ratio = hello ? `${((100 * r.loaded.requestsPerSecond) / hello.loaded.requestsPerSecond).toFixed(1)}%` : '–';
    console.log(
      `${r.label.padEnd(24)}${rps(r.single.requestsPerSecond)}${ms(r.single.p50)} ${ms(r.single.p95)} ${ms(r.single.p99)}   ` +
        `${rps(r.loaded.requestsPerSecond)}${ms(r.loaded.p50)} ${ms(r.loaded.p95)} ${ms(r.loaded.p99)}${ratio.padStart(9)}${String(r.single.errors + r.loaded.errors).padStart(8)}` +
        `${r.cpu.node.toFixed(3).padStart(14)}${r.cpu.postgres === null ? '     –' : r.cpu.postgres.toFixed(3).padStart(6)}`,
    );
  }
  console.log('  (latencies in ms; CPU: milliseconds of CPU per request at 50 connections in the server process and its PostgreSQL backends)');
}

/** Issue 10's API targets for this run, and issue 17's for the garage: [met, description] (those whose routes were measured). */
export function targets(run: RunFigures): Array<[boolean, string]> {
  const by = (key: string) => run.routes.find((r) => r.key === key);
  const [feed, feed50, baseline, hello] = [by('feed'), by('feed50'), by('baseline'), by('hello')];
  const scale = run.posts >= 1_000_000 ? '' : ` (the target is for 1M posts; this set has ${run.posts.toLocaleString('en')})`;
  const load = run.posts >= 500_000 ? '' : ` (the target is for ≥ 500k posts; this set has ${run.posts.toLocaleString('en')})`;
  const out: Array<[boolean, string]> = [];
  for (const key of ['feed', 'trending', 'search']) {
    const r = by(key);
    if (r) out.push([r.single.p95 <= 15, `${r.label} ${r.single.p95Label} ≤ 15 ms for a single caller: ${r.single.p95.toFixed(2)} ms${scale}`]);
  }
  // The garage's pages (issue 17): the same single-caller target as the other list reads.
  for (const key of ['car', 'carLog', 'model', 'modelPosts']) {
    const r = by(key);
    if (r) out.push([r.single.p95 <= 15, `${r.label} ${r.single.p95Label} ≤ 15 ms for a single caller: ${r.single.p95.toFixed(2)} ms${scale}`]);
  }
  if (!feed) return out;
  if (feed50) {
    const growth = feed50.single.p95 / feed.single.p95;
    out.push([growth <= 1.5, `feed page 50 within 1.5× of page 1 (single caller ${feed.single.p95Label}): ${growth.toFixed(2)}×`]);
  }
  out.push([feed.loaded.requestsPerSecond >= 2000, `feed ≥ 2,000 req/s at 50 connections: ${Math.round(feed.loaded.requestsPerSecond).toLocaleString('en')}${load}`]);
  out.push([feed.loaded.p99 <= 100, `feed p99 ≤ 100 ms at 50 connections: ${feed.loaded.p99.toFixed(1)} ms${load}`]);
  if (baseline) {
    const times = feed.loaded.requestsPerSecond / baseline.loaded.requestsPerSecond;
    out.push([times >= 10, `feed ≥ 10× the fan-out-on-read baseline at 50 connections: ${times.toFixed(1)}× (baseline ${Math.round(baseline.loaded.requestsPerSecond)} req/s)`]);
  }
  if (hello) {
    const share = feed.loaded.requestsPerSecond / hello.loaded.requestsPerSecond;
    out.push([share >= 0.15, `feed ≥ 15% of hello-world at 50 connections: ${(100 * share).toFixed(1)}% (hello ${Math.round(hello.loaded.requestsPerSecond).toLocaleString('en')} req/s)`]);
  }
  return out;
}

export function printTargets(run: RunFigures): void {
  console.log(`\nIssue 10 targets (${run.dataSet}):`);
  for (const [met, text] of targets(run)) console.log(`  ${met ? '[met]   ' : '[missed]'} ${text}`);
}

/** How each route's latency and throughput change from the smaller data set to the larger. */
export function printGrowth(small: RunFigures, large: RunFigures): void {
  console.log(`\nGrowth from ${small.dataSet} to ${large.dataSet} (× = larger ÷ smaller):`);
  console.log(`${'route'.padEnd(24)}${'single p50'.padStart(22)}${'single p95'.padStart(22)}${'req/s at 50'.padStart(24)}`);
  const cell = (a: number, b: number, format: (n: number) => string) => `${format(a).trim()} → ${format(b).trim()} (${(b / a).toFixed(2)}×)`.padStart(22);
  for (const r of large.routes) {
    const s = small.routes.find((x) => x.key === r.key);
    if (!s) continue;
    console.log(
      `${r.label.padEnd(24)}${cell(s.single.p50, r.single.p50, ms)}${cell(s.single.p95, r.single.p95, ms)}  ${cell(s.loaded.requestsPerSecond, r.loaded.requestsPerSecond, rps)}`,
    );
  }
}
