import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Select } from './Select.tsx';

// "Post to:" offers "My Profile" or each of the user's communities (spec §2, Create Post).
const options = (
  <>
    <option value="">My Profile</option>
    <option value="c1">Air-Cooled Porsche Club</option>
    <option value="c2">JDM Legends</option>
    <option value="c3">Track Day Regulars</option>
  </>
);

const meta = {
  title: 'Primitives/Select',
  component: Select,
  args: { 'aria-label': 'Post to:', children: options, onChange: fn() },
  decorators: [(Story) => <div className="max-w-xs"><Story /></div>],
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Defaults to the first option, "My Profile"; choosing a community reports the change. */
export const PostTo: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Post to:' });
    await expect(select).toHaveDisplayValue('My Profile');
    await userEvent.selectOptions(select, 'JDM Legends');
    await expect(select).toHaveDisplayValue('JDM Legends');
    await expect(select).toHaveValue('c2');
    await expect(args.onChange).toHaveBeenCalledOnce();
  },
};

/** Opened from a community page, that community is preselected. */
export const Preselected: Story = {
  args: { defaultValue: 'c3' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Post to:' })).toHaveDisplayValue('Track Day Regulars');
  },
};

/** With a visible label, as in the Create Post form. */
export const WithLabel: Story = {
  args: { id: 'post-to', 'aria-label': undefined },
  render: (args) => (
    <div className="flex items-center gap-3">
      <label htmlFor="post-to" className="shrink-0 text-sm font-medium">
        Post to:
      </label>
      <Select {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Post to:' })).toBeVisible();
  },
};

/** A long community name is cut with an ellipsis before the arrow, never under it. */
export const LongText: Story = {
  args: {
    defaultValue: 'long',
    children: (
      <>
        <option value="">My Profile</option>
        <option value="long">Vintage Alfa Romeo Giulia, Spider and GTV Owners of the Northern Lakes</option>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Post to:' });
    await expect(select).toHaveDisplayValue('Vintage Alfa Romeo Giulia, Spider and GTV Owners of the Northern Lakes');
    // The box keeps its container's width instead of stretching to the name.
    await expect(select.getBoundingClientRect().width).toBeLessThanOrEqual(320);
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Post to:' });
    await expect(select).toBeInvalid();
    await expect(getComputedStyle(select).borderTopColor).toBe('rgb(185, 28, 28)');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Post to:' })).toBeDisabled();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Post to:' });
    await userEvent.selectOptions(select, 'Air-Cooled Porsche Club');
    await expect(select).toHaveDisplayValue('Air-Cooled Porsche Club');
  },
};
