// `npm run soak` still works: a short run (a quarter of a minute, 4 people thinking 0.3 s) must end with no errors, the database's rows equal to what the clients did, the
// kept state right and a clean shutdown. The figures themselves are for the long run
// (docs/reliability/soak.md), never asserted here. The soak is a PostgreSQL run (the issue's
// production setting), so it runs in the PostgreSQL loop of the backends: wherever DATABASE_URL
// is set, as in CI.
import { describe, expect, it } from 'vitest';
import { runSoak } from '../scripts/soak/run.ts';
import { consistencyLines, trend } from '../scripts/soak/report.ts';
import { backends } from './harness.ts';

describe.each(backends.filter((b) => b.kind === 'postgres'))('a short soak run on $name', () => {
  it('ends with no errors, the rows the clients made, the kept state right and exit code 0', { timeout: 90_000 }, async () => {
    const printed: string[] = [];
    const result = await runSoak(
      {
        minutes: 0.25,
        people: 4,
        seed: 7,
        thinkSeconds: 0.3,
        intervalSeconds: 5,
        warmupIntervals: 1,
        photos: 4,
        keep: false,
        serverUrl: process.env.DATABASE_URL!.trim(),
      },
      (line) => printed.push(line),
    );
    const output = printed.join('\n');
    expect(result.errors, output).toBe(0);
    expect(result.actual, output).toEqual(result.expected);
    expect(result.keptProblems).toEqual([]);
    expect(result.serverExit).toBe(0);
    expect(result.ok).toBe(true);
    // It did a bit of everything that counts: accounts, posts with photos, social actions.
    expect(result.expected.users).toBeGreaterThanOrEqual(4);
    expect(result.expected.posts).toBeGreaterThan(0);
    expect(result.expected.post_images).toBeGreaterThanOrEqual(result.expected.posts);
    expect(result.expected.likes + result.expected.comments + result.expected.follows).toBeGreaterThan(0);
    // A line per interval with the server's memory, and the verdict.
    expect(result.intervals.length).toBeGreaterThanOrEqual(3);
    for (const interval of result.intervals) expect(interval.rssMb).toBeGreaterThan(0);
    expect(output).toContain('Verdict: 0 errors, counts agree, kept state right: PASS');
  });
});

describe('the soak report', () => {
  it('calls a steady series flat and a climbing one growing', () => {
    expect(trend([300, 310, 295, 305, 300], 0.1)).toMatchObject({ first: 300, last: 300, flat: true });
    const climbing = trend([300, 320, 340, 360, 380], 0.1)!;
    expect(climbing.slope).toBeCloseTo(20);
    expect(climbing.fittedGrowth).toBeCloseTo(80 / 300);
    expect(climbing.flat).toBe(false);
    expect(trend([300], 0.1)).toBeNull();
  });

  it('marks a table whose rows differ from what the clients did', () => {
    const totals = { users: 4, posts: 3, post_images: 5, likes: 2, comments: 1, follows: 2, communities: 1, community_members: 2 };
    expect(consistencyLines(totals, totals).agree).toBe(true);
    const { agree, lines } = consistencyLines(totals, { ...totals, likes: 3 });
    expect(agree).toBe(false);
    expect(lines.find((l) => l.startsWith('likes'))).toContain('DIFFERENT');
  });
});
