import * as React from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The look every form control shares (Input, Textarea, Select), so a form reads as one piece.
 * Text is 16 px below the md breakpoint because iOS Safari zooms into any smaller field on focus.
 * The invalid state hangs off `aria-invalid`, so the same attribute that tells a screen reader
 * also paints the red edge: the two can never disagree.
 */
export const controlClasses =
  'w-full min-w-0 rounded-md border border-input bg-surface px-3 text-base md:text-sm ' +
  'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:opacity-50 ' +
  'aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger';

export interface InputProps extends React.ComponentProps<'input'> {
  /** 36 px tall instead of 40: a field in a row of its own (the comment form's, with a compact button). */
  compact?: boolean;
  /** The value in muted text: a value shown but not for changing here (the e-mail in Edit Profile). */
  muted?: boolean;
}

export function Input({ compact = false, muted = false, className, ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      // Read-only values (the e-mail in Edit Profile) sit on the sunken surface: visibly not editable.
      className={cn(controlClasses, compact ? 'h-9' : 'h-10', muted ? 'text-muted-foreground' : 'text-foreground', 'read-only:bg-surface-sunken', className)}
      {...props}
    />
  );
}
