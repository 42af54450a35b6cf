import { describe, expect, it, vi } from 'vitest';
import { loadOrReload, type ReloadDeps } from './chunk-reload.ts';

function tab(): ReloadDeps & { reloads: number } {
  const values = new Map<string, string>();
  const deps = {
    reloads: 0,
    storage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    },
    reload: () => {
      deps.reloads += 1;
    },
  };
  return deps;
}

describe('loadOrReload', () => {
  it('answers the loaded module without reloading', async () => {
    const deps = tab();
    await expect(loadOrReload(() => Promise.resolve('page'), deps)).resolves.toBe('page');
    expect(deps.reloads).toBe(0);
  });

  it('reloads once when a chunk of an older build is gone, then throws if it fails again', async () => {
    const deps = tab();
    const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const first = loadOrReload(missing, deps);
    const settled = vi.fn();
    first.then(settled, settled);
    await Promise.resolve();
    await Promise.resolve();
    expect(deps.reloads).toBe(1);
    expect(settled).not.toHaveBeenCalled();
    // After the reload (same tab, the mark kept), a second failure is a real error.
    await expect(loadOrReload(missing, deps)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(deps.reloads).toBe(1);
  });

  it('forgets the reload once a chunk loads, so a later deploy may reload again', async () => {
    const deps = tab();
    void loadOrReload(() => Promise.reject(new Error('gone')), deps);
    await Promise.resolve();
    await loadOrReload(() => Promise.resolve('page'), deps);
    void loadOrReload(() => Promise.reject(new Error('gone')), deps);
    await Promise.resolve();
    await Promise.resolve();
    expect(deps.reloads).toBe(2);
  });
});
