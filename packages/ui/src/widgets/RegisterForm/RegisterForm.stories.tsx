import type { Meta, StoryObj } from '@storybook/react-vite';
import type { within } from 'storybook/test';
import { expect, fn, waitFor } from 'storybook/test';
import { REDIRECT_AFTER_REGISTER_MS } from '@pitlane/api/contract';
import { createMockBackend, failRoute, fixtures, handlers, neverRespond, type MockBackend } from '@pitlane/api/mocks';
import { RegisterForm } from './RegisterForm.tsx';

const success = 'rgb(21, 128, 61)'; // --color-success
const danger = 'rgb(185, 28, 28)'; // --color-danger

// The story's backend, so a play function can read the code the fake "e-mailed".
let backend: MockBackend;

const meta = {
  title: 'Widgets/RegisterForm',
  component: RegisterForm,
  args: { onRegistered: fn() },
  parameters: { session: true, router: { initialEntries: ['/register'] } },
  decorators: [(Story) => <div className="mx-auto max-w-sm py-4"><Story /></div>],
  beforeEach: ({ msw }) => {
    backend = createMockBackend(fixtures.signedOut());
    msw.use(...handlers(backend));
    // The fake draws its codes with Math.random; a fixed draw keeps the typed code, and so the
    // screenshots, the same on every run. The flow still reads the code from the fake.
    // (A plain swap: a spy would call Math.random itself, to name its mock.)
    const random = Math.random;
    Math.random = () => 0.424242;
    return () => {
      Math.random = random;
    };
  },
} satisfies Meta<typeof RegisterForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = { type: (el: Element, text: string) => Promise<void>; tab: () => Promise<void>; click: (el: Element) => Promise<void>; keyboard: (text: string) => Promise<void> };

const alex = { fullName: 'Alex Turner', typedUsername: 'Alex.Turner!', username: 'alex.turner', email: 'alex@pitlane.test', password: 'Gearbox@2026' };

/** Type into a field and leave it (the availability checks run on blur). */
async function enter(canvas: Canvas, userEvent: User, label: string, text: string) {
  await userEvent.type(canvas.getByLabelText(label), text);
  await userEvent.tab();
}

/** The field's status line: the text a person reads under the field. */
const statusOf = (canvas: Canvas, label: string) => {
  const field = (canvas.getByLabelText(label) as HTMLElement).closest('[data-slot="field"]') as HTMLElement;
  return field.querySelector('[data-slot="field-status"]') as HTMLElement;
};

const continueButton = (canvas: Canvas) => canvas.getByRole('button', { name: /^(Continue|Sending OTP\.\.\.)$/ });

async function fillValidDetails(canvas: Canvas, userEvent: User) {
  await enter(canvas, userEvent, 'Full Name', alex.fullName);
  await enter(canvas, userEvent, 'Username', alex.typedUsername);
  await enter(canvas, userEvent, 'Email', alex.email);
  // The password is typed last and focus stays there: the forms below are sent with Enter, so
  // where focus ends (and so the screenshot) does not depend on how fast the fake answers.
  await userEvent.type(canvas.getByLabelText('Password'), alex.password);
  await waitFor(() => expect(statusOf(canvas, 'Username')).toHaveTextContent('Available'));
  await waitFor(() => expect(continueButton(canvas)).not.toHaveAttribute('aria-disabled'));
}

/** Step 1 to step 2 through the fake: a real send-otp call. */
async function reachVerifyStep(canvas: Canvas, userEvent: User) {
  await fillValidDetails(canvas, userEvent);
  await userEvent.keyboard('{Enter}');
  return canvas.findByRole('heading', { name: 'Verify Your Email' });
}

/** Step 1, untouched: no statuses yet, Continue disabled, the "Log In" link to `/`. */
export const CreateAnAccount: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
    for (const label of ['Full Name', 'Username', 'Email', 'Password']) {
      await expect(canvas.getByLabelText(label)).toBeRequired();
      await expect(statusOf(canvas, label)).toBeEmptyDOMElement();
    }
    await expect(continueButton(canvas)).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/');
    await expect(canvas.queryByRole('button', { name: /^Sign in with/ })).not.toBeInTheDocument();
    await expect(canvas.queryByText('Or with email')).not.toBeInTheDocument();
  },
};

