import * as React from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useRestoreFocus } from '../../lib/use-restore-focus.ts';

/*
 * Radix Dialog, styled. Radix does the hard parts (focus trap, Escape and outside-click
 * dismissal, scroll lock, aria wiring); these parts add the look and the stacking layer.
 * Dialogs open instantly: DESIGN.md keeps motion for the spinner, the like pulse and the sheet.
 */

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

/** Stacking layers (styles.css): dialogs sit at 1000, or at 2001 when opened over the mobile menu. */
export const dialogLayerVariants = cva('', {
  variants: {
    layer: {
      default: 'z-(--layer-dialog)',
      'over-menu': 'z-(--layer-dialog-over-menu)',
    },
  },
  defaultVariants: { layer: 'default' },
});
export type DialogLayer = NonNullable<VariantProps<typeof dialogLayerVariants>['layer']>;

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn('fixed inset-0 bg-overlay', className)}
      {...props}
    />
  );
}

export const dialogContentVariants = cva(
  'fixed top-1/2 left-1/2 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface text-foreground shadow-dialog',
  {
    variants: {
      /** The widest the panel grows: 448 px (a question, a short form) up to 768 px (the photo editor). */
      size: { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-xl', '3xl': 'max-w-3xl' },
      /**
       * `padded`: the parts in a grid, the panel scrolling when taller than the screen. `bare`: the
       * content lays itself out and scrolls itself (a list with a fixed header).
       */
      layout: { padded: 'grid max-h-[calc(100dvh-2rem)] gap-4 overflow-y-auto p-6', bare: '' },
    },
    defaultVariants: { size: 'md', layout: 'padded' },
  },
);

export interface DialogContentProps
  extends React.ComponentProps<typeof DialogPrimitive.Content>, VariantProps<typeof dialogContentVariants> {
  /** Which stacking layer the dialog and its overlay use. */
  layer?: DialogLayer;
  /** Show the "×" close button in the corner. */
  showClose?: boolean;
  /**
   * Where the focus goes on closing when the element that had it before is gone (the dialog
   * deleted what that button belonged to). Without it, focus would fall to <body>.
   */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** The dialog panel, centred over a dimmed overlay, both in a portal at the chosen layer. */
export function DialogContent({
  className,
  children,
  layer,
  size,
  layout,
  showClose = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  fallbackFocus,
  ...props
}: DialogContentProps) {
  const layerClass = dialogLayerVariants({ layer });
  const restoreFocus = useRestoreFocus(fallbackFocus);
  return (
    <DialogPortal>
      <DialogOverlay className={layerClass} />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(dialogContentVariants({ size, layout }), layerClass, className)}
        {...props}
        onOpenAutoFocus={(event) => {
          restoreFocus.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) restoreFocus.onCloseAutoFocus(event);
        }}
        onEscapeKeyDown={(event) => {
          // Escape closes the innermost thing open: a combobox's list inside the dialog first
          // (Radix hears the key before the field does), the dialog on the next press.
          // A mention type-ahead's list (a textbox owning a list: MentionTypeahead) likewise.
          if (event.target instanceof Element && event.target.matches('[role="combobox"][aria-expanded="true"], [data-typeahead-open]')) event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
      >
        {children}
        {showClose && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-sm text-muted-foreground hover:bg-surface-sunken hover:text-foreground"
          >
            <X aria-hidden className="size-4" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export interface DialogHeaderProps extends React.ComponentProps<'div'> {
  /** The header shares its row with the "×" close button, so its text keeps clear of it. */
  besideClose?: boolean;
}

export function DialogHeader({ besideClose = true, className, ...props }: DialogHeaderProps) {
  return <div data-slot="dialog-header" className={cn('grid gap-1.5', besideClose && 'pr-6', className)} {...props} />;
}

/** Actions: stacked full-width on narrow screens (primary on top), in a row at the right otherwise. */
export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-tight font-semibold', className)}
      {...props}
    />
  );
}

export interface DialogDescriptionProps extends React.ComponentProps<typeof DialogPrimitive.Description> {
  /** The description is the dialog's message itself (a report's "thank you"), not a note under the title. */
  prominent?: boolean;
}

export function DialogDescription({ prominent = false, className, ...props }: DialogDescriptionProps) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn(prominent ? 'text-base text-foreground' : 'text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
