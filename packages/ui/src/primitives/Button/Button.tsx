import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

export const buttonVariants = cva(
  'relative inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors select-none disabled:pointer-events-none disabled:opacity-50 aria-busy:pointer-events-none aria-busy:opacity-50 aria-busy:cursor-progress [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-accent text-accent-foreground hover:bg-accent-hover',
        secondary: 'bg-strong text-strong-foreground hover:bg-strong-hover',
        outline: 'border border-input bg-surface text-foreground hover:bg-surface-sunken',
        ghost: 'text-foreground hover:bg-surface-sunken',
        danger: 'bg-danger text-danger-foreground hover:bg-danger-hover',
        link: 'text-foreground underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
      },
      block: { true: 'w-full' },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export interface ButtonProps
  extends React.ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
  /**
   * Busy: the button shows `busyLabel` (spec: "Sending OTP...", "Deleting...") and does nothing
   * when pressed. It is `aria-disabled`, not `disabled`: a disabled button drops the keyboard
   * focus to <body> (and a screen reader's place with it), so whoever pressed it with Enter or
   * Space would have to find their way back from the top of the page once the call is done.
   */
  busy?: boolean;
  busyLabel?: React.ReactNode;
}

export function Button({
  className,
  variant,
  size,
  block,
  asChild = false,
  busy = false,
  busyLabel,
  disabled,
  children,
  type = 'button',
  onClick,
  'aria-disabled': ariaDisabled,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size, block }), className);
  if (asChild) {
    return (
      <Slot data-slot="button" className={classes} onClick={onClick} aria-disabled={ariaDisabled} {...props}>
        {children}
      </Slot>
    );
  }
  const waiting = busy && !disabled;
  return (
    <button
      data-slot="button"
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={waiting || ariaDisabled}
      aria-busy={busy || undefined}
      // While busy a press (a click, Enter, Space, or Enter in a field of its form) does nothing,
      // and does not submit the form either.
      onClick={waiting ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {busyLabel === undefined ? (
        children
      ) : (
        // Both labels share one grid cell so the button keeps its width when it turns busy.
        <span className="inline-grid">
          <span className={cn('col-start-1 row-start-1', busy && 'invisible')}>{children}</span>
          <span className={cn('col-start-1 row-start-1', !busy && 'invisible')}>{busyLabel}</span>
        </span>
      )}
    </button>
  );
}