/** With a provider configured, its button and the divider head step 1. */
export const WithProvider: Story = {
  args: { provider: { name: 'Google', onSignIn: fn() } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Or with email')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Google' }));
    await expect(args.provider!.onSignIn).toHaveBeenCalledOnce();
  },
};

/**
 * Every field good: "Looks good", "Available" (the username was normalised as it was typed),
 * a free e-mail (no status), "Strong"; Continue is enabled.
 */
export const AllValid: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillValidDetails(canvas, userEvent);
    await expect(canvas.getByLabelText('Username')).toHaveValue(alex.username);
    await expect(statusOf(canvas, 'Full Name')).toHaveTextContent('Looks good');
    await expect(statusOf(canvas, 'Email')).toBeEmptyDOMElement();
    await expect(statusOf(canvas, 'Password')).toHaveTextContent('Strong');
    for (const label of ['Full Name', 'Username', 'Password']) {
      await expect(getComputedStyle(statusOf(canvas, label)).color).toBe(success);
      await expect(canvas.getByLabelText(label)).not.toBeInvalid();
    }
    await expect(continueButton(canvas)).toBeEnabled();
  },
};

/**
 * The error statuses: "Invalid name", "Taken", "Registered", "Weak". Continue stays disabled,
 * and pressing it says why.
 */
export const InvalidFields: Story = {
  play: async ({ canvas, userEvent }) => {
    await enter(canvas, userEvent, 'Full Name', 'M4ya');
    await enter(canvas, userEvent, 'Username', 'Maya.Drives');
    await enter(canvas, userEvent, 'Email', 'mayadrives@pitlane.test');
    await enter(canvas, userEvent, 'Password', 'password');
    await expect(statusOf(canvas, 'Full Name')).toHaveTextContent('Invalid name');
    await waitFor(() => expect(statusOf(canvas, 'Username')).toHaveTextContent('Taken'));
    await waitFor(() => expect(statusOf(canvas, 'Email')).toHaveTextContent('Registered'));
    await expect(statusOf(canvas, 'Password')).toHaveTextContent('Weak');
    for (const label of ['Full Name', 'Username', 'Email', 'Password']) {
      await expect(getComputedStyle(statusOf(canvas, label)).color).toBe(danger);
      await expect(canvas.getByLabelText(label)).toBeInvalid();
    }
    const button = continueButton(canvas);
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please fix the errors before proceeding.');
    await expect(canvas.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  },
};

/** An address without the {email} shape: "Invalid format", checked before asking the server. */
export const InvalidEmailFormat: Story = {
  play: async ({ canvas, userEvent }) => {
    await enter(canvas, userEvent, 'Email', 'alex@pitlane');
    await expect(statusOf(canvas, 'Email')).toHaveTextContent('Invalid format');
    // Typing again hides the stale status until the next check.
    await userEvent.type(canvas.getByLabelText('Email'), '.test');
    await expect(statusOf(canvas, 'Email')).toBeEmptyDOMElement();
  },
};

/** While the availability checks run the fields say so. */
export const Checking: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.checkUsername'), neverRespond('auth.checkEmail'));
  },
  play: async ({ canvas, userEvent }) => {
    await enter(canvas, userEvent, 'Username', alex.username);
    await enter(canvas, userEvent, 'Email', alex.email);
    await expect(statusOf(canvas, 'Username')).toHaveTextContent('Checking...');
    await expect(statusOf(canvas, 'Email')).toHaveTextContent('Checking...');
    await expect(continueButton(canvas)).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The checks themselves fail: both fields read "Error". */
export const CheckFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.checkUsername', 500, 'Server down'), failRoute('auth.checkEmail', 500, 'Server down'));
  },
  play: async ({ canvas, userEvent }) => {
    await enter(canvas, userEvent, 'Username', alex.username);
    await enter(canvas, userEvent, 'Email', alex.email);
    await waitFor(() => expect(statusOf(canvas, 'Username')).toHaveTextContent('Error'));
    await waitFor(() => expect(statusOf(canvas, 'Email')).toHaveTextContent('Error'));
    await expect(continueButton(canvas)).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Continue pressed: "Sending OTP..." and truly disabled, at the same width. */
export const SendingOtp: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.sendOtp'));
  },
  play: async ({ canvas, userEvent }) => {
    await fillValidDetails(canvas, userEvent);
    const button = continueButton(canvas);
    const width = button.getBoundingClientRect().width;
    await userEvent.click(button);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Sending OTP...' })).toHaveAttribute('aria-disabled', 'true'));
    await expect(button.getBoundingClientRect().width).toBe(width);
  },
};

