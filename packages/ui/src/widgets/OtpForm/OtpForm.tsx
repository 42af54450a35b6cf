import * as React from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { useContractForm, type ContractForm, type FormRule } from '../../lib/form.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { Input } from '../../primitives/Input/Input.tsx';

export type OtpValues<Extra extends FieldValues = FieldValues> = { otp: string } & Extra;

export interface OtpFormProps<Extra extends FieldValues> {
  /** The form's accessible name, e.g. the step's heading "Verify Your Email". */
  label: string;
  /** The code field's label. */
  codeLabel?: string;
  submitLabel: React.ReactNode;
  /** The submit button while the code is being checked: "Verifying...", "Deleting…". */
  busyLabel: string;
  busy: boolean;
  /** The server's success message; once there, the form is done and sends nothing more. */
  success?: string | null;
  /**
   * `page`: a step of a sign-in page (full-width large button, success line); `danger`: confirms
   * a destructive act inside a section (red button, narrow field, focused as it appears).
   */
  variant?: 'page' | 'danger';
  /** More fields after the code (Reset Password's new password twice), drawn with the form. */
  children?: (form: ContractForm<OtpValues<Extra>>) => React.ReactNode;
  /** Their starting values. */
  defaultValues?: Extra;
  /** Their checks, after the code's "Enter the verification code.". */
  rules?: ReadonlyArray<FormRule<OtpValues<Extra>>>;
  /** The values, the code trimmed; `failWith` shows a failed call's message. */
  onSubmit: (values: OtpValues<Extra>, form: { failWith: (message: string) => void }) => void;
}

const codeRequired: FormRule<{ otp: string }> = ({ otp }) => (otp.trim() === '' ? REFUSAL_MESSAGES.otpRequired : null);

/**
 * The e-mailed code step (spec §4): registration's "Verify Your Email", the password reset and
 * the account deletion's confirmation. Nothing is sent without a code, the button is busy while
 * it is checked, and the server's message shows under the fields.
 */
export function OtpForm<Extra extends FieldValues = Record<never, never>>({
  label,
  codeLabel = 'Verification Code',
  submitLabel,
  busyLabel,
  busy,
  success,
  variant = 'page',
  children,
  defaultValues,
  rules = [],
  onSubmit,
}: OtpFormProps<Extra>) {
  const form = useContractForm<OtpValues<Extra>>({
    defaultValues: { otp: '', ...defaultValues } as DefaultValues<OtpValues<Extra>>,
    rules: [codeRequired, ...rules],
  });
  const danger = variant === 'danger';
  // The code's field by name (TypeScript cannot list the names of a generic form's values).
  const code = 'otp' as Path<OtpValues<Extra>>;

  // The code field appears after a dialog closed (deletion): take the person straight to it.
  const { setFocus } = form;
  React.useEffect(() => {
    if (danger) setFocus(code);
  }, [danger, setFocus, code]);

  const submit = form.submitWith((values) => onSubmit({ ...values, otp: values.otp.trim() }, form), busy || Boolean(success));

  const button = (
    <Button
      type="submit"
      variant={danger ? 'danger' : 'primary'}
      size={danger ? 'md' : 'lg'}
      block={!danger}
      busy={busy}
      busyLabel={busyLabel}
      disabled={!danger && success !== undefined && success !== null}
    >
      {submitLabel}
    </Button>
  );

  return (
    <form noValidate onSubmit={submit} aria-label={label} data-slot="otp-form" className={danger ? 'flex flex-col gap-3' : 'flex flex-col gap-4'}>
      <Field label={codeLabel}>
        <Input
          {...form.register(code)}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          className={danger ? 'max-w-xs tabular-nums tracking-widest' : 'tabular-nums tracking-widest'}
        />
      </Field>
      {children?.(form)}
      {danger ? (
        <>
          <FormMessages error={form.message} emphasis />
          <div>{button}</div>
        </>
      ) : (
        <>
          <FormMessages error={form.message} success={success ?? null} />
          {button}
        </>
      )}
    </form>
  );
}
