import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRevealedCount } from './use-revealed-count.ts';

describe('useRevealedCount', () => {
  it('draws items that arrive after mounting a few at a time: the first ones, then the rest in steps', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(({ total }) => {
      const shown = useRevealedCount(total, 2, 3);
      seen.push(shown);
      return shown;
    }, { initialProps: { total: 0 } });
    expect(result.current).toBe(0);
    rerender({ total: 10 });
    await waitFor(() => expect(result.current).toBe(10));
    // 2 first, then 5, 8, and the last step lifts the limit (10).
    expect([...new Set(seen)]).toEqual([0, 2, 5, 8, 10]);
    // Once all are drawn, more items (the next page) are drawn at once.
    rerender({ total: 20 });
    expect(result.current).toBe(20);
  });

  it('draws every item at once when they are there as it mounts (a page seen before)', () => {
    const { result } = renderHook(() => useRevealedCount(10, 2, 2));
    expect(result.current).toBe(10);
  });
});
