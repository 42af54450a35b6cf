import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FIXTURE_NOW } from '@pitlane/api/mocks';
import { CalendarDay, DateTime, DateTimeFormatProvider } from './DateTime.tsx';

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

/**
 * A calendar day (a build-log entry's date, issue 17) is no instant: the same day in every zone,
 * here in UTC−11 and in the story browser's own UTC+14, where an instant would shift a day.
 */
export const CalendarDayInEveryZone: Story = {
  render: () => (
    <div className="flex flex-col gap-1 text-sm">
      <DateTimeFormatProvider locale="en-US" timeZone="Pacific/Pago_Pago">
        <CalendarDay value="2026-03-14" />
      </DateTimeFormatProvider>
      <DateTimeFormatProvider locale="en-GB">
        <CalendarDay value="2026-03-14" />
      </DateTimeFormatProvider>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Mar 14, 2026')).toHaveAttribute('datetime', '2026-03-14');
    await expect(canvas.getByText('14 Mar 2026')).toHaveAttribute('datetime', '2026-03-14');
  },
};
