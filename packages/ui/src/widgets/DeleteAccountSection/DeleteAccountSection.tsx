import * as React from 'react';
import { TriangleAlert } from 'lucide-react';
import { FALLBACK_MESSAGES, FORM_MESSAGES } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useConfirmDeleteAccount, useRequestDeleteOtp } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { OtpForm } from '../OtpForm/OtpForm.tsx';

export interface DeleteAccountSectionProps {
  /**
   * Called once the account is deleted and the alert was acknowledged. The session has already
   * ended by then (the server dropped it and the local session is cleared); the page goes to `/`.
   */
  onDeleted: () => void;
  className?: string;
}

/**
 * Spec §2 Edit Profile, Delete Account (§4 account deletion): "Delete My Account" asks first,
 * then the e-mailed code confirms it; "Failed to send OTP." and "Deletion failed." when the
 * server gives no message.
 */
export function DeleteAccountSection({ onDeleted, className }: DeleteAccountSectionProps) {
  const requestOtp = useRequestDeleteOtp();
  const confirmDelete = useConfirmDeleteAccount();
  const [asking, setAsking] = React.useState(false);
  const [otpSent, setOtpSent] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const headingId = React.useId();

  // Resolves either way, so the dialog closes; a failure shows in the section.
  const sendOtp = () =>
    requestOtp.mutateAsync().then(
      () => {
        setError(null);
        setOtpSent(true);
      },
      (cause: unknown) => setError(errorMessage(cause, FALLBACK_MESSAGES.deletionOtpFailed)),
    );

  return (
    <section aria-labelledby={headingId} data-slot="delete-account-section" className={cn('flex flex-col gap-4 rounded-lg border border-danger/30 p-4 sm:p-5', className)}>
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          Delete Account
        </h2>
        <p className="flex items-center gap-2 text-sm text-danger">
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          This action is irreversible.
        </p>
      </div>
      {otpSent ? (
        // The code field takes the focus as it appears (the dialog has just closed).
        <OtpForm
          label="Confirm account deletion"
          codeLabel="Enter OTP sent to your email to confirm deletion."
          submitLabel="Confirm & Delete"
          busyLabel="Deleting..."
          busy={confirmDelete.isPending}
          variant="danger"
          onSubmit={({ otp }, form) =>
            confirmDelete.mutateAsync({ otp }).then(
              () => {
                // Spec §2: the product alerts, then logs out and goes to `/`. A blocking alert on
                // purpose: the page goes away right after, so an in-page message would never be read.
                window.alert(FORM_MESSAGES.accountDeleted);
                onDeleted();
              },
              (cause: unknown) => form.failWith(errorMessage(cause, FALLBACK_MESSAGES.deletionFailed)),
            )
          }
        />
      ) : (
        <>
          <FormMessages error={error} emphasis />
          <div>
            <Button variant="danger" onClick={() => setAsking(true)}>
              Delete My Account
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Delete Account"
        message="This is permanent. Are you sure you want to request a deletion OTP?"
        confirmLabel="Yes, Send OTP"
        busyLabel="Sending OTP..."
        tone="danger"
        onConfirm={sendOtp}
      />
    </section>
  );
}
