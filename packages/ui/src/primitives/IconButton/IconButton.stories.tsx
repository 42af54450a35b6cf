import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Heart, Menu, Pencil, Share2, Trash2, X } from 'lucide-react';
import { IconButton } from './IconButton.tsx';

const meta = {
  title: 'Primitives/IconButton',
  component: IconButton,
  args: { 'aria-label': 'Delete comment', children: <Trash2 />, onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['ghost', 'outline', 'primary'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
  } satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The label is the button's name: a screen reader says "Delete comment, button". */
export const Ghost: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Delete comment' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
    // Square: as wide as it is tall (40 px at the default size).
    const { width, height } = button.getBoundingClientRect();
    await expect([width, height]).toEqual([40, 40]);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <IconButton {...args} variant="ghost" aria-label="Share post"><Share2 /></IconButton>
      <IconButton {...args} variant="outline" aria-label="Edit profile"><Pencil /></IconButton>
      <IconButton {...args} variant="primary" aria-label="Like post"><Heart /></IconButton>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Share post' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit profile' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Like post' })).toBeVisible();
  },
};

/** 32, 40 and 48 px squares. */
export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <IconButton {...args} size="sm" variant="outline" aria-label="Close small"><X /></IconButton>
      <IconButton {...args} size="md" variant="outline" aria-label="Close medium"><X /></IconButton>
      <IconButton {...args} size="lg" variant="outline" aria-label="Close large"><X /></IconButton>
    </div>
  ),
  play: async ({ canvas }) => {
    for (const [name, side] of [['Close small', 32], ['Close medium', 40], ['Close large', 48]] as const) {
      const { width, height } = canvas.getByRole('button', { name }).getBoundingClientRect();
      await expect([width, height]).toEqual([side, side]);
    }
  },
};

export const Disabled: Story = {
  args: { disabled: true, variant: 'outline' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Delete comment' })).toBeDisabled();
  },
};

/** Keyboard: Tab reaches it, Enter presses it, the focus outline shows. */
export const Keyboard: Story = {
  args: { variant: 'ghost', 'aria-label': 'Menu', children: <Menu /> },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** The mobile header's menu button: a 48 px target for a thumb. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { size: 'lg', 'aria-label': 'Menu', children: <Menu /> },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};
