import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

export const badgeVariants = cva(
  // Tabular figures keep "1" and "9" the same width, so the pill does not twitch as counts change.
  'inline-flex shrink-0 items-center justify-center rounded-full bg-accent font-semibold leading-none text-accent-foreground tabular-nums',
  {
    variants: {
      size: {
        sm: 'h-4 min-w-4 px-1 text-[0.625rem]',
        md: 'h-5 min-w-5 px-1.5 text-xs',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

/** Spec §9: shown above 0, and above 9 shown as "9+". */
const MAX_SHOWN = 9;

export interface BadgeProps extends Omit<React.ComponentProps<'span'>, 'children'>, VariantProps<typeof badgeVariants> {
  count: number;
  /**
   * What is counted, for screen readers: "unread notifications" is read as "12 unread notifications".
   * A function writes the whole text, for a correct singular: (n) => n === 1 ? "1 new message" : ….
   */
  label?: string | ((count: number) => string);
}

export function Badge({ count, label, size, className, ...props }: BadgeProps) {
  // Nothing to count is nothing to show (also guards NaN from a half-loaded session).
  if (!(count > 0)) return null;
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
  return (
    <span data-slot="badge" className={cn(badgeVariants({ size }), className)} {...props}>
      {label ? (
        <>
          {/* Sighted people get the compact "9+"; a screen reader gets the exact count and what it counts. */}
          <span aria-hidden>{shown}</span>
          <span className="sr-only">{typeof label === 'function' ? label(count) : `${count} ${label}`}</span>
        </>
      ) : (
        shown
      )}
    </span>
  );
}
