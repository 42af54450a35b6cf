import * as React from 'react';
import { Link } from 'wouter';
import { ArrowLeft, X } from 'lucide-react';
import {
  FALLBACK_MESSAGES,
  isEmailShape,
  passwordsMatchError,
  paths,
  REDIRECT_AFTER_PASSWORD_RESET_MS,
  REFUSAL_MESSAGES,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useForgotPassword, useResetPassword } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { useContractForm, type FormRule } from '../../lib/form.ts';
import { useMoveFocus } from '../../lib/use-move-focus.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { OtpForm } from '../OtpForm/OtpForm.tsx';

export interface ForgotPasswordFormProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Called 2 seconds after the password was reset (spec §4); the page then goes to `/`. */
  onReset: () => void;
}

/** Step 1: an address of the {email} shape, as the contract's `Email` refines it. */
const emailShaped: FormRule<{ email: string }> = ({ email }) => (isEmailShape(email.trim()) ? null : REFUSAL_MESSAGES.invalidEmail);

interface NewPassword {
  newPassword: string;
  confirmPassword: string;
}
/** Step 2, after the code: the confirmation must match ("Passwords do not match."). */
const passwordsMatch: FormRule<NewPassword> = ({ newPassword, confirmPassword }) => passwordsMatchError(newPassword, confirmPassword);

/**
 * Forgot Password (spec §2, §4): step 1 asks for the e-mail and sends a code, step 2 takes the
 * code and the new password twice. "×" leaves for `/`; the back button goes one step back (from
 * step 1, back to the login screen, where "Forgot Password?" led here).
 */
export function ForgotPasswordForm({ onReset, className, ...props }: ForgotPasswordFormProps) {
  const forgotPassword = useForgotPassword();
  const resetPassword = useResetPassword();

  const [step, setStep] = React.useState<'email' | 'reset'>('email');
  // Kept while step 2 shows, so "Back" finds the address as it was typed.
  const emailForm = useContractForm<{ email: string }>({ defaultValues: { email: '' }, rules: [emailShaped] });
  /** The address the code went to. */
  const [sentTo, setSentTo] = React.useState('');
  const [success, setSuccess] = React.useState<string | null>(null);

  // Each step is a new page for a screen reader: after a step change (not on arrival) focus goes
  // to its heading, as it shows.
  const heading = React.useRef<HTMLHeadingElement>(null);
  const [stepChanged, setStepChanged] = React.useState(false);
  useMoveFocus(stepChanged ? step : null, heading);
  const goTo = (next: typeof step) => {
    setStep(next);
    setStepChanged(true);
  };

  const sendCode = emailForm.submitWith(({ email }) => {
    const address = email.trim();
    forgotPassword.mutate(
      { email: address },
      {
        onSuccess: () => {
          setSentTo(address);
          goTo('reset');
        },
        onError: (cause) => emailForm.failWith(errorMessage(cause, FALLBACK_MESSAGES.sendOtpFailed)),
      },
    );
  }, forgotPassword.isPending);

  // Spec §4: the product moves on 2 seconds after the success message shows.
  const finish = React.useEffectEvent(onReset);
  React.useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => finish(), REDIRECT_AFTER_PASSWORD_RESET_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const busy = forgotPassword.isPending || resetPassword.isPending;

  return (
    <div data-slot="forgot-password-form" data-step={step} className={cn('flex flex-col gap-6', className)} {...props}>
      <div className="-mx-2 flex items-center justify-between">
        {step === 'reset' ? (
          <IconButton aria-label="Back" onClick={() => goTo('email')} disabled={busy || success !== null}>
            <ArrowLeft />
          </IconButton>
        ) : (
          <IconButton asChild aria-label="Back">
            <Link to={paths.login}>
              <ArrowLeft />
            </Link>
          </IconButton>
        )}
        <IconButton asChild aria-label="Close">
          <Link to={paths.root}>
            <X />
          </Link>
        </IconButton>
      </div>

      {step === 'email' ? (
        <>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            Forgot Password
          </h1>
          <form noValidate onSubmit={sendCode} aria-label="Forgot Password" className="flex flex-col gap-4">
            <Field label="Email Address">
              <Input type="email" autoComplete="email" required {...emailForm.register('email')} />
            </Field>
            <FormMessages error={emailForm.message} />
            <Button type="submit" size="lg" block busy={forgotPassword.isPending} busyLabel="Sending OTP...">
              Send OTP
            </Button>
          </form>
        </>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
              Reset Password
            </h1>
            <p className="text-sm text-muted-foreground">
              An OTP has been sent to <span className="font-semibold break-all text-foreground">{sentTo}</span>.
            </p>
          </div>
          <OtpForm<NewPassword>
            label="Reset Password"
            submitLabel="Reset Password"
            busyLabel="Resetting..."
            busy={resetPassword.isPending}
            success={success}
            defaultValues={{ newPassword: '', confirmPassword: '' }}
            rules={[passwordsMatch]}
            onSubmit={({ otp, newPassword, confirmPassword }, form) =>
              resetPassword.mutate(
                { email: sentTo, otp, newPassword, confirmPassword },
                {
                  onSuccess: ({ message }) => setSuccess(message),
                  onError: (cause) => form.failWith(errorMessage(cause, FALLBACK_MESSAGES.resetPasswordFailed)),
                },
              )
            }
          >
            {(form) => (
              <>
                <Field label="New Password">
                  <Input type="password" autoComplete="new-password" required {...form.register('newPassword')} />
                </Field>
                <Field label="Confirm New Password">
                  <Input type="password" autoComplete="new-password" required {...form.register('confirmPassword')} />
                </Field>
              </>
            )}
          </OtpForm>
        </>
      )}
    </div>
  );
}
