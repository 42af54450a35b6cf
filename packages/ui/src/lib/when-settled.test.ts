import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module each time: the settled promise is made once per page.
async function freshPageSettled() {
  vi.resetModules();
  return (await import('./when-settled.ts')).pageSettled;
}

describe('pageSettled', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves three seconds after the load event, once the browser is idle, and only then', async () => {
    vi.useFakeTimers();
    const pageSettled = await freshPageSettled();
    let done = false;
    void pageSettled().then(() => {
      done = true;
    });
    // jsdom's document has loaded: the three seconds start now.
    await vi.advanceTimersByTimeAsync(2900);
    expect(done).toBe(false);
    // Then the idle callback (or, without one, a second).
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(true);
  });

  it('is one promise for every caller', async () => {
    const pageSettled = await freshPageSettled();
    expect(pageSettled()).toBe(pageSettled());
  });
});
