import * as React from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cn } from '../../lib/cn.ts';
import { useRestoreFocus } from '../../lib/use-restore-focus.ts';

/*
 * The mobile bottom sheet (spec §2 "Mobile menu"): a Radix Dialog docked to the bottom edge.
 * Radix gives it the modal behaviour (focus trap, Escape, tap outside closes); the sheet adds
 * the 300 ms slide of spec §9 (`animate-sheet-in/out` read `--duration-sheet`). Radix keeps the
 * sheet mounted until the slide-out animation ends, so closing animates too.
 */

export const BottomSheet = DialogPrimitive.Root;
export const BottomSheetTrigger = DialogPrimitive.Trigger;
export const BottomSheetClose = DialogPrimitive.Close;

export interface BottomSheetContentProps extends Omit<React.ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** Every sheet is named for screen readers; `hideTitle` keeps the name but hides the heading. */
  title: React.ReactNode;
  hideTitle?: boolean;
  description?: React.ReactNode;
  /** No space under the content but the home indicator's: the content ends in its own padded row (a form). */
  flush?: boolean;
}

export function BottomSheetContent({
  title,
  hideTitle = false,
  description,
  flush = false,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: BottomSheetContentProps) {
  const restoreFocus = useRestoreFocus();
  // Without a description, tell Radix so explicitly instead of leaving a dangling aria-describedby.
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  // Radix would focus the first button, which in the mobile menu is Logout. Focus the sheet
  // itself instead: screen readers announce its name and no action is one Enter away.
  const focusSheet = (event: Event) => {
    restoreFocus.onOpenAutoFocus();
    onOpenAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    (event.target as HTMLElement).focus(); // the sheet: Radix dispatches this event on it
  };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="bottom-sheet-overlay"
        className="fixed inset-0 z-(--layer-sheet) bg-overlay data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
      />
      <DialogPrimitive.Content
        data-slot="bottom-sheet"
        className={cn(
          'fixed inset-x-0 bottom-0 z-(--layer-sheet) mx-auto flex max-h-[85dvh] w-full max-w-lg flex-col rounded-t-xl bg-surface text-foreground shadow-dialog outline-none',
          // The home indicator of notched phones must not sit on top of the last row.
          flush ? 'pb-[env(safe-area-inset-bottom)]' : 'pb-[calc(--spacing(4)+env(safe-area-inset-bottom))]',
          'data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in',
          className,
        )}
        {...describedBy}
        {...props}
        onOpenAutoFocus={focusSheet}
        onEscapeKeyDown={(event) => {
          // Escape closes a mention type-ahead's list inside the sheet first (Radix hears the key
          // before the field does), the sheet on the next press; as Dialog.tsx does.
          if (event.target instanceof Element && event.target.matches('[data-typeahead-open]')) event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) restoreFocus.onCloseAutoFocus(event);
        }}
      >
        {/* The grab handle says "this is a sheet"; tapping the overlay or Escape closes it. */}
        <div aria-hidden className="mx-auto mt-2.5 mb-2 h-1.5 w-10 shrink-0 rounded-full bg-muted-foreground/30" />
        <div className={cn('px-4 pb-2', hideTitle && 'sr-only')}>
          <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          )}
        </div>
        <div className="min-h-0 overflow-y-auto px-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
