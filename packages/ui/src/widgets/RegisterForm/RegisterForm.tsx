import * as React from 'react';
import { Link } from 'react-router-dom';
import {
  emailAvailabilityStatus,
  emailFormatStatus,
  FALLBACK_MESSAGES,
  FORM_MESSAGES,
  fullNameStatus,
  isStrongRegisterPassword,
  isValidFullName,
  normalizeUsername,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordStatus,
  REDIRECT_AFTER_REGISTER_MS,
  REFUSAL_MESSAGES,
  STATUS,
  usernameAvailabilityStatus,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCheckEmail, useCheckUsername, useSendOtp, useVerifyOtp } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field, type FieldProps } from '../../primitives/Field/Field.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { ThirdPartySignIn, type ThirdPartyProvider } from '../ThirdPartySignIn/ThirdPartySignIn.tsx';

export interface RegisterFormProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Called 2 seconds after the account is verified (spec §4); the page then goes to /login. */
  onRegistered: () => void;
  /** The configured third-party sign-in; without one its button and divider are hidden. */
  provider?: ThirdPartyProvider | null;
}

/** Shown while an availability check runs (not a spec word: the spec says nothing for that moment). */
const CHECKING = 'Checking...';

/**
 * One server check, remembered with the value it was made for: a status shows only while the
 * field still holds that value, so typing after a check hides the stale answer by itself.
 */
type Check<Result> = { value: string; result: Result | 'checking' };

type Tone = NonNullable<FieldProps['tone']>;
const toneOf = (status: string): Tone =>
  status === CHECKING ? 'neutral' : status === STATUS.available || status === STATUS.strong || status === STATUS.looksGood ? 'success' : 'error';

const linkClass = 'font-semibold text-foreground underline-offset-4 hover:underline';
// Continue stays focusable while it cannot be used (see `Continue` below), so it paints its own
// disabled look instead of relying on the `disabled` attribute's.
const softDisabled = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-accent';

/**
 * Register (spec §2, §4, §5): step 1 "Create an Account" with the inline field statuses, then
 * step 2 "Verify Your Email" with the e-mailed code.
 */
