import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { passwordsMatchError, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { Field } from '../../primitives/Field/Field.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { OtpForm } from './OtpForm.tsx';

const success = 'rgb(21, 128, 61)'; // --color-success
const danger = 'rgb(185, 28, 28)'; // --color-danger

const meta = {
  title: 'Widgets/OtpForm',
  component: OtpForm,
  // Registration's "Verify Your Email" step (spec §4); the other uses change the words.
  args: { label: 'Verify Your Email', submitLabel: 'Verify & Register', busyLabel: 'Verifying...', busy: false, onSubmit: fn() },
  decorators: [(Story) => <div className="mx-auto max-w-sm py-4"><Story /></div>],
} satisfies Meta<typeof OtpForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The code field ("Verification Code", the browser may offer the e-mailed code) and the button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form', { name: 'Verify Your Email' })).toBeVisible();
    const code = canvas.getByLabelText('Verification Code');
    await expect(code).toBeRequired();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(canvas.getByRole('button', { name: 'Verify & Register' })).toBeEnabled();
  },
};

/** No code: "Enter the verification code." in red, and nothing is sent. */
export const CodeRequired: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Verification Code'), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify & Register' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(REFUSAL_MESSAGES.otpRequired);
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A code: handed on trimmed, with Enter as with the button. */
export const Submitted: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Verification Code'), ' 424242 {Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect((args.onSubmit as ReturnType<typeof fn>).mock.lastCall?.[0]).toEqual({ otp: '424242' });
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** The server refuses the code: its message in red (spec §8), and the code can be corrected. */
export const Refused: Story = {
  args: {
    onSubmit: fn((_values, form: { failWith: (message: string) => void }) => form.failWith(REFUSAL_MESSAGES.invalidOtp)),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Verification Code'), '999999{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The verification code is invalid or has expired.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(canvas.getByRole('button', { name: 'Verify & Register' })).toBeEnabled();
  },
};

/** While the code is checked: the busy label at the same width, and another press sends nothing. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Verifying...' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(canvas.getByLabelText('Verification Code'), '424242{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Done: the server's message in green; the button stays disabled until the page moves on. */
export const Succeeded: Story = {
  args: { success: 'Registration successful! You can now log in.' },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Registration successful! You can now log in.');
    await expect(getComputedStyle(status).color).toBe(success);
    await expect(canvas.getByRole('button', { name: 'Verify & Register' })).toBeDisabled();
  },
};

/** With more fields (Reset Password): drawn after the code, checked after it by their own rules. */
export const WithMoreFields: Story = {
  args: { label: 'Reset Password', submitLabel: 'Reset Password', busyLabel: 'Resetting...' },
  render: (args) => (
    <OtpForm<{ newPassword: string; confirmPassword: string }>
      {...args}
      defaultValues={{ newPassword: '', confirmPassword: '' }}
      rules={[({ newPassword, confirmPassword }) => passwordsMatchError(newPassword, confirmPassword)]}
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
  ),
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Verification Code'), '424242');
    await userEvent.type(canvas.getByLabelText('New Password'), 'Boxer@Flat6');
    await userEvent.type(canvas.getByLabelText('Confirm New Password'), 'Boxer@Flat4{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Confirming a destructive act (account deletion): red button, narrow field, focused as it appears. */
export const Danger: Story = {
  args: {
    label: 'Confirm account deletion',
    codeLabel: 'Enter OTP sent to your email to confirm deletion.',
    submitLabel: 'Confirm & Delete',
    busyLabel: 'Deleting...',
    variant: 'danger',
  },
  play: async ({ canvas, canvasElement }) => {
    const code = canvas.getByLabelText('Enter OTP sent to your email to confirm deletion.');
    await waitFor(() => expect(code).toHaveFocus());
    await expect(canvas.getByRole('button', { name: 'Confirm & Delete' })).toBeEnabled();
    // No success line: the page moves on after a blocking alert.
    await expect(canvasElement.querySelector('[data-slot="form-success"]')).toBeNull();
  },
};

/** Spec §9: the same at 375 px. */
export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};
