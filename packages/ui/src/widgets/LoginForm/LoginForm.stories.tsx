import type { Meta, StoryObj } from '@storybook/react-vite';
import type { within } from 'storybook/test';
import { expect, fn, waitFor } from 'storybook/test';
import { createMockBackend, failRoute, FIXTURE_RECOVERY_CODES, fixtures, FIXTURE_PASSWORD, handlers, MOCK_TWO_FACTOR_CODE, neverRespond, withTwoFactor } from '@pitlane/api/mocks';
import { LoginForm } from './LoginForm.tsx';

const danger = 'rgb(185, 28, 28)'; // --color-danger

const meta = {
  title: 'Widgets/LoginForm',
  component: LoginForm,
  args: { onLoggedIn: fn() },
  parameters: { session: true, router: { initialEntries: ['/login'] } },
  decorators: [(Story) => <div className="mx-auto max-w-sm py-4"><Story /></div>],
  // A fresh signed-out backend per story.
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.signedOut())));
  },
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const maya = { email: 'mayadrives@pitlane.test', password: FIXTURE_PASSWORD };

/** Fills both fields; focus stays in Password, so `{Enter}` sends the form. */
async function fillIn(canvas: ReturnType<typeof within>, userEvent: { type: (el: Element, text: string) => Promise<void> }, email: string, password: string) {
  await userEvent.type(canvas.getByLabelText('Email Address'), email);
  await userEvent.type(canvas.getByLabelText('Password'), password);
}

/** No provider configured: only the e-mail form, with its two links. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByLabelText('Email Address')).toBeRequired();
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(canvas.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
    // Hidden when no provider is configured: the button and its divider.
    await expect(canvas.queryByRole('button', { name: /^Sign in with/ })).not.toBeInTheDocument();
    await expect(canvas.queryByText('Or with email')).not.toBeInTheDocument();
  },
};

/** A provider is configured: "Sign in with [provider]" above the "Or with email" divider. */
export const WithProvider: Story = {
  args: { provider: { name: 'Google', onSignIn: fn() } },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Sign in with Google' });
    await expect(canvas.getByText('Or with email')).toBeVisible();
    await userEvent.click(button);
    await expect(args.provider!.onSignIn).toHaveBeenCalledOnce();
  },
};

/** Both fields are required: the form says so and sends nothing. */
export const RequiredFields: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email Address'), maya.email);
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Enter your e-mail address and password.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
  },
};

/** While the call runs the button is busy and disabled, keeping its width. */
export const LoggingIn: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.login'));
  },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent, maya.email, maya.password);
    const button = canvas.getByRole('button', { name: 'Login' });
    const width = button.getBoundingClientRect().width;
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button.getBoundingClientRect().width).toBe(width);
  },
};

/** The right password: the user is stored in the session and handed to the page (which goes to /feeds). */
export const Success: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await fillIn(canvas, userEvent, maya.email, maya.password);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onLoggedIn).toHaveBeenCalledOnce());
    await expect(args.onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'maya.drives', fullName: 'Maya Fischer' }));
    // No error shows (an empty alert region is not drawn at all).
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** A wrong password: the server's own message, in red. */
export const WrongPassword: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await fillIn(canvas, userEvent, maya.email, 'NotMyPassword1!');
    await userEvent.keyboard('{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Invalid email or password.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
  },
};

/** An error reply without a message: the §8 fallback "Login failed.". */
export const FailedWithoutMessage: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.login', 500, ''));
  },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent, maya.email, maya.password);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Login failed.');
  },
};

/** Two-factor sign-in (issue 19): the right password asks for the app's code, which signs in. */
export const TwoFactorStep: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(withTwoFactor(fixtures.signedOut(), 'maya.drives'))));
  },
  play: async ({ args, canvas, userEvent }) => {
    await fillIn(canvas, userEvent, maya.email, maya.password);
    await userEvent.keyboard('{Enter}');
    const field = await canvas.findByLabelText('Authentication code');
    await expect(field).toHaveFocus();
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
    await userEvent.type(field, '000000{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('That code is not right. Check your authenticator app and try again.');
    await userEvent.type(field, `${MOCK_TWO_FACTOR_CODE}{Enter}`);
    await waitFor(() => expect(args.onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'maya.drives' })));
  },
};

/** …or a recovery code, behind "Use a recovery code"; "Back to login" returns to the password. */
export const TwoFactorRecoveryCode: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(withTwoFactor(fixtures.signedOut(), 'maya.drives'))));
  },
  play: async ({ args, canvas, userEvent }) => {
    await fillIn(canvas, userEvent, maya.email, maya.password);
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await canvas.findByRole('button', { name: 'Back to login' }));
    await expect(canvas.getByLabelText('Email Address')).toHaveValue(maya.email);
    await userEvent.type(canvas.getByLabelText('Password'), `${maya.password}{Enter}`);
    await userEvent.click(await canvas.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(canvas.getByLabelText('Recovery code'), `${FIXTURE_RECOVERY_CODES[1]!.toUpperCase()}{Enter}`);
    await waitFor(() => expect(args.onLoggedIn).toHaveBeenCalledOnce());
  },
};
