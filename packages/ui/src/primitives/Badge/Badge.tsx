import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

export const badgeVariants = cva(
  // Tabular figures keep "1" and "9" the same width, so the pill does not twitch as counts change.
  // The line height is the text size's (Tailwind 4's text-* set both), centred in a fixed height.
  'inline-flex shrink-0 items-center justify-center rounded-full tabular-nums',
  {
    variants: {
      size: {
        sm: 'h-4 min-w-4 px-1 text-[0.625rem]',
        md: 'h-5 min-w-5 text-xs',
      },
      /**
       * `accent` is the unread count's red (one of the accent's few uses, DESIGN.md); `neutral` is
       * for a quiet word beside a name ("Muted"), which must not read as something new.
       */
      tone: {
        accent: 'bg-accent font-semibold text-accent-foreground',
        neutral: 'border bg-surface-sunken font-medium text-muted-foreground',
        /** A quiet word that warns ("Cancelled", "Removed"). */
        danger: 'border border-danger/40 bg-surface-sunken font-medium text-danger',
      },
    },
    // The words (neutral, danger) get more room at their sides than a count.
    compoundVariants: [
      { tone: 'accent', size: 'md', className: 'px-1.5' },
      { tone: ['neutral', 'danger'], size: 'md', className: 'px-2' },
    ],
    defaultVariants: { size: 'md', tone: 'accent' },
  },
);

/** Spec §9: shown above 0, and above 9 shown as "9+". */
const MAX_SHOWN = 9;

export interface BadgeProps extends React.ComponentProps<'span'>, VariantProps<typeof badgeVariants> {
  /** The count shown; nothing is shown at 0. Ignored when `children` gives a word instead. */
  count?: number;
  /**
   * What is counted, for screen readers: "unread notifications" is read as "12 unread notifications".
   * A function writes the whole text, for a correct singular: (n) => n === 1 ? "1 new message" : ….
   */
  label?: string | ((count: number) => string);
  /** A word instead of a count ("Muted"): shown and read as it is. */
  children?: React.ReactNode;
}

export function Badge({ count, label, children, size, tone, className, ...props }: BadgeProps) {
  if (children !== undefined) {
    return (
      <span data-slot="badge" className={cn(badgeVariants({ size, tone }), className)} {...props}>
        {children}
      </span>
    );
  }
  const n = count ?? 0;
  // Nothing to count is nothing to show (also guards NaN from a half-loaded session).
  if (!(n > 0)) return null;
  const shown = n > MAX_SHOWN ? `${MAX_SHOWN}+` : String(n);
  return (
    <span data-slot="badge" className={cn(badgeVariants({ size, tone }), className)} {...props}>
      {label ? (
        <>
          {/* Sighted people get the compact "9+"; a screen reader gets the exact count and what it counts. */}
          <span aria-hidden>{shown}</span>
          <span className="sr-only">{typeof label === 'function' ? label(n) : `${n} ${label}`}</span>
        </>
      ) : (
        shown
      )}
    </span>
  );
}
