import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** The inline status of spec §5: "Available", "Taken", "Strong", "Weak", "Looks good"… */
export const fieldStatusVariants = cva('flex items-center gap-1 text-sm not-empty:mt-1.5 [&_svg]:size-4 [&_svg]:shrink-0', {
  variants: {
    tone: {
      success: 'text-success',
      error: 'text-danger',
      neutral: 'text-muted-foreground',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

const toneIcons = { success: CircleCheck, error: CircleAlert, neutral: null } as const;

export interface FieldProps
  extends Omit<React.ComponentProps<'div'>, 'children' | 'id'>, VariantProps<typeof fieldStatusVariants> {
  label: React.ReactNode;
  /** Help shown between the label and the control. */
  hint?: React.ReactNode;
  /** The status line's text; its colour and icon come from `tone`. */
  status?: React.ReactNode;
  /**
   * One control (Input, Textarea, Select). The Field gives it `id`, `aria-describedby` and, for an
   * error, `aria-invalid`, so the label, hint and status are wired without the caller touching ids.
   */
  children: React.ReactElement;
}

export function Field({ label, hint, status, tone, className, children, ...props }: FieldProps) {
  const id = React.useId();
  const controlId = `${id}-control`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const hasStatus = status !== undefined && status !== null && status !== false && status !== '';
  const resolvedTone = tone ?? 'neutral';
  const Icon = toneIcons[resolvedTone];

  return (
    <div data-slot="field" className={cn('flex flex-col', className)} {...props}>
      <label data-slot="field-label" htmlFor={controlId} className="mb-1.5 text-sm font-medium text-foreground">
        {label}
      </label>
      {/* The hint sits between label and control, so it is read before typing, not after a mistake. */}
      {hint ? (
        <p id={hintId} data-slot="field-hint" className="-mt-0.5 mb-1.5 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {/* Slot merges these props into the child control itself, so no render prop is needed. */}
      <Slot
        id={controlId}
        aria-describedby={[hint ? hintId : '', hasStatus ? statusId : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={(hasStatus && resolvedTone === 'error') || undefined}
      >
        {children}
      </Slot>
      {/* Always in the DOM, even empty: a live region only announces changes it was present for,
          so "Available" is heard when the check finishes, not only when someone re-reads the field. */}
      <p
        id={statusId}
        data-slot="field-status"
        data-tone={resolvedTone}
        aria-live="polite"
        className={fieldStatusVariants({ tone: resolvedTone })}
      >
        {hasStatus ? (
          <>
            {Icon ? <Icon /> : null}
            <span>{status}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