/** Sending fails without a message: the §8 fallback, in red, and still on step 1. */
export const SendFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.sendOtp', 500, ''));
  },
  play: async ({ canvas, userEvent }) => {
    await fillValidDetails(canvas, userEvent);
    await userEvent.keyboard('{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Registration failed.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(continueButton(canvas)).toBeEnabled();
  },
};

/** Step 2 after a real send: the address the code went to, and focus on the new heading. */
export const VerifyYourEmail: Story = {
  play: async ({ canvas, userEvent }) => {
    const heading = await reachVerifyStep(canvas, userEvent);
    await expect(heading).toHaveFocus();
    await expect(canvas.getByText(/^An OTP has been sent to/)).toHaveTextContent(`An OTP has been sent to ${alex.email}`);
    await expect(canvas.getByLabelText('Verification Code')).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(canvas.getByRole('button', { name: 'Verify & Register' })).toBeEnabled();
    await expect(backend.lastOtp(alex.email)).toMatch(/^\d{6}$/);
  },
};

/** While the code is checked: "Verifying...". */
export const Verifying: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.verifyOtp'));
  },
  play: async ({ canvas, userEvent }) => {
    await reachVerifyStep(canvas, userEvent);
    await userEvent.type(canvas.getByLabelText('Verification Code'), backend.lastOtp(alex.email)!);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Verifying...' })).toHaveAttribute('aria-disabled', 'true'));
  },
};

/** A wrong code: the server's message in red; the code can be corrected. */
export const WrongCode: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await reachVerifyStep(canvas, userEvent);
    await userEvent.type(canvas.getByLabelText('Verification Code'), '999999');
    await expect(backend.lastOtp(alex.email)).not.toBe('999999');
    await userEvent.keyboard('{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The verification code is invalid or has expired.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(canvas.getByRole('button', { name: 'Verify & Register' })).toBeEnabled();
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

/** Verification fails without a message: "Verification failed.". */
export const VerifyFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.verifyOtp', 500, ''));
  },
  play: async ({ canvas, userEvent }) => {
    await reachVerifyStep(canvas, userEvent);
    await userEvent.type(canvas.getByLabelText('Verification Code'), '123456');
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Verification failed.');
  },
};

/** The right code: the server's message in green, then `onRegistered` 2 seconds later (not before). */
export const Registered: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await reachVerifyStep(canvas, userEvent);
    await userEvent.type(canvas.getByLabelText('Verification Code'), backend.lastOtp(alex.email)!);
    await userEvent.keyboard('{Enter}');
    const message = await canvas.findByRole('status');
    await expect(message).toHaveTextContent('Registration successful! You can now log in.');
    const shownAt = performance.now();
    await expect(getComputedStyle(message).color).toBe(success);
    await expect(canvas.getByRole('button', { name: 'Verify & Register' })).toBeDisabled();
    await expect(args.onRegistered).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onRegistered).toHaveBeenCalledOnce(), { timeout: REDIRECT_AFTER_REGISTER_MS + 1500 });
    // Called on the contract's delay, not early (a lower bound only: tests never assert on speed).
    await expect(performance.now() - shownAt).toBeGreaterThanOrEqual(REDIRECT_AFTER_REGISTER_MS - 100);
  },
};
