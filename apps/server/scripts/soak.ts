// npm run soak [-- --minutes 20 --people 40 --seed 1 --think 1.5 --interval 60 --warmup 1 --keep]
//
// A soak test (issue 20): one real server process in production mode on PostgreSQL (a fresh
// database on the DATABASE_URL server, default postgres://postgres@127.0.0.1:5432, dropped
// afterwards unless --keep) with its own SMTP sink and
// a temp DATA_DIR, under mixed traffic from many simulated people (register through the mailed
// code, post with photos, like, comment, follow, join communities, read feeds, trending,
// profiles, notifications and posts). Prints a line per minute (requests, errors, p50/p99, the
// server's RSS, the database's size), then latency by kind, the trend of p99 and RSS, and the
// database's rows against what the clients' acknowledged actions add up to.
// Exits 1 on any error, a count that disagrees, a kept-state problem or an unclean shutdown.
// The parts are in scripts/soak/ (README there).
import { parseArgs } from 'node:util';
import { runSoak } from './soak/run.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    people: { type: 'string', default: '40' },
    seed: { type: 'string', default: '1' },
    think: { type: 'string', default: '1.5' },
    interval: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});

const number = (name: string, value: string, min: number) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number of at least ${min} (got "${value}").`);
    process.exit(2);
  }
  return n;
};

const result = await runSoak({
  minutes: number('minutes', args.minutes, 0.05),
  people: Math.round(number('people', args.people, 1)),
  seed: Math.round(number('seed', args.seed, 0)),
  thinkSeconds: number('think', args.think, 0),
  intervalSeconds: number('interval', args.interval, 1),
  warmupIntervals: Math.round(number('warmup', args.warmup, 0)),
  serverUrl: process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres',
  keep: args.keep,
});
process.exit(result.ok ? 0 : 1);