export function RegisterForm({ onRegistered, provider, className, ...props }: RegisterFormProps) {
  const checkUsername = useCheckUsername();
  const checkEmail = useCheckEmail();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();

  const [step, setStep] = React.useState<'details' | 'verify'>('details');
  const [fullName, setFullName] = React.useState('');
  const [nameTouched, setNameTouched] = React.useState(false);
  const [username, setUsername] = React.useState('');
  const [usernameCheck, setUsernameCheck] = React.useState<Check<ReturnType<typeof usernameAvailabilityStatus>> | null>(null);
  const [email, setEmail] = React.useState('');
  const [emailCheck, setEmailCheck] = React.useState<Check<ReturnType<typeof emailAvailabilityStatus> | typeof STATUS.invalidFormat> | null>(null);
  const [password, setPassword] = React.useState('');
  const [triedInvalid, setTriedInvalid] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [otp, setOtp] = React.useState('');
  const [success, setSuccess] = React.useState<string | null>(null);

  const trimmedEmail = email.trim();
  const usernameResult = usernameCheck?.value === username ? usernameCheck.result : null;
  const emailResult = emailCheck?.value === trimmedEmail ? emailCheck.result : undefined;

  const nameValid = isValidFullName(fullName);
  const usernameAvailable = usernameResult === STATUS.available;
  // emailAvailabilityStatus answers null (no status word) for a free address.
  const emailAvailable = emailResult === null;
  const passwordStrong = isStrongRegisterPassword(password);
  const allValid = nameValid && usernameAvailable && emailAvailable && passwordStrong;

  // Statuses as a person sees them. The name waits for the first blur before calling a
  // half-typed name invalid; the password is judged as it is typed, like a strength meter.
  const nameStatus = fullName !== '' && (nameTouched || nameValid) ? fullNameStatus(fullName) : null;
  const usernameStatus = usernameResult === 'checking' ? CHECKING : usernameResult;
  const emailStatus = emailResult === 'checking' ? CHECKING : (emailResult ?? null);
  const pwStatus = password !== '' ? passwordStatus(password, 'register') : null;

  const runUsernameCheck = () => {
    const value = username;
    if (value === '' || (usernameCheck?.value === value && usernameCheck.result !== STATUS.error)) return;
    setUsernameCheck({ value, result: 'checking' });
    const settle = (result: ReturnType<typeof usernameAvailabilityStatus>) =>
      setUsernameCheck((current) => (current?.value === value ? { value, result } : current));
    checkUsername.mutateAsync(value).then(
      (answer) => settle(usernameAvailabilityStatus(answer)),
      () => settle(usernameAvailabilityStatus('error')),
    );
  };

  const runEmailCheck = () => {
    const value = trimmedEmail;
    if (value === '' || (emailCheck?.value === value && emailCheck.result !== STATUS.error)) return;
    const format = emailFormatStatus(value);
    if (format) {
      setEmailCheck({ value, result: format });
      return;
    }
    setEmailCheck({ value, result: 'checking' });
    const settle = (result: ReturnType<typeof emailAvailabilityStatus>) =>
      setEmailCheck((current) => (current?.value === value ? { value, result } : current));
    checkEmail.mutateAsync(value).then(
      (answer) => settle(emailAvailabilityStatus(answer)),
      () => settle(emailAvailabilityStatus('error')),
    );
  };

  const submitDetails = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendOtp.isPending) return;
    if (!allValid) {
      setTriedInvalid(true);
      return;
    }
    setError(null);
    sendOtp.mutate(
      { fullName: fullName.trim(), username, email: trimmedEmail, password },
      {
        onSuccess: () => setStep('verify'),
        onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.registrationFailed)),
      },
    );
  };

  const submitOtp = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifyOtp.isPending || success) return;
    if (otp.trim() === '') {
      setError(REFUSAL_MESSAGES.otpRequired);
      return;
    }
    setError(null);
    verifyOtp.mutate(
      { email: trimmedEmail, otp: otp.trim() },
      {
        onSuccess: ({ message }) => setSuccess(message),
        onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.verificationFailed)),
      },
    );
  };

  // Spec §4: the product moves on 2 seconds after the server's message shows.
  const finish = React.useEffectEvent(onRegistered);
  React.useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => finish(), REDIRECT_AFTER_REGISTER_MS);
    return () => clearTimeout(timer);
  }, [success]);

  // A new step is a new page for a screen reader: move focus to its heading.
  const verifyHeading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (step === 'verify') verifyHeading.current?.focus();
  }, [step]);

  if (step === 'verify') {
    return (
      <div data-slot="register-form" data-step="verify" className={cn('flex flex-col gap-6', className)} {...props}>
        <div className="flex flex-col gap-2">
          <h1 ref={verifyHeading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            Verify Your Email
          </h1>
          <p className="text-sm text-muted-foreground">
            An OTP has been sent to <span className="font-semibold break-all text-foreground">{trimmedEmail}</span>
          </p>
        </div>
        <form noValidate onSubmit={submitOtp} aria-label="Verify Your Email" className="flex flex-col gap-4">
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
          <p role="alert" className="text-sm text-danger empty:hidden">
            {error}
          </p>
          <p role="status" className="text-sm font-medium text-success empty:hidden">
            {success}
          </p>
          <Button type="submit" size="lg" block busy={verifyOtp.isPending} busyLabel="Verifying..." disabled={success !== null}>
            Verify &amp; Register
          </Button>
        </form>
      </div>
    );
  }

  return (
    <div data-slot="register-form" data-step="details" className={cn('flex flex-col gap-6', className)} {...props}>
      <h1 className="text-2xl font-bold tracking-tight">Create an Account</h1>
      <ThirdPartySignIn provider={provider} />
      <form noValidate onSubmit={submitDetails} aria-label="Create an Account" className="flex flex-col gap-4">
        <Field label="Full Name" status={nameStatus} tone={nameStatus ? toneOf(nameStatus) : undefined}>
          <Input
            name="fullName"
            autoComplete="name"
            required
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            onBlur={() => setNameTouched(true)}
          />
        </Field>
        <Field label="Username" status={usernameStatus} tone={usernameStatus ? toneOf(usernameStatus) : undefined}>
          <Input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            // Spec §5: lower-case, only a–z, 0–9, underscore and dot, as it is typed.
            onChange={(event) => setUsername(normalizeUsername(event.target.value))}
            onBlur={runUsernameCheck}
          />
        </Field>
        <Field label="Email" status={emailStatus} tone={emailStatus ? toneOf(emailStatus) : undefined}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={runEmailCheck}
          />
        </Field>
        <Field
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters with upper- and lower-case letters, a digit and one of ${PASSWORD_SPECIAL_CHARACTERS}`}
          status={pwStatus}
          tone={pwStatus ? toneOf(pwStatus) : undefined}
        >
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <p role="alert" className="text-sm text-danger empty:hidden">
          {triedInvalid && !allValid ? FORM_MESSAGES.fixErrors : error}
        </p>
        {/*
          Continue is disabled until all four checks hold (spec §2). It is disabled with
          aria-disabled rather than the attribute, so it stays focusable and a press explains
          why ("Please fix the errors before proceeding.") instead of doing nothing. While the
          code is being sent it is busy (aria-disabled too) and ignores presses.
        */}
        <Button
          type="submit"
          size="lg"
          block
          busy={sendOtp.isPending}
          busyLabel="Sending OTP..."
          aria-disabled={!allValid || undefined}
          className={softDisabled}
        >
          Continue
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/" className={linkClass}>
          Log In
        </Link>
      </p>
    </div>
  );
}
