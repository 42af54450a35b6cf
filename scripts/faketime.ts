// Debian's libfaketime, for the moved-clock guard: a test that reads the real date, hour or time
// zone must fail on the day it is written, not on some later day (issue 15).
import { globSync } from 'node:fs';

/** Debian's wrapper: runs a command with the clock moved (scripts/test-clock.ts). */
export const FAKETIME = '/usr/bin/faketime';

/** A moved clock: libfaketime's "@" start (local wall time; the clock runs on from it) and a zone. */
export interface MovedClock {
  start: string;
  timeZone: string;
}

// Each clock is a few minutes from local midnight, where "today" and "yesterday" flip, on the two
// sides of the date line.
/** UTC+14: five minutes past midnight here is still the previous morning in UTC. */
export const KIRITIMATI: MovedClock = { start: '2027-03-01 00:05:00', timeZone: 'Pacific/Kiritimati' };
/** UTC−11: five minutes to midnight here is already the next day in UTC. */
export const PAGO_PAGO: MovedClock = { start: '2027-03-01 23:55:00', timeZone: 'Pacific/Pago_Pago' };

/**
 * The environment that moves a program's clock as the wrapper does (libfaketime preloaded), for
 * the Chromium the story tests launch: the stories always run with the browser's clock and zone
 * moved, while the test runner and the server tests beside them keep the real clock. Empty, with
 * a warning, where libfaketime is not installed (`npm test` installs it first).
 */
export function movedClockEnv(clock: MovedClock): Record<string, string> {
  const [library] = globSync('/usr/lib/*/faketime/libfaketime.so.1');
  if (!library) {
    console.warn(`libfaketime is not installed: the stories run with the real clock (apt-get install faketime).`);
    return {};
  }
  return { LD_PRELOAD: library, FAKETIME: `@${clock.start}`, TZ: clock.timeZone };
}
