import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Heart } from 'lucide-react';
import { Button } from './Button.tsx';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  args: { children: 'Continue', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'outline', 'ghost', 'danger', 'link'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} variant="primary">Login</Button>
      <Button {...args} variant="secondary">Save Changes</Button>
      <Button {...args} variant="outline">Cancel</Button>
      <Button {...args} variant="ghost">Menu</Button>
      <Button {...args} variant="danger">Delete</Button>
      <Button {...args} variant="link">Forgot Password?</Button>
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} size="sm">Follow</Button>
      <Button {...args} size="md">Follow</Button>
      <Button {...args} size="lg">Follow</Button>
      <Button {...args} size="md"><Heart aria-hidden /> 12 Likes</Button>
    </div>
  ),
};

/**
 * Busy: shows its busy label, keeps the width of its idle label, and ignores presses. It stays
 * focusable (aria-disabled, not disabled), so a keyboard user keeps their place while it works.
 */
export const Busy: Story = {
  args: { children: 'Continue', busy: true, busyLabel: 'Sending OTP...' },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Sending OTP...' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeEnabled();
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(button).toHaveFocus();
    await expect(args.onClick).not.toHaveBeenCalled();
    button.blur();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
  },
};

export const Block: Story = {
  args: { block: true, children: 'Verify & Register', busyLabel: 'Verifying...' },
};

export const AsLink: Story = {
  args: { asChild: true, variant: 'outline', children: <a href="#register">Sign Up</a> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '#register');
  },
};
