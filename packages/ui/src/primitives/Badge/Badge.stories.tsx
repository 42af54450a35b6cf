import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Bell } from 'lucide-react';
import { Badge } from './Badge.tsx';

// Spoken text with a correct singular: "1 unread notification", "12 unread notifications".
const unread = (count: number) => (count === 1 ? '1 unread notification' : `${count} unread notifications`);

const meta = {
  title: 'Primitives/Badge',
  component: Badge,
  args: { count: 1, label: unread },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md'] } },
  } satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The sidebar's Notifications link, the badge's home (spec §2). */
function SidebarLink({ count }: { count: number }) {
  return (
    <a href="#notifications" className="inline-flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium">
      <Bell aria-hidden className="size-5" />
      Notifications
      <Badge count={count} label={unread} />
    </a>
  );
}

export const One: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1')).toBeVisible();
    // The words are for screen readers only: they take up no room on screen.
    await expect(canvas.getByText('1 unread notification').getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

/** A plain string label is read after the count. */
export const StringLabel: Story = {
  render: () => <Badge count={5} label="new members" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('5')).toBeVisible();
    await expect(canvas.getByText('5 new members')).toBeInTheDocument();
  },
};

export const Nine: Story = {
  args: { count: 9 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('9')).toBeVisible();
  },
};

/** Above 9 the badge reads "9+"; a screen reader still hears the exact count. */
export const Ten: Story = {
  args: { count: 10 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('9+')).toBeVisible();
    await expect(canvas.queryByText('10')).not.toBeInTheDocument();
    await expect(canvas.getByText('10 unread notifications')).toBeInTheDocument();
  },
};

export const HundredTwenty: Story = {
  args: { count: 120 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('9+')).toBeVisible();
    await expect(canvas.getByText('120 unread notifications')).toBeInTheDocument();
  },
};

/** Nothing to count, nothing shown: the link reads just "Notifications". */
export const Zero: Story = {
  render: () => <SidebarLink count={0} />,
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link');
    await expect(link).toHaveAccessibleName('Notifications');
    await expect(link).toHaveTextContent(/^Notifications$/);
  },
};

/** A negative or missing count (NaN) is treated as nothing to show. */
export const Negative: Story = {
  render: () => (
    <>
      <SidebarLink count={-3} />
      <SidebarLink count={Number.NaN} />
    </>
  ),
  play: async ({ canvas }) => {
    for (const link of canvas.getAllByRole('link')) await expect(link).toHaveAccessibleName('Notifications');
  },
};

/** 0, 1, 9, 10 and 120 side by side, in both sizes; figures are tabular. */
export const Counts: Story = {
  render: (args) => (
    <div className="grid gap-3">
      {(['md', 'sm'] as const).map((size) => (
        <div key={size} className="flex items-center gap-3">
          {[0, 1, 9, 10, 120].map((count) => (
            <Badge key={count} {...args} count={count} size={size} />
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('1')).toHaveLength(2);
    await expect(canvas.getAllByText('9')).toHaveLength(2);
    await expect(canvas.getAllByText('9+')).toHaveLength(4);
    await expect(getComputedStyle(canvas.getAllByText('9')[0]!).fontVariantNumeric).toBe('tabular-nums');
  },
};

/** Without a label the badge is just its number (for a context that already says what it counts). */
export const WithoutLabel: Story = {
  args: { count: 4, label: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('4')).toBeVisible();
  },
};

export const InSidebar: Story = {
  render: () => <SidebarLink count={3} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link')).toHaveAccessibleName('Notifications 3 unread notifications');
  },
};

/** The mobile bottom bar: the small badge on the bell's corner; the link says what it counts. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => (
    <a href="#notifications" className="relative inline-flex size-12 items-center justify-center">
      <Bell aria-hidden className="size-6" />
      <span className="sr-only">Notifications</span>
      <Badge count={12} size="sm" label={unread} className="absolute top-1.5 right-0.5" />
    </a>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('9+')).toBeVisible();
    await expect(canvas.getByRole('link')).toHaveAccessibleName('Notifications 12 unread notifications');
  },
};

/** A word instead of a count, in the quiet neutral tone: "Muted" beside a profile's name (issue 18). */
export const NeutralWord: Story = {
  render: () => (
    <div className="flex items-center gap-2">
      <span className="text-xl font-bold">Kenji Watanabe</span>
      <Badge tone="neutral">Muted</Badge>
      <Badge tone="neutral" size="sm">
        Muted
      </Badge>
    </div>
  ),
  play: async ({ canvas }) => {
    const [badge] = canvas.getAllByText('Muted');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('data-slot', 'badge');
  },
};
