// The moved-clock guard: the unit and story suites again, with the real clock moved to another
// day and the time zone moved far from UTC, so a test that reads the real date, hour or zone
// fails on the day it is written rather than on some later day (issue 15: a notifications test
// dated its items from the real clock and the fixtures from FIXTURE_NOW; it passed only on the
// fixtures' own day). Each run starts a few minutes from local midnight, where "today" and
// "yesterday" flip, on the two sides of the date line.
import { spawnSync } from 'node:child_process';
import { FAKETIME } from './faketime.ts';

interface MovedClock {
  /** Local wall time the run starts at (libfaketime's "@" form: the clock then runs on from it). */
  start: string;
  timeZone: string;
  projects: readonly string[];
}

const runs: readonly MovedClock[] = [
  // UTC+14: five minutes past midnight here is still the previous morning in UTC.
  { start: '2027-03-01 00:05:00', timeZone: 'Pacific/Kiritimati', projects: ['unit', 'storybook'] },
  // UTC−11: five minutes to midnight here is already the next day in UTC.
  { start: '2027-03-01 23:55:00', timeZone: 'Pacific/Pago_Pago', projects: ['unit'] },
];

for (const run of runs) {
  const label = `${run.start} ${run.timeZone}`;
  console.log(`test:clock: ${run.projects.join(' + ')} with the clock at ${label}`);
  const args = ['-f', `@${run.start}`, 'vitest', 'run', ...run.projects.flatMap((p) => ['--project', p])];
  const result = spawnSync(FAKETIME, args, { stdio: 'inherit', env: { ...process.env, TZ: run.timeZone } });
  if (result.error) {
    console.error(`test:clock: could not start ${FAKETIME} (${result.error.message}); install Debian's "faketime" package.`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`test:clock: tests failed with the clock at ${label}: some test depends on the real date, hour or time zone.`);
    process.exit(result.status ?? 1);
  }
}
