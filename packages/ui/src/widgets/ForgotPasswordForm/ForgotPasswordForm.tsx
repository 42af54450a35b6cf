import * as React from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, X } from 'lucide-react';
import {
  FALLBACK_MESSAGES,
  isEmailShape,
  passwordsMatchError,
  REDIRECT_AFTER_PASSWORD_RESET_MS,
  REFUSAL_MESSAGES,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useForgotPassword, useResetPassword } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Input } from '../../primitives/Input/Input.tsx';

export interface ForgotPasswordFormProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Called 2 seconds after the password was reset (spec §4); the page then goes to `/`. */
  onReset: () => void;
}

/**
 * Forgot Password (spec §2, §4): step 1 asks for the e-mail and sends a code, step 2 takes the
 * code and the new password twice. "×" leaves for `/`; the back button goes one step back (from
 * step 1, back to the login screen, where "Forgot Password?" led here).
 */
export function ForgotPasswordForm({ onReset, className, ...props }: ForgotPasswordFormProps) {
  const forgotPassword = useForgotPassword();
  const resetPassword = useResetPassword();

  const [step, setStep] = React.useState<'email' | 'reset'>('email');
  const [email, setEmail] = React.useState('');
  const [otp, setOtp] = React.useState('');
  const [newPassword, setNewPassword] = React.useState('');
  const [confirmPassword, setConfirmPassword] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [success, setSuccess] = React.useState<string | null>(null);
  const trimmedEmail = email.trim();

  // Each step is a new page for a screen reader: after a step change (not on arrival) focus goes
  // to its heading.
  const heading = React.useRef<HTMLHeadingElement>(null);
  const [stepChanged, setStepChanged] = React.useState(false);
  React.useEffect(() => {
    if (stepChanged) heading.current?.focus();
  }, [step, stepChanged]);
  const goTo = (next: typeof step) => {
    setStep(next);
    setStepChanged(true);
  };

  const sendCode = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgotPassword.isPending) return;
    if (!isEmailShape(trimmedEmail)) {
      setError(REFUSAL_MESSAGES.invalidEmail);
      return;
    }
    setError(null);
    forgotPassword.mutate(
      { email: trimmedEmail },
      {
        onSuccess: () => goTo('reset'),
        onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.sendOtpFailed)),
      },
    );
  };

  const reset = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resetPassword.isPending || success) return;
    if (otp.trim() === '') {
      setError(REFUSAL_MESSAGES.otpRequired);
      return;
    }
    const mismatch = passwordsMatchError(newPassword, confirmPassword);
    if (mismatch) {
      setError(mismatch);
      return;
    }
    setError(null);
    resetPassword.mutate(
      { email: trimmedEmail, otp: otp.trim(), newPassword, confirmPassword },
      {
        onSuccess: ({ message }) => setSuccess(message),
        onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.resetPasswordFailed)),
      },
    );
  };

  const back = () => {
    setError(null);
    goTo('email');
  };

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
          <IconButton aria-label="Back" onClick={back} disabled={busy || success !== null}>
            <ArrowLeft />
          </IconButton>
        ) : (
          <IconButton asChild aria-label="Back">
            <Link to="/login">
              <ArrowLeft />
            </Link>
          </IconButton>
        )}
        <IconButton asChild aria-label="Close">
          <Link to="/">
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
              <Input
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Field>
            <p role="alert" className="text-sm text-danger empty:hidden">
              {error}
            </p>
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
              An OTP has been sent to <span className="font-semibold break-all text-foreground">{trimmedEmail}</span>.
            </p>
          </div>
          <form noValidate onSubmit={reset} aria-label="Reset Password" className="flex flex-col gap-4">
            <Field label="Verification Code">
              <Input
                name="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={otp}
                onChange={(event) => setOtp(event.target.value)}
                className="tabular-nums tracking-widest"
              />
            </Field>
            <Field label="New Password">
              <Input
                type="password"
                name="newPassword"
                autoComplete="new-password"
                required
                value={newPassword}
                onChange={(event) => setNewPassword(event.target.value)}
              />
            </Field>
            <Field label="Confirm New Password">
              <Input
                type="password"
                name="confirmPassword"
                autoComplete="new-password"
                required
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.target.value)}
              />
            </Field>
            <p role="alert" className="text-sm text-danger empty:hidden">
              {error}
            </p>
            <p role="status" className="text-sm font-medium text-success empty:hidden">
              {success}
            </p>
            <Button type="submit" size="lg" block busy={resetPassword.isPending} busyLabel="Resetting..." disabled={success !== null}>
              Reset Password
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
