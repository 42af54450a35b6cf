import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

// `cn` does not merge (lib/cn.ts): no class below may fight another, so the shape parts (corner,
// gap, padding, weight, icon size) live in the variants, not in the base, and a look a component
// needs (an icon on a photo, a quiet link) is a variant here rather than an override there.
const boxed = 'relative rounded-md';
const centred = 'justify-center gap-2';
const label = `${centred} font-semibold`;
const text = `${label} [&_svg]:size-4`;

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center whitespace-nowrap transition-colors select-none disabled:pointer-events-none disabled:opacity-50 aria-busy:pointer-events-none aria-busy:opacity-50 aria-busy:cursor-progress [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: `${boxed} bg-accent text-accent-foreground hover:bg-accent-hover`,
        secondary: `${boxed} bg-strong text-strong-foreground hover:bg-strong-hover`,
        outline: `${boxed} border border-input bg-surface text-foreground hover:bg-surface-sunken`,
        /** An outline button whose action removes something (a report's "Remove post"). */
        'outline-danger': `${boxed} border border-input bg-surface text-danger hover:bg-surface-sunken`,
        ghost: `${boxed} text-foreground hover:bg-surface-sunken`,
        /** A quiet ghost button beside text (a comment's actions); the caller may add a hover colour. */
        'ghost-muted': `${boxed} text-muted-foreground hover:bg-surface-sunken`,
        /** A ghost button that removes something ("Remove car"). */
        'ghost-danger': `${boxed} text-danger hover:bg-danger/10`,
        danger: `${boxed} bg-danger text-danger-foreground hover:bg-danger-hover`,
        link: `${boxed} text-foreground underline-offset-4 hover:underline`,
        'link-muted': `${boxed} text-muted-foreground underline-offset-4 hover:underline`,
        /** The sidebar's own button (Logout), drawn like its links. */
        nav: `${boxed} text-soft-foreground hover:bg-surface-sunken`,
        /** Round, over a photo or a slide (a slider's arrows): the caller places it. */
        floating: 'rounded-full bg-surface/90 text-foreground shadow-card hover:bg-surface-sunken',
        /** Round and dark, on a photo's corner (remove, edit): the caller places it. */
        'on-photo': 'rounded-full bg-asphalt/80 text-white hover:bg-asphalt',
      },
      size: {
        sm: `h-8 px-3 text-sm ${text}`,
        /** 36 px: beside a compact field (the comment form's row). */
        compact: `h-9 px-3 text-sm ${text}`,
        md: `h-10 px-4 text-sm ${text}`,
        lg: `h-12 px-6 text-base ${text}`,
        /** A count beside an icon (like, share). */
        action: 'h-8 justify-center gap-1.5 px-2 text-sm font-medium [&_svg]:size-4',
        /** No box around the text (a link inside a line): the caller chooses the weight. */
        inline: `h-auto px-0 text-sm ${centred} [&_svg]:size-4`,
        /** A small button's height without its side padding: the caller chooses the weight. */
        flush: `h-8 px-0 text-sm ${centred} [&_svg]:size-4`,
        /** The sidebar's row: icon and label at the start. */
        nav: 'h-10 justify-start gap-3 px-3 text-sm font-semibold [&_svg]:size-5',
        // Square, for IconButton.
        'icon-xs': `size-7 text-sm ${text}`,
        'icon-sm': `size-8 text-sm ${text}`,
        'icon-md': `size-10 text-sm ${label} [&_svg]:size-5`,
        'icon-lg': `size-12 text-base ${label} [&_svg]:size-6`,
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
