import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ApiError } from '@pitlane/api/client';
import { PageError } from './PageError.tsx';

const meta = {
  title: 'Widgets/PageError',
  component: PageError,
  args: { fallback: 'Meet not found.' },
} satisfies Meta<typeof PageError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server's message is the page's heading (spec §8), announced. */
export const ServerMessage: Story = {
  args: { error: new ApiError(404, 'Community not found.') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Community not found.');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Community not found.' })).toBeVisible();
  },
};

/** No message from the server (the network failed): the page's own sentence. */
export const Fallback: Story = {
  args: { error: new TypeError('Failed to fetch') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Meet not found.' })).toBeVisible();
  },
};
