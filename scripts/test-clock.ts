// The moved-clock guard for the Node side: the unit suite again with the real clock moved to
// another day and the time zone moved far from UTC, so a test that reads the real date, hour or
// zone fails on the day it is written rather than on some later day (issue 15: a notifications
// test dated its items from the real clock and the fixtures from FIXTURE_NOW; it passed only on
// the fixtures' own day). The stories need no second run: their Chromium always runs with its
// clock moved (vitest.config.ts, movedClockEnv).
import { spawnSync } from 'node:child_process';
import { FAKETIME, KIRITIMATI, PAGO_PAGO, type MovedClock } from './faketime.ts';

const runs: readonly MovedClock[] = [KIRITIMATI, PAGO_PAGO];

for (const run of runs) {
  const label = `${run.start} ${run.timeZone}`;
  console.log(`test:clock: unit with the clock at ${label}`);
  const args = ['-f', `@${run.start}`, 'vitest', 'run', '--project', 'unit'];
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
