import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NotificationListSkeleton } from './NotificationListSkeleton.tsx';

const meta = {
  title: 'Widgets/NotificationListSkeleton',
  component: NotificationListSkeleton,
  decorators: [(Story) => <div className="max-w-2xl">{<Story />}</div>],
} satisfies Meta<typeof NotificationListSkeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

const items = (root: HTMLElement) => root.querySelectorAll('[data-slot="notification-skeleton-item"]');

/** Three rows by default (spec §9), announced once as "Loading notifications". */
export const Default: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status', { name: 'Loading notifications' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(items(status)).toHaveLength(3);
  },
};

/** Any count. */
export const SixItems: Story = {
  args: { count: 6 },
  play: async ({ canvas }) => {
    await expect(items(canvas.getByRole('status'))).toHaveLength(6);
  },
};

/** On a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(items(canvas.getByRole('status'))).toHaveLength(3);
  },
};
