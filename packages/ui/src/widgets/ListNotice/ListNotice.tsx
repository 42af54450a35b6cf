import * as React from 'react';
import { CircleAlert } from 'lucide-react';
import { errorMessage } from '@pitlane/api/client';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';

export const listNoticeVariants = cva('flex flex-col gap-3 text-sm text-muted-foreground', {
  variants: {
    /** The room above and below: 8, 24, 32 (a list's end) or 40 px (a page's only content). */
    spacing: { tight: 'py-2', short: 'py-6', regular: 'py-8', tall: 'py-10' },
    /** `start`: a line in a panel's flow (a side panel's error), not centred under a list. */
    align: { center: 'items-center px-4 text-center', start: 'items-start text-left' },
    /** On the sunken surface, as a panel of its own (an empty section of a page). */
    boxed: { true: 'rounded-lg bg-surface-sunken' },
  },
  defaultVariants: { spacing: 'regular', align: 'center' },
});

export type ListNoticeVariants = VariantProps<typeof listNoticeVariants>;

/** The centred line under or instead of a list of posts: empty and end texts, errors. */
export function ListNotice({ spacing, align, boxed, className, children, ...props }: React.ComponentProps<'div'> & ListNoticeVariants) {
  return (
    <div
      data-slot="list-notice"
      className={cn(listNoticeVariants({ spacing, align, boxed }), className)}
      {...props}
    >
      {children}
    </div>
  );
}

export interface ListErrorProps extends ListNoticeVariants {
  error: unknown;
  /** Spec §8's fallback, shown when the server sent no message. */
  fallback: string;
  /** Offers "Try again" when given. */
  onRetry?: (() => void) | undefined;
  className?: string | undefined;
}

/** A list that failed to load (or to load its next page): the message first, then a retry. */
export function ListError({ error, fallback, onRetry, className, ...look }: ListErrorProps) {
  return (
    <ListNotice className={className} role="alert" {...look}>
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
