import * as React from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The look every form control shares (Input, Textarea, Select), so a form reads as one piece.
 * Text is 16 px below the md breakpoint because iOS Safari zooms into any smaller field on focus.
 * The invalid state hangs off `aria-invalid`, so the same attribute that tells a screen reader
 * also paints the red edge: the two can never disagree.
 */
export const controlClasses =
  'w-full min-w-0 rounded-md border border-input bg-surface px-3 text-base text-foreground md:text-sm ' +
  'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:opacity-50 ' +
  'aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger';

export type InputProps = React.ComponentProps<'input'>;

export function Input({ className, ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      // Read-only values (the e-mail in Edit Profile) sit on the sunken surface: visibly not editable.
      className={cn(controlClasses, 'h-10 read-only:bg-surface-sunken', className)}
      {...props}
    />
  );
}
