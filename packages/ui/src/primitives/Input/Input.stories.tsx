import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Input } from './Input.tsx';

const meta = {
  title: 'Primitives/Input',
  component: Input,
  args: { 'aria-label': 'Email Address', type: 'email', onChange: fn() },
  decorators: [(Story) => <div className="max-w-sm"><Story /></div>],
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the placeholder shows until someone types. */
export const Empty: Story = {
  args: { placeholder: 'you@example.com' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email Address' });
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('placeholder', 'you@example.com');
  },
};

/** Typing: focused (blue outline), value replaces the placeholder. */
export const Typing: Story = {
  args: { placeholder: 'you@example.com' },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Email Address' });
    await userEvent.type(input, 'maya@example.com');
    await expect(input).toHaveValue('maya@example.com');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Filled: Story = {
  args: { defaultValue: 'maya@example.com' },
};

/** Invalid: `aria-invalid` tells assistive tech and paints the danger edge at the same time. */
export const Invalid: Story = {
  args: { defaultValue: 'maya@example', 'aria-invalid': true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email Address' });
    await expect(input).toBeInvalid();
    // The edge turns the danger red (--color-danger #b91c1c), not the neutral input grey.
    await expect(getComputedStyle(input).borderTopColor).toBe('rgb(185, 28, 28)');
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'maya@example.com', disabled: true },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email Address' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('maya@example.com');
  },
};

/** Read-only, like the e-mail in Edit Profile: selectable, not editable, on the sunken surface. */
export const ReadOnly: Story = {
  args: { defaultValue: 'maya@example.com', readOnly: true },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email Address' });
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('maya@example.com');
  },
};

/** A value longer than the box scrolls inside it instead of widening the form. */
export const LongText: Story = {
  args: {
    'aria-label': 'Title',
    type: 'text',
    defaultValue: 'Sunday morning run over the Großglockner High Alpine Road with the whole Porsche 911 club',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Title' });
    await expect(input.getBoundingClientRect().width).toBeLessThanOrEqual(384);
  },
};

export const Types: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      <Input aria-label="Full Name" defaultValue="Maya Fischer" />
      <Input aria-label="Password" type="password" defaultValue="Sup3r$ecret" />
      <Input aria-label="Search" type="search" placeholder="Search for users or posts..." />
      <Input aria-label="Verification Code" inputMode="numeric" autoComplete="one-time-code" placeholder="123456" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search for users or posts...');
  },
};

/** On phones the text is 16 px, so iOS does not zoom the page when the field is focused. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { placeholder: 'you@example.com' },
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByRole('textbox', { name: 'Email Address' })).fontSize).toBe('16px');
  },
};
