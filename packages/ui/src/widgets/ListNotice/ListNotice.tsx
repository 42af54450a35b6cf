import * as React from 'react';
import { CircleAlert } from 'lucide-react';
import { errorMessage } from '@pitlane/api/client';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';

/** The centred line under or instead of a list of posts: empty and end texts, errors. */
export function ListNotice({ className, children, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="list-notice"
      className={cn('flex flex-col items-center gap-3 px-4 py-8 text-center text-sm text-muted-foreground', className)}
      {...props}
    >
      {children}
    </div>
  );
}

export interface ListErrorProps {
  error: unknown;
  /** Spec §8's fallback, shown when the server sent no message. */
  fallback: string;
  /** Offers "Try again" when given. */
  onRetry?: (() => void) | undefined;
  className?: string | undefined;
}

/** A list that failed to load (or to load its next page): the message first, then a retry. */
export function ListError({ error, fallback, onRetry, className }: ListErrorProps) {
  return (
    <ListNotice className={className} role="alert">
      <p className="flex items-center gap-2 text-foreground">
        <CircleAlert aria-hidden className="size-4 shrink-0 text-danger" />
        {errorMessage(error, fallback)}
      </p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </ListNotice>
  );
}
