import { carLabel, FALLBACK_MESSAGES, type Car } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useDeleteCar } from '@pitlane/api/hooks';
import { ConfirmDialog, type ConfirmDialogProps } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';

export interface RemoveCarDialogProps extends Pick<ConfirmDialogProps, 'open' | 'onOpenChange' | 'fallbackFocus'> {
  car: Car;
  /** After the car is gone (the car page goes to the owner's profile). */
  onRemoved?: (carId: string) => void;
  /** A failed removal's message (the server's, else the fallback), for the caller to show. */
  onError: (message: string) => void;
}

/**
 * The confirmation before a car leaves the garage, from its page and from the car form: the one
 * confirmation dialog of the app, with what happens to the car's posts and build log.
 */
export function RemoveCarDialog({ car, open, onOpenChange, fallbackFocus, onRemoved, onError }: RemoveCarDialogProps) {
  const remove = useDeleteCar();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Remove ${carLabel(car)}?`}
      message="Remove this car? Its posts stay, without the tag; its build log entries are deleted."
      confirmLabel="Remove"
      busyLabel="Removing..."
      tone="danger"
      fallbackFocus={fallbackFocus}
      // The dialog closes either way; a failure is shown where the car still is.
      onConfirm={() =>
        remove.mutateAsync(car._id).then(
          () => onRemoved?.(car._id),
          (error: unknown) => onError(errorMessage(error, FALLBACK_MESSAGES.deleteCarFailed)),
        )
      }
    />
  );
}
