import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from '../Input/Input.tsx';

export interface TextareaProps extends React.ComponentProps<'textarea'> {
  /** At least 64 px tall instead of 80: a short answer (a photo's description). */
  compact?: boolean;
}

/**
 * Multi-line text. With `maxLength` it shows a "n / max" counter below (comments and community
 * descriptions stop at 300, spec §9), so people see the limit coming instead of hitting it.
 */
export function Textarea({
  compact = false,
  className,
  maxLength,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedBy,
  ...props
}: TextareaProps) {
  const counterId = React.useId();
  // Uncontrolled use still needs the length for the counter, so track it from change events.
  const [typedLength, setTypedLength] = React.useState(() => String(defaultValue ?? '').length);
  const length = value === undefined ? typedLength : String(value).length;
  const counted = maxLength !== undefined;

  const textarea = (
    <textarea
      data-slot="textarea"
      // field-sizing grows the box with its text, so a long comment never hides behind a scrollbar.
      className={cn(controlClasses, 'field-sizing-content resize-y py-2 text-foreground read-only:bg-surface-sunken', compact ? 'min-h-16' : 'min-h-20', className)}
      maxLength={maxLength}
      // Only the ones given, never `value={undefined}`: preact/compat (issue 22) reads a `value`
      // key that is present but undefined as "controlled by `defaultValue`" and writes
      // `defaultValue` back into the box on every render, undoing the last keystroke (compat/src/
      // render.js). React treats both spellings alike, so it sees no difference.
      {...(value !== undefined && { value })}
      {...(defaultValue !== undefined && { defaultValue })}
      onChange={(event) => {
        setTypedLength(event.target.value.length);
        onChange?.(event);
      }}
      // Keep any description a Field gives (its status line) and add the counter to it.
      aria-describedby={[describedBy, counted && counterId].filter(Boolean).join(' ') || undefined}
      {...props}
    />
  );
  if (!counted) return textarea;

  const atLimit = length >= maxLength;
  return (
    <div data-slot="textarea-wrapper" className="flex w-full flex-col gap-1">
      {textarea}
      <p
        id={counterId}
        data-slot="textarea-counter"
        // Polite: screen readers hear the count when they pause, without being interrupted.
        aria-live="polite"
        className={cn('self-end text-xs tabular-nums', atLimit ? 'font-medium text-danger' : 'text-muted-foreground')}
      >
        <span>{`${length} / ${maxLength}`}</span>
        <span className="sr-only"> characters</span>
      </p>
    </div>
  );
}
