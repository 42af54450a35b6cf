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
  /** On both lines, e.g. `font-medium` inside a page section, where plain text would blend in. */
  className?: string;
}

/**
 * The message lines under a form: a red alert and, where the form has one, a green status.
 * Both stay in the DOM while empty (hidden by `empty:`): a live region announces only changes it
 * was present for, so the message is heard when it appears, not only when someone looks again.
 */
export function FormMessages({ error, success, className }: FormMessagesProps) {
  return (
    <>
      <p role="alert" data-slot="form-error" className={cn('text-sm text-danger empty:hidden', className)}>
        {error}
      </p>
      {success !== undefined ? (
        <p role="status" data-slot="form-success" className={cn('text-sm font-medium text-success empty:hidden', className)}>
          {success}
        </p>
      ) : null}
    </>
  );
}
