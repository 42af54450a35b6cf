import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS } from '@pitlane/api/contract';
import { CHECKING, checkStatus, fieldStatus, toneOf, useServerCheck } from './field-status.ts';

describe('toneOf and fieldStatus', () => {
  it('paints the good words green, the check in progress grey and the rest red', () => {
    expect([STATUS.available, STATUS.strong, STATUS.looksGood].map(toneOf)).toEqual(['success', 'success', 'success']);
    expect(toneOf(CHECKING)).toBe('neutral');
    expect([STATUS.taken, STATUS.registered, STATUS.weak, STATUS.invalidName, STATUS.invalidFormat, STATUS.error].map(toneOf)).toEqual(
      Array(6).fill('error'),
    );
  });

  it('gives a Field no status for nothing to say', () => {
    expect(fieldStatus(null)).toEqual({ status: null });
    expect(fieldStatus(undefined)).toEqual({ status: null });
    expect(fieldStatus(STATUS.taken)).toEqual({ status: STATUS.taken, tone: 'error' });
    expect(checkStatus('checking')).toBe(CHECKING);
  });
});

describe('useServerCheck', () => {
  it('answers only for the value it was asked about, checking while the call runs', async () => {
    let settle: (answer: string) => void = () => {};
    const asked: string[] = [];
    const { result } = renderHook(() =>
      useServerCheck((value) => {
        asked.push(value);
        return new Promise<string>((resolve) => (settle = resolve));
      }),
    );
    act(() => result.current.run('maya.drives'));
    expect(result.current.resultFor('maya.drives')).toBe('checking');
    await act(async () => settle(STATUS.taken));
    expect(result.current.resultFor('maya.drives')).toBe(STATUS.taken);
    // Typing after the check hides the stale answer by itself.
    expect(result.current.resultFor('maya.drive')).toBeUndefined();
    // The same value is not asked again; an empty one never.
    act(() => result.current.run('maya.drives'));
    act(() => result.current.run(''));
    expect(asked).toEqual(['maya.drives']);
  });

  it('asks again after an "Error", and takes an answer given at once', async () => {
    const answers = [STATUS.error, STATUS.available];
    const { result } = renderHook(() => useServerCheck(() => answers.shift()!));
    act(() => result.current.run('alex.turner'));
    expect(result.current.resultFor('alex.turner')).toBe(STATUS.error);
    act(() => result.current.run('alex.turner'));
    expect(result.current.resultFor('alex.turner')).toBe(STATUS.available);
  });

  it('drops a late answer for a value no longer asked about', async () => {
    const pending = new Map<string, (answer: string) => void>();
    const { result } = renderHook(() => useServerCheck((value) => new Promise<string>((resolve) => pending.set(value, resolve))));
    act(() => result.current.run('first'));
    act(() => result.current.run('second'));
    await act(async () => pending.get('first')!(STATUS.available));
    expect(result.current.resultFor('second')).toBe('checking');
    expect(result.current.resultFor('first')).toBeUndefined();
  });
});
