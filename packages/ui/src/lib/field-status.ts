import * as React from 'react';
import { STATUS } from '@pitlane/api/contract';
import type { FieldProps } from '../primitives/Field/Field.tsx';

/** Shown while a server check runs (not a spec word: the spec says nothing for that moment). */
export const CHECKING = 'Checking...';

type Tone = NonNullable<FieldProps['tone']>;
const GOOD: ReadonlySet<string> = new Set([STATUS.available, STATUS.strong, STATUS.looksGood]);

/** A status word's colour on the Field: green for the good words, grey while checking, else red. */
export const toneOf = (status: string): Tone => (status === CHECKING ? 'neutral' : GOOD.has(status) ? 'success' : 'error');

/** A Field's `status` and `tone` for a §5 status word, or none. */
export const fieldStatus = (status: string | null | undefined): Pick<FieldProps, 'status' | 'tone'> =>
  status ? { status, tone: toneOf(status) } : { status: null };

/**
 * A field's server check (username or e-mail availability), remembered with the value it was made
 * for: `resultFor(value)` answers only while the field still holds that value, so typing after a
 * check hides the stale answer by itself. `ask` answers a §5 status word (or null: nothing to
 * say), at once or after the call; a failed call should answer "Error", which a later blur asks
 * again, where any other answer for the same value stands.
 */
export function useServerCheck<Result extends string | null>(ask: (value: string) => Result | Promise<Result>) {
  const [check, setCheck] = React.useState<{ value: string; result: Result | 'checking' } | null>(null);

  const run = (value: string) => {
    if (value === '' || (check?.value === value && check.result !== STATUS.error)) return;
    const answer = ask(value);
    if (!(answer instanceof Promise)) {
      setCheck({ value, result: answer });
      return;
    }
    setCheck({ value, result: 'checking' });
    void answer.then((result) => setCheck((current) => (current?.value === value ? { value, result } : current)));
  };

  /** The answer for `value`: a status word, null, 'checking', or undefined when it was not checked. */
  const resultFor = (value: string) => (check?.value === value ? check.result : undefined);
  return { run, resultFor };
}

/** What a check's result shows on the Field's status line. */
export const checkStatus = <Result extends string | null>(result: Result | 'checking' | undefined) => (result === 'checking' ? CHECKING : result);
