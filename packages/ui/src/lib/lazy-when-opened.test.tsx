import { act, render, screen } from '@testing-library/react';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWhenOpened } from './lazy-when-opened.tsx';

// The page settles when a test says so (when-settled.test.ts covers the waiting itself).
const settle = vi.hoisted(() => {
  let resolve = () => {};
  const settled = new Promise<void>((done) => {
    resolve = done;
  });
  return { settled, resolve: () => resolve() };
});
vi.mock('./when-settled.ts', () => ({ pageSettled: () => settle.settled }));

interface SheetProps {
  open: boolean;
  label: string;
}

/** Stands for a Radix dialog: drawn only while open, as Radix draws a closed dialog (nothing). */
function Sheet({ open, label }: SheetProps) {
  return open ? <div role="dialog" aria-label={label} /> : <p>closed, still mounted</p>;
}

function setUp() {
  const load = vi.fn(() => Promise.resolve(Sheet));
  const LazySheet = lazyWhenOpened<SheetProps>(load);
  return { load, LazySheet };
}

describe('lazyWhenOpened', () => {
  it('draws nothing while never opened, then the real component once open, and keeps it mounted when closed', async () => {
    const { LazySheet } = setUp();
    const { rerender } = render(<LazySheet open={false} label="Menu" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('closed, still mounted')).toBeNull();

    rerender(<LazySheet open label="Menu" />);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();

    rerender(<LazySheet open={false} label="Menu" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('closed, still mounted')).toBeTruthy();
  });

  it('fetches its code once the page has settled, and only once', async () => {
    const { load, LazySheet } = setUp();
    render(
      <>
        <LazySheet open={false} label="One" />
        <LazySheet open={false} label="Two" />
      </>,
    );
    await act(() => Promise.resolve());
    expect(load).not.toHaveBeenCalled();
    settle.resolve();
    await act(() => settle.settled);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
