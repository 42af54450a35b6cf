// Printing a soak run: a line per interval while it runs; at the end the table again, latency
// by kind of request, the trend check (first warm interval against the last, with a fitted
// slope) and the consistency check (database rows against what the clients did).
import { latenciesOf, percentile, sortedNumbers, type Stats } from './stats.ts';
import type { Totals } from './world.ts';

export interface IntervalFigures {
  /** 1-based. */
  number: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  /** p99 of reads (GET) and of writes. */
  readP99: number;
  writeP99: number;
  /** The server process's CPU over the interval, % of one core (null: unknown). */
  serverCpu: number | null;
  /** The machine's 1-minute load average at the end of the interval (others' work included). */
  load: number;
  rssMb: number | null;
  /** The server's live JS heap after its latest full collection. */
  heapMb: number | null;
  databaseMb: number;
}

export interface Readings {
  serverCpu: number | null;
  load: number;
  rssMb: number | null;
  heapMb: number | null;
  databaseMb: number;
}

export interface Trend {
  first: number;
  last: number;
  /** Least-squares slope per interval. */
  slope: number;
  /** The slope over the warm intervals, as a share of the first warm value. */
  fittedGrowth: number;
  flat: boolean;
}

const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : Math.round(n).toString());
const mb = (n: number | null) => (n === null ? '–' : n.toFixed(1));

export function figuresOf(stats: Stats, index: number, readings: Readings): IntervalFigures {
  const interval = stats.intervals[index] ?? { requests: 0, errors: 0, latencies: new Map(), reads: [], writes: [] };
  const all = latenciesOf(interval);
  return {
    number: index + 1,
    requests: interval.requests,
    errors: interval.errors,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    readP99: percentile(sortedNumbers(interval.reads), 99),
    writeP99: percentile(sortedNumbers(interval.writes), 99),
    ...readings,
  };
}

const COLUMNS = ['interval', 'requests', 'errors', 'p50 ms', 'p99 ms', 'read p99', 'write p99', 'CPU %', 'load', 'RSS MB', 'heap MB', 'DB MB'];
const WIDTHS = [8, 10, 8, 9, 9, 10, 11, 8, 7, 9, 9, 9];
const row = (cells: string[]) => cells.map((cell, i) => cell.padStart(WIDTHS[i]!)).join('');

export const HEADER = row(COLUMNS);

export function line(f: IntervalFigures): string {
  return row([
    String(f.number),
    String(f.requests),
    String(f.errors),
    ms(f.p50),
    ms(f.p99),
    ms(f.readP99),
    ms(f.writeP99),
    f.serverCpu === null ? '–' : Math.round(f.serverCpu).toString(),
    f.load.toFixed(1),
    mb(f.rssMb),
    mb(f.heapMb),
    mb(f.databaseMb),
  ]);
}

/** Latency by kind of request over the whole run. */
export function kindsTable(stats: Stats): string[] {
  const kinds = new Map<string, number[]>();
  for (const interval of stats.intervals) for (const [kind, list] of interval.latencies) kinds.set(kind, [...(kinds.get(kind) ?? []), ...list]);
  const out = [`${'request'.padEnd(16)}${'count'.padStart(8)}${'errors'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`];
  for (const [kind, list] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
    const sorted = sortedNumbers(list);
    out.push(
      `${kind.padEnd(16)}${String(sorted.length).padStart(8)}${String(stats.errorsByKind.get(kind) ?? 0).padStart(8)}${ms(percentile(sorted, 50)).padStart(9)}${ms(percentile(sorted, 99)).padStart(9)}${ms(sorted.at(-1) ?? NaN).padStart(9)}`,
    );
  }
  return out;
}

/**
 * The trend of a series over the warm intervals: flat when the fitted change across them stays
 * within `tolerance` of the first warm value (p99 jitters on a shared machine, so its tolerance
 * is wider than the memory's).
 */
export function trend(values: readonly number[], tolerance: number): Trend | null {
  if (values.length < 2) return null;
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  const slope = num / den;
  const first = values[0]!;
  const fittedGrowth = first > 0 ? (slope * (n - 1)) / first : 0;
  return { first, last: values.at(-1)!, slope, fittedGrowth, flat: fittedGrowth <= tolerance };
}

export const P99_TOLERANCE = 0.5;
export const RSS_TOLERANCE = 0.1;

export function trendLines(warm: readonly IntervalFigures[], unit: string): string[] {
  const p99 = trend(warm.map((f) => f.p99).filter((v) => !Number.isNaN(v)), P99_TOLERANCE);
  const readP99 = trend(warm.map((f) => f.readP99).filter((v) => !Number.isNaN(v)), P99_TOLERANCE);
  const rss = trend(warm.map((f) => f.rssMb).filter((v): v is number => v !== null), RSS_TOLERANCE);
  const heap = trend(warm.map((f) => f.heapMb).filter((v): v is number => v !== null), RSS_TOLERANCE);
  if (!p99 || !readP99 || !rss) return ['Trend: too few warm intervals to fit one.'];
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;
  const latency = (name: string, t: Trend) =>
    `${name}: first warm ${ms(t.first)} ms, last ${ms(t.last)} ms, slope ${t.slope.toFixed(2)} ms/${unit} (fitted ${pct(t.fittedGrowth)} over the run): ${t.flat ? 'flat' : 'GROWING'} (tolerance ${pct(P99_TOLERANCE)})`;
  return [
    latency('p99', p99),
    latency('read p99', readP99),
    ...[['RSS', rss] as const, ['JS heap', heap] as const].flatMap(([name, t]) =>
      t ? [`${name}: first warm ${mb(t.first)} MB, last ${mb(t.last)} MB, slope ${t.slope.toFixed(2)} MB/${unit} (fitted ${pct(t.fittedGrowth)} over the run): ${t.flat ? 'no growth trend' : 'GROWING'} (tolerance ${pct(RSS_TOLERANCE)})`] : [],
    ),
  ];
}

export function consistencyLines(expected: Totals, actual: Totals): { lines: string[]; agree: boolean } {
  const lines = [`${'table'.padEnd(20)}${'clients did'.padStart(12)}${'database'.padStart(10)}`];
  let agree = true;
  for (const table of Object.keys(expected) as Array<keyof Totals>) {
    const same = expected[table] === actual[table];
    agree &&= same;
    lines.push(`${table.padEnd(20)}${String(expected[table]).padStart(12)}${String(actual[table]).padStart(10)}${same ? '' : '   DIFFERENT'}`);
  }
  return { lines, agree };
}
