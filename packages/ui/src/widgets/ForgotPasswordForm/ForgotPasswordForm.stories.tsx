import type { Meta, StoryObj } from '@storybook/react-vite';
import type { within } from 'storybook/test';
import { expect, fn, waitFor } from 'storybook/test';
import { REDIRECT_AFTER_PASSWORD_RESET_MS, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { createMockBackend, failRoute, fixtures, handlers, neverRespond, type MockBackend } from '@pitlane/api/mocks';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';

const success = 'rgb(21, 128, 61)'; // --color-success
const danger = 'rgb(185, 28, 28)'; // --color-danger

// The story's backend, so a play function can read the code the fake "e-mailed".
let backend: MockBackend;

const meta = {
  title: 'Widgets/ForgotPasswordForm',
  component: ForgotPasswordForm,
  args: { onReset: fn() },
  parameters: { session: true, router: { initialEntries: ['/forgot-password'] } },
  decorators: [(Story) => <div className="mx-auto max-w-sm py-4"><Story /></div>],
  beforeEach: ({ msw }) => {
    backend = createMockBackend(fixtures.signedOut());
    msw.use(...handlers(backend));
    // The fake draws its codes with Math.random; a fixed draw keeps the typed code, and so the
    // screenshots, the same on every run. (A plain swap: a spy would call Math.random itself.)
    const random = Math.random;
    Math.random = () => 0.424242;
    return () => {
      Math.random = random;
    };
  },
} satisfies Meta<typeof ForgotPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = { type: (el: Element, text: string) => Promise<void>; keyboard: (text: string) => Promise<void> };

const email = 'mayadrives@pitlane.test';
const newPassword = 'Boxer@Flat6';

/** Step 1 through the fake: the address is sent with Enter and step 2 shows. */
async function reachResetStep(canvas: Canvas, userEvent: User) {
  await userEvent.type(canvas.getByLabelText('Email Address'), email);
  await userEvent.keyboard('{Enter}');
  return canvas.findByRole('heading', { name: 'Reset Password' });
}

/** Fill step 2; focus stays in the last field so `{Enter}` sends it. */
async function fillReset(canvas: Canvas, userEvent: User, code: string, password: string, confirmation: string) {
  await userEvent.type(canvas.getByLabelText('Verification Code'), code);
  await userEvent.type(canvas.getByLabelText('New Password'), password);
  await userEvent.type(canvas.getByLabelText('Confirm New Password'), confirmation);
}

/** Step 1: the e-mail field, "Send OTP", "×" to `/` and back to the login screen. */
export const ForgotPassword: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expect(canvas.getByLabelText('Email Address')).toBeRequired();
    await expect(canvas.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/');
    await expect(canvas.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/login');
  },
};

/** Sending: "Sending OTP...", disabled. */
export const SendingOtp: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.forgotPassword'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email Address'), email);
    await userEvent.click(canvas.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Sending OTP...' })).toHaveAttribute('aria-disabled', 'true'));
  },
};

/** Not an address at all: said at once, nothing sent. */
export const InvalidEmail: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email Address'), 'maya@');
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Enter a valid e-mail address.');
    await expect(canvas.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  },
};

/** The server refuses with a message: that message, in red, and still on step 1. */
export const ServerMessage: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.forgotPassword', 400, REFUSAL_MESSAGES.invalidEmail));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email Address'), 'maya@pitlane.test');
    await userEvent.keyboard('{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Enter a valid e-mail address.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(canvas.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  },
};

/** Sending fails without a message: "Failed to send OTP.". */
export const SendFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.forgotPassword', 500, ''));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email Address'), email);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to send OTP.');
  },
};

/** Step 2: "An OTP has been sent to [email]." and the three fields; focus moves to the heading. */
export const ResetPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    const heading = await reachResetStep(canvas, userEvent);
    await expect(heading).toHaveFocus();
    await expect(canvas.getByText(/^An OTP has been sent to/)).toHaveTextContent(`An OTP has been sent to ${email}.`);
    for (const label of ['Verification Code', 'New Password', 'Confirm New Password']) {
      await expect(canvas.getByLabelText(label)).toBeRequired();
    }
    await expect(canvas.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/');
  },
};

/** The back button on step 2 returns to step 1 with the address kept. */
export const BackToStepOne: Story = {
  play: async ({ canvas, userEvent }) => {
    await reachResetStep(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(await canvas.findByRole('heading', { name: 'Forgot Password' })).toHaveFocus();
    await expect(canvas.getByLabelText('Email Address')).toHaveValue(email);
  },
};

/** The confirmation differs: "Passwords do not match.", nothing sent. */
export const PasswordsDoNotMatch: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await reachResetStep(canvas, userEvent);
    await fillReset(canvas, userEvent, backend.lastOtp(email)!, newPassword, 'Boxer@Flat4');
    await userEvent.keyboard('{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Passwords do not match.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    // Nothing was sent: the code is still unused.
    await expect(backend.lastOtp(email)).toBeDefined();
    await expect(args.onReset).not.toHaveBeenCalled();
  },
};

/** While resetting: "Resetting...". */
export const Resetting: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.resetPassword'));
  },
  play: async ({ canvas, userEvent }) => {
    await reachResetStep(canvas, userEvent);
    await fillReset(canvas, userEvent, backend.lastOtp(email)!, newPassword, newPassword);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Resetting...' })).toHaveAttribute('aria-disabled', 'true'));
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeDisabled();
  },
};

/** A wrong code: the server's message. */
export const WrongCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await reachResetStep(canvas, userEvent);
    await expect(backend.lastOtp(email)).not.toBe('999999');
    await fillReset(canvas, userEvent, '999999', newPassword, newPassword);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The verification code is invalid or has expired.');
  },
};

/** Reset fails without a message: "Failed to reset password.". */
export const ResetFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.resetPassword', 500, ''));
  },
  play: async ({ canvas, userEvent }) => {
    await reachResetStep(canvas, userEvent);
    await fillReset(canvas, userEvent, '123456', newPassword, newPassword);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to reset password.');
  },
};

/** Success: the message in green, then `onReset` 2 seconds later; the new password then logs in. */
export const PasswordReset: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await reachResetStep(canvas, userEvent);
    await fillReset(canvas, userEvent, backend.lastOtp(email)!, newPassword, newPassword);
    await userEvent.keyboard('{Enter}');
    const message = await canvas.findByRole('status');
    await expect(message).toHaveTextContent('Your password has been reset. You can now log in.');
    const shownAt = performance.now();
    await expect(getComputedStyle(message).color).toBe(success);
    await expect(canvas.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    await expect(args.onReset).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onReset).toHaveBeenCalledOnce(), { timeout: REDIRECT_AFTER_PASSWORD_RESET_MS + 1500 });
    await expect(performance.now() - shownAt).toBeGreaterThanOrEqual(REDIRECT_AFTER_PASSWORD_RESET_MS - 100);
    const login = await backend.handle('auth.login', { body: { email, password: newPassword }, params: {}, query: {} });
    await expect(login.status).toBe(200);
  },
};
