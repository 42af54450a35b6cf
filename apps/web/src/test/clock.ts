// A fake clock for page tests whose subject is time (spec §9 delays): only timers and Date are
// faked, so the fake backend's own async work (streams, microtasks) still runs for real.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { FIXTURE_NOW } from '@pitlane/api/mocks';

/** Fake timers and Date, starting at the fixtures' instant: the fixtures are dated from
 *  `FIXTURE_NOW`, so a clock started from the real one would age them a day every day. */
export function installFakeClock(): void {
  vi.useFakeTimers({ now: FIXTURE_NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Move the clock on, letting React and the queries settle on the way. */
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Wait for something on screen while moving the clock at most a millisecond at a time. */
export async function until<T>(find: () => T): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    try {
      return find();
    } catch {
      await new Promise((resolve) => setImmediate(resolve));
      await advance(1);
    }
  }
  return find();
}
