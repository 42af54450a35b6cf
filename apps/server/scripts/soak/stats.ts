// What the simulated people saw, by interval (a minute by default) and by kind of action:
// requests, unexpected answers, and every latency (sorted for percentiles when printed; a
// 20-minute run at the default load keeps a few tens of thousands of numbers).

export interface Interval {
  requests: number;
  errors: number;
  /** Milliseconds, by kind of request. */
  latencies: Map<string, number[]>;
  /** Milliseconds, of reads (GET) and of writes (everything else). */
  reads: number[];
  writes: number[];
}

export interface ErrorSample {
  at: number;
  kind: string;
  what: string;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const sortedNumbers = (values: Iterable<number>) => Float64Array.from(values).sort();

export class Stats {
  readonly intervals: Interval[] = [];
  readonly errorSamples: ErrorSample[] = [];
  errors = 0;
  readonly errorsByKind = new Map<string, number>();
  readonly #start: number;
  readonly #intervalMs: number;

  constructor(start: number, intervalMs: number) {
    this.#start = start;
    this.#intervalMs = intervalMs;
  }

  #interval(at: number): Interval {
    const index = Math.max(0, Math.floor((at - this.#start) / this.#intervalMs));
    while (this.intervals.length <= index) this.intervals.push({ requests: 0, errors: 0, latencies: new Map(), reads: [], writes: [] });
    return this.intervals[index]!;
  }

  /** A request that got an answer, expected or not (counted in the interval it ended in). */
  record(kind: string, method: string, endedAt: number, ms: number): void {
    const interval = this.#interval(endedAt);
    interval.requests++;
    (method === 'GET' ? interval.reads : interval.writes).push(ms);
    const list = interval.latencies.get(kind);
    if (list) list.push(ms);
    else interval.latencies.set(kind, [ms]);
  }

  /** An unexpected answer or a network error; the first 50 are kept to be printed. */
  error(kind: string, at: number, what: string): void {
    this.errors++;
    this.errorsByKind.set(kind, (this.errorsByKind.get(kind) ?? 0) + 1);
    this.#interval(at).errors++;
    if (this.errorSamples.length < 50) this.errorSamples.push({ at: at - this.#start, kind, what });
  }
}

/** Every latency of an interval, or of one kind in it, sorted. */
export function latenciesOf(interval: Interval, kind?: string): Float64Array {
  if (kind) return sortedNumbers(interval.latencies.get(kind) ?? []);
  return sortedNumbers([...interval.latencies.values()].flat());
}
