import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { fixtures, mockApi, MOCK_TWO_FACTOR_CODE } from '@pitlane/api/mocks';
import { TwoFactorChallenge } from './TwoFactorChallenge.tsx';

const mobile = { globals: { viewport: { value: 'mobile', isRotated: false } } } as const;

// The whole flow after a password (a challenge the fake made) is LoginForm's TwoFactorStep story;
// here the challenge is one the fake never made, as one that ran out looks.
const meta = {
  title: 'Widgets/TwoFactorChallenge',
  component: TwoFactorChallenge,
  args: { challenge: 'challenge-that-ran-out', onSignedIn: fn(), onStartOver: fn() },
  parameters: { session: true, router: { initialEntries: ['/login'] } },
  beforeEach: mockApi(fixtures.signedOut),
  decorators: [(Story) => <div className="mx-auto max-w-sm py-4"><Story /></div>],
} satisfies Meta<typeof TwoFactorChallenge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The code from the app: one field, focused, numeric keyboard on phones. */
export const AppCode: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
    const field = canvas.getByLabelText('Authentication code');
    await expect(field).toHaveFocus();
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(canvas.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  },
};
export const AppCodeMobile: Story = { ...AppCode, ...mobile };

/** "Use a recovery code" switches the field, and back. */
export const RecoveryCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code' }));
    await expect(canvas.getByLabelText('Recovery code')).toHaveFocus();
    await expect(canvas.getByText(/Each code works once/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode);
    await expect(canvas.getByRole('button', { name: 'Use your authenticator app' })).toBeVisible();
  },
};
export const RecoveryCodeMobile: Story = { ...RecoveryCode, ...mobile };

/** A sign-in that ran out (5 minutes, or 5 wrong codes): it says so and leads back to the password. */
export const Expired: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Authentication code'), `${MOCK_TWO_FACTOR_CODE}{Enter}`);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.twoFactorChallengeExpired);
    await userEvent.click(canvas.getByRole('button', { name: 'Back to login' }));
    await expect(args.onStartOver).toHaveBeenCalledOnce();
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};
