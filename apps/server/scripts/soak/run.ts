// A soak run from start to finish: set the stage, let the people live until the deadline
// (printing a line per interval), stop the server, then compare the database with the World.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Client } from './client.ts';
import { makePhotos } from './images.ts';
import { live } from './person.ts';
import { createRandom } from '../seed/random.ts';
import { consistencyLines, figuresOf, HEADER, kindsTable, line, trendLines, type IntervalFigures } from './report.ts';
import { setStage } from './stage.ts';
import { Stats } from './stats.ts';
import { World, type Totals } from './world.ts';

export interface SoakOptions {
  minutes: number;
  people: number;
  seed: number;
  /** Mean think time between a person's actions. */
  thinkSeconds: number;
  /** Length of a reporting interval (60: a line a minute). */
  intervalSeconds: number;
  /** Leading intervals left out of the trend check. */
  warmupIntervals: number;
  /** A URL on the PostgreSQL server where the run's own database is created (and dropped). */
  serverUrl: string;
  /** Keep the database and data folder afterwards. */
  keep: boolean;
  /** How many different photos to make for the posts (default 16). */
  photos?: number;
}

export interface SoakResult {
  intervals: IntervalFigures[];
  requests: number;
  errors: number;
  expected: Totals;
  actual: Totals;
  countsAgree: boolean;
  keptProblems: string[];
  serverExit: number | null;
  /** No errors, counts agree, kept state right, clean shutdown. */
  ok: boolean;
}

export async function runSoak(options: SoakOptions, print: (line: string) => void = console.log): Promise<SoakResult> {
  const tag = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const photos = await makePhotos(createRandom(options.seed), options.photos ?? 16);
  const stage = await setStage(options.serverUrl, tag);
  const unit = options.intervalSeconds === 60 ? 'min' : `${options.intervalSeconds} s`;
  try {
    const cpus = os.cpus();
    print(`Soak: ${options.people} people for ${options.minutes} min, think time ${options.thinkSeconds} s on average, seed ${options.seed}`);
    print(`Server: pid ${stage.server.child.pid} at ${stage.base}, ${stage.describe}; Node ${process.version}`);
    print(`Machine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
    print(`\n${HEADER}   (interval: ${unit}; CPU: the server process, % of one core; load: the machine's; heap: live JS heap after the last full GC)`);

    const start = Date.now();
    const intervalMs = options.intervalSeconds * 1000;
    let deadline = start + options.minutes * 60_000;
    const stats = new Stats(start, intervalMs);
    const world = new World();
    const figures: IntervalFigures[] = [];
    let lastCpu = { at: performance.now(), ms: stage.cpuMs() };
    const report = async (index: number) => {
      const cpu = { at: performance.now(), ms: stage.cpuMs() };
      const serverCpu = cpu.ms === null || lastCpu.ms === null ? null : (100 * (cpu.ms - lastCpu.ms)) / (cpu.at - lastCpu.at);
      lastCpu = cpu;
      const f = figuresOf(stats, index, { serverCpu, load: os.loadavg()[0]!, rssMb: stage.rssMb(), heapMb: stage.heapMb(), databaseMb: await stage.databaseMb() });
      figures[index] = f;
      print(line(f));
    };
    let reported = 0;
    const timer = setInterval(() => void report(reported++), intervalMs);
    // A server that dies ends the run at once (every request after it would fail anyway).
    void stage.server.exited.then((code) => {
      if (Date.now() < deadline) stats.error('server', Date.now(), `the server process exited (${code}) during the run`);
      deadline = Math.min(deadline, Date.now());
    });
    const client = () => new Client(stage.base, stats);
    // Each person draws from a seeded stream of their own, so one person's choices and think
    // times do not shift with another's timing (which posts exist when still depends on it).
    await Promise.all(
      Array.from({ length: options.people }, (_, number) =>
        live({ client: client(), random: createRandom(options.seed * 7919 + number + 1), world, sink: stage.sink, photos, tag, number, thinkSeconds: options.thinkSeconds, get deadline() { return deadline; } }),
      ),
    );
    clearInterval(timer);
    // The tail after the last full interval (the actions under way at the deadline).
    while (reported < stats.intervals.length) await report(reported++);
    const requests = stats.intervals.reduce((n, i) => n + i.requests, 0);

    print(`\nRequests by kind (${requests} in ${((Date.now() - start) / 60_000).toFixed(1)} min, ${(requests / ((Date.now() - start) / 1000)).toFixed(1)}/s):`);
    kindsTable(stats).forEach((l) => print(`  ${l}`));
    print(`\nErrors: ${stats.errors}`);
    for (const sample of stats.errorSamples.slice(0, 20)) print(`  at ${(sample.at / 1000).toFixed(1)} s, ${sample.kind}: ${sample.what}`);

    // Trend over the warm, whole intervals (not the warm-up, not the short tail).
    const whole = Math.floor((options.minutes * 60) / options.intervalSeconds);
    const warm = figures.slice(options.warmupIntervals, whole);
    print(`\nTrend over intervals ${options.warmupIntervals + 1}–${whole} (after ${options.warmupIntervals} of warm-up):`);
    trendLines(warm, unit).forEach((l) => print(`  ${l}`));

    const serverExit = await stage.stopServer();
    print(`\nServer stopped on SIGTERM with exit code ${serverExit}; RSS at the end ${figures.at(-1)?.rssMb?.toFixed(1) ?? '–'} MB`);
    const expected = world.totals();
    const { counts: actual, keptProblems } = await stage.check();
    const consistency = consistencyLines(expected, actual);
    print('\nDatabase rows against what the clients did (acknowledged actions):');
    consistency.lines.forEach((l) => print(`  ${l}`));
    print(`Kept counts, feeds and cards (keptStateProblems): ${keptProblems.length === 0 ? 'all right' : `${keptProblems.length} problems`}`);
    keptProblems.slice(0, 10).forEach((p) => print(`  ${p}`));

    const ok = stats.errors === 0 && consistency.agree && keptProblems.length === 0 && serverExit === 0;
    print(`\nVerdict: ${stats.errors} errors, counts ${consistency.agree ? 'agree' : 'DISAGREE'}, kept state ${keptProblems.length === 0 ? 'right' : 'WRONG'}: ${ok ? 'PASS' : 'FAIL'}`);
    return { intervals: figures, requests, errors: stats.errors, expected, actual, countsAgree: consistency.agree, keptProblems, serverExit, ok };
  } finally {
    await stage.tearDown(options.keep);
    if (options.keep) print(`Kept: ${stage.describe}`);
  }
}
