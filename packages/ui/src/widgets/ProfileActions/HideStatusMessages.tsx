import { cn } from '../../lib/cn.ts';
import type { HideStatus } from './use-hide-actions.ts';

export interface HideStatusMessagesProps {
  status: HideStatus;
  error: string | null;
  className?: string;
}

/**
 * After a block, mute or undo: a polite status only a screen reader hears (the page itself shows
 * what changed: the badge, the blocked header, the row gone), and a visible error when it failed.
 * The status stays in the DOM while empty: a live region only announces changes it was there for.
 */
export function HideStatusMessages({ status, error, className }: HideStatusMessagesProps) {
  return (
    <>
      <p role="status" className="sr-only">
        <span key={status.key}>{status.text}</span>
      </p>
      {error ? (
        <p role="alert" className={cn('text-sm font-medium text-danger', className)}>
          {error}
        </p>
      ) : null}
    </>
  );
}
