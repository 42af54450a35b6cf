import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SearchField } from './SearchField.tsx';

const meta = {
  title: 'Primitives/SearchField',
  component: SearchField,
  args: { label: 'Search communities', placeholder: 'Search communities', onChange: fn() },
  decorators: [(Story) => <div className="max-w-md"><Story /></div>],
} satisfies Meta<typeof SearchField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the magnifier and the placeholder; the label is for screen readers only. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('searchbox', { name: 'Search communities' });
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('placeholder', 'Search communities');
    // Not a landmark unless asked: the Communities page's box filters a list.
    await expect(canvas.queryByRole('search')).not.toBeInTheDocument();
  },
};

/** Typing: the text starts after the magnifier, not under it. */
export const Typing: Story = {
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const input = canvas.getByRole('searchbox', { name: 'Search communities' });
    await userEvent.type(input, 'porsche');
    await expect(input).toHaveValue('porsche');
    await expect(args.onChange).toHaveBeenCalled();
    const icon = canvasElement.querySelector('svg')!;
    await expect(icon.getBoundingClientRect().right).toBeLessThan(input.getBoundingClientRect().left + parseFloat(getComputedStyle(input).paddingLeft));
  },
};

/** Discover's own search: a `search` landmark around the box. */
export const Landmark: Story = {
  args: { label: 'Search', placeholder: 'Search for users or posts...', landmark: true, defaultValue: 'gt3' },
  play: async ({ canvas }) => {
    const landmark = canvas.getByRole('search');
    await expect(landmark).toContainElement(canvas.getByRole('searchbox', { name: 'Search' }));
  },
};

/** Spec §9: at 375 px the box spans the width and its text is 16 px (no zoom on iOS). */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByRole('searchbox')).fontSize).toBe('16px');
  },
};
