import * as React from 'react';
import { Link } from 'wouter';
import { useController } from 'react-hook-form';
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
  paths,
  REDIRECT_AFTER_REGISTER_MS,
  STATUS,
  usernameAvailabilityStatus,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCheckEmail, useCheckUsername, useSendOtp, useVerifyOtp } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { checkStatus, fieldStatus, useServerCheck } from '../../lib/field-status.ts';
import { useContractForm } from '../../lib/form.ts';
import { useMoveFocus } from '../../lib/use-move-focus.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { ThirdPartySignIn, type ThirdPartyProvider } from '../ThirdPartySignIn/ThirdPartySignIn.tsx';
import { OtpForm } from '../OtpForm/OtpForm.tsx';

export interface RegisterFormProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Called 2 seconds after the account is verified (spec §4); the page then goes to /login. */
  onRegistered: () => void;
  /** The configured third-party sign-in; without one its button and divider are hidden. */
  provider?: ThirdPartyProvider | null;
}

interface DetailsValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
}

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
  const [success, setSuccess] = React.useState<string | null>(null);

  // The server's answers, each for the value it was asked about (spec §5: on blur).
  const usernameCheck = useServerCheck((value) =>
    checkUsername.mutateAsync(value).then(usernameAvailabilityStatus, () => usernameAvailabilityStatus('error')),
  );
  const emailCheck = useServerCheck(
    (value): ReturnType<typeof emailFormatStatus | typeof emailAvailabilityStatus> | Promise<ReturnType<typeof emailAvailabilityStatus>> =>
      emailFormatStatus(value) ?? checkEmail.mutateAsync(value).then(emailAvailabilityStatus, () => emailAvailabilityStatus('error')),
  );

  // Continue needs all four checks (spec §2), two of them the server's: a rule over the values
  // and those answers, so pressing it while one fails says why and sends nothing.
  const isComplete = ({ fullName, username, email, password }: DetailsValues) =>
    isValidFullName(fullName) &&
    usernameCheck.resultFor(username) === STATUS.available &&
    // emailAvailabilityStatus answers null (no status word) for a free address.
    emailCheck.resultFor(email.trim()) === null &&
    isStrongRegisterPassword(password);
  const form = useContractForm<DetailsValues>({
    defaultValues: { fullName: '', username: '', email: '', password: '' },
    rules: [(values) => (isComplete(values) ? null : FORM_MESSAGES.fixErrors)],
  });
  const values = form.watch();
  const trimmedEmail = values.email.trim();
  const allValid = isComplete(values);
  // Spec §5: lower-case, only a–z, 0–9, underscore and dot, as it is typed.
  const username = useController({ control: form.control, name: 'username' });

  // Statuses as a person sees them. The name waits for the first blur before calling a
  // half-typed name invalid; the password is judged as it is typed, like a strength meter.
  const nameValid = isValidFullName(values.fullName);
  const nameTouched = Boolean(form.formState.touchedFields.fullName);
  const nameStatus = values.fullName !== '' && (nameTouched || nameValid) ? fullNameStatus(values.fullName) : null;
  const usernameStatus = checkStatus(usernameCheck.resultFor(values.username));
  const emailStatus = checkStatus(emailCheck.resultFor(trimmedEmail));
  const pwStatus = values.password !== '' ? passwordStatus(values.password, 'register') : null;
  // "Please fix the errors…" stands while a check fails; a server's refusal until the next try.
  const message = form.formState.errors.root?.type === 'contract' && allValid ? null : form.message;

  const submitDetails = form.submitWith(({ fullName, username, password }) => {
    sendOtp.mutate(
      { fullName: fullName.trim(), username, email: trimmedEmail, password },
      {
        onSuccess: () => setStep('verify'),
        onError: (cause) => form.failWith(errorMessage(cause, FALLBACK_MESSAGES.registrationFailed)),
      },
    );
  }, sendOtp.isPending);

  // Spec §4: the product moves on 2 seconds after the server's message shows.
  const finish = React.useEffectEvent(onRegistered);
  React.useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => finish(), REDIRECT_AFTER_REGISTER_MS);
    return () => clearTimeout(timer);
  }, [success]);

  // A new step is a new page for a screen reader: move focus to its heading.
  const verifyHeading = React.useRef<HTMLHeadingElement>(null);
  useMoveFocus(step === 'verify', verifyHeading);

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
        <OtpForm
          label="Verify Your Email"
          submitLabel="Verify & Register"
          busyLabel="Verifying..."
          busy={verifyOtp.isPending}
          success={success}
          onSubmit={({ otp }, otpForm) =>
            verifyOtp.mutate(
              { email: trimmedEmail, otp },
              {
                onSuccess: ({ message: sent }) => setSuccess(sent),
                onError: (cause) => otpForm.failWith(errorMessage(cause, FALLBACK_MESSAGES.verificationFailed)),
              },
            )
          }
        />
      </div>
    );
  }

  return (
    <div data-slot="register-form" data-step="details" className={cn('flex flex-col gap-6', className)} {...props}>
      <h1 className="text-2xl font-bold tracking-tight">Create an Account</h1>
      <ThirdPartySignIn provider={provider} />
      <form noValidate onSubmit={submitDetails} aria-label="Create an Account" className="flex flex-col gap-4">
        <Field label="Full Name" {...fieldStatus(nameStatus)}>
          <Input autoComplete="name" required {...form.register('fullName')} />
        </Field>
        <Field label="Username" {...fieldStatus(usernameStatus)}>
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...username.field}
            onChange={(event) => username.field.onChange(normalizeUsername(event.target.value))}
            onBlur={() => {
              username.field.onBlur();
              usernameCheck.run(values.username);
            }}
          />
        </Field>
        <Field label="Email" {...fieldStatus(emailStatus)}>
          <Input type="email" autoComplete="email" required {...form.register('email', { onBlur: () => emailCheck.run(form.getValues('email').trim()) })} />
        </Field>
        <Field
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters with upper- and lower-case letters, a digit and one of ${PASSWORD_SPECIAL_CHARACTERS}`}
          {...fieldStatus(pwStatus)}
        >
          <Input type="password" autoComplete="new-password" required {...form.register('password')} />
        </Field>
        <FormMessages error={message} />
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
        <Link to={paths.root} className={linkClass}>
          Log In
        </Link>
      </p>
    </div>
  );
}
