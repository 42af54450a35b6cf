import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ThirdPartySignIn } from './ThirdPartySignIn.tsx';

const meta = {
  title: 'Widgets/ThirdPartySignIn',
  component: ThirdPartySignIn,
  args: { provider: { name: 'Google', onSignIn: fn() } },
  decorators: [(Story) => <div className="max-w-sm"><Story /></div>],
} satisfies Meta<typeof ThirdPartySignIn>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Sign in with [provider]" and the "Or with email" divider; pressing it starts the provider's flow. */
export const Configured: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Or with email')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Google' }));
    await expect(args.provider!.onSignIn).toHaveBeenCalledOnce();
  },
};

/** The provider's own name goes in the slot. */
export const OtherProvider: Story = {
  args: { provider: { name: 'Pitlane ID', onSignIn: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign in with Pitlane ID' })).toBeVisible();
  },
};

/** No provider configured: nothing at all, divider included. */
export const NotConfigured: Story = {
  args: { provider: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="third-party-sign-in"]')).toBeNull();
    await expect(canvasElement.textContent).not.toContain('Or with email');
  },
};
