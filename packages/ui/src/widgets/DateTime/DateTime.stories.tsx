import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FIXTURE_NOW } from '@pitlane/api/mocks';
import { DateTime, DateTimeFormatProvider } from './DateTime.tsx';

const meta = {
  title: 'Widgets/DateTime',
  component: DateTime,
  args: { value: FIXTURE_NOW.toISOString(), className: 'text-sm text-muted-foreground' },
} satisfies Meta<typeof DateTime>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Pinned to en-US in UTC, as every story of the post widgets is: the same text on every machine. */
export const Pinned: Story = {
  decorators: [(Story) => <DateTimeFormatProvider locale="en-US" timeZone="UTC"><Story /></DateTimeFormatProvider>],
  play: async ({ canvas }) => {
    const time = canvas.getByText('Nov 22, 2026, 9:30 AM');
    await expect(time.tagName).toBe('TIME');
    await expect(time).toHaveAttribute('datetime', '2026-11-22T09:30:00.000Z');
  },
};

/** Another locale and zone: British English in Tokyo. */
export const OtherLocale: Story = {
  decorators: [(Story) => <DateTimeFormatProvider locale="en-GB" timeZone="Asia/Tokyo"><Story /></DateTimeFormatProvider>],
  play: async ({ canvas }) => {
    await expect(canvas.getByText('22 Nov 2026, 18:30')).toBeInTheDocument();
  },
};
