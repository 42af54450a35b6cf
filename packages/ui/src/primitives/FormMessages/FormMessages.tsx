import * as React from 'react';
import { cn } from '../../lib/cn.ts';

export interface FormMessagesProps {
  /** What went wrong: the form's own check or the server's message (spec §8). */
  error?: React.ReactNode;
  /**
   * What the server said went right ("Registration successful! …"). Pass it (null while there is
   * none) on forms that have such a moment; without it the form has no status line at all.
   */
  success?: React.ReactNode;
  /** The error in medium weight too (the status always is): inside a page section, where plain text would blend in. */
  emphasis?: boolean;
}

/**
 * The message lines under a form: a red alert and, where the form has one, a green status.
 * Both stay in the DOM while empty (hidden by `empty:`): a live region announces only changes it
 * was present for, so the message is heard when it appears, not only when someone looks again.
 */
export function FormMessages({ error, success, emphasis = false }: FormMessagesProps) {
  return (
    <>
      <p role="alert" data-slot="form-error" className={cn('text-sm text-danger empty:hidden', emphasis && 'font-medium')}>
        {error}
      </p>
      {success !== undefined ? (
        <p role="status" data-slot="form-success" className="text-sm font-medium text-success empty:hidden">
          {success}
        </p>
      ) : null}
    </>
  );
}
