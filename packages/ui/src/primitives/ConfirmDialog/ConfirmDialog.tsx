import * as React from 'react';
import { Button } from '../Button/Button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogLayer,
} from '../Dialog/Dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  message: React.ReactNode;
  /** Spec §2: the default labels are "Confirm" and "Cancel". */
  confirmLabel?: React.ReactNode;
  cancelLabel?: React.ReactNode;
  /**
   * Runs on confirm. A plain return closes the dialog at once. A promise keeps it open and busy
   * until it settles: it closes on success and stays open on failure (the caller reports the
   * error, as the spec's alerts do), so a failed delete can be retried.
   */
  onConfirm: () => void | Promise<unknown>;
  /** Busy from outside (e.g. a mutation's `isPending`); a pending `onConfirm` promise also counts. */
  busy?: boolean;
  /** What the confirm button reads while busy, e.g. "Deleting...". */
  busyLabel?: React.ReactNode;
  /** `danger` for destructive actions (delete, remove, leave). */
  tone?: 'default' | 'danger';
  /** `over-menu` when opened from the mobile menu (spec: layer 2001 instead of 1000). */
  layer?: DialogLayer;
  /** Where the focus goes on closing when the button that opened it is gone (e.g. deleted with its item). */
  fallbackFocus?: () => HTMLElement | null | undefined;
  /**
   * What the action needs to be told, between the message and the buttons: e.g. a moderator's
   * reason for a removal (its state is the caller's). Pair with `confirmDisabled` while it is not
   * filled in.
   */
  children?: React.ReactNode;
  /** The confirm button is disabled (e.g. a required reason is still empty). */
  confirmDisabled?: boolean;
}

/**
 * THE confirmation dialog of the product (spec §2 "Generic confirmation dialog").
 *
 * Built on Radix Dialog rather than AlertDialog on purpose: the spec says clicking outside
 * cancels it, which AlertDialog forbids by design. It still announces itself as an
 * `alertdialog`, and focus starts on Cancel (the first action), the safe choice.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  busy = false,
  busyLabel,
  tone = 'default',
  layer,
  fallbackFocus,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [pending, setPending] = React.useState(false);
  const isBusy = busy || pending;

  // While the action runs it can no longer be cancelled, so Escape, outside clicks and Cancel
  // are ignored rather than closing a dialog whose action goes on happening.
  const handleOpenChange = (next: boolean) => {
    if (!next && isBusy) return;
    onOpenChange(next);
  };

  const handleConfirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      onOpenChange(false);
      return;
    }
    setPending(true);
    try {
      await result;
      onOpenChange(false);
    } catch {
      // The caller owns the error message; staying open lets the user retry or cancel.
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent role="alertdialog" layer={layer} showClose={false} aria-busy={isBusy || undefined} fallbackFocus={fallbackFocus}>
        <DialogHeader besideClose={false}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" disabled={isBusy} onClick={() => handleOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            busy={isBusy}
            busyLabel={busyLabel}
            disabled={confirmDisabled}
            onClick={handleConfirm}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
