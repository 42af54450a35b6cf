import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { coverImage } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { CommunityCard } from './CommunityCard.tsx';

const jdm = {
  _id: 'c-jdm',
  name: 'JDM Legends',
  description: 'AE86, S13, FD, R32 and the rest of the golden era. Imports, swaps and touge stories.',
  coverImageUrl: coverImage('JDM Legends'),
  members: ['u-kenji', 'u-maya', 'u-ruby'],
};

const long = {
  _id: 'c-long',
  name: 'Classic Scandinavian Estate Cars Owners, Restorers and Enthusiasts Association of Northern Europe',
  description:
    'Volvo 240, 740 and 940 estates, Saab 900 and 9-5 wagons, and every long-roof brick in between. We share parts sources, rust repair write-ups, towing setups and road trip photos from the fjords to the Baltic coast. Members meet twice a year.',
  coverImageUrl: coverImage('Scandinavian Estates'),
  members: Array.from({ length: 1287 }, (_, i) => `u-${i}`),
};

const meta = {
  title: 'Widgets/CommunityCard',
  component: CommunityCard,
  args: { community: jdm },
  afterEach: picturesLoaded,
  decorators: [(Story) => <div className="grid max-w-sm">{<Story />}</div>],
} satisfies Meta<typeof CommunityCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Cover, name, description and "[n] members"; the whole card links to the community. */
export const Full: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'JDM Legends' });
    await expect(link).toHaveAttribute('href', '/community/c-jdm');
    await expect(canvas.getByText(jdm.description)).toBeVisible();
    await expect(canvas.getByText('3 members')).toHaveClass('tabular-nums');
  },
};

/** The profile's card: name and "[n] members" only. */
export const Compact: Story = {
  args: { variant: 'compact' },
  decorators: [(Story) => <div className="grid w-48">{<Story />}</div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'JDM Legends' })).toBeVisible();
    await expect(canvas.queryByText(jdm.description)).not.toBeInTheDocument();
    await expect(canvas.getByText('3 members')).toBeVisible();
  },
};

/** A long name wraps; a long description stops after three lines. */
export const LongTexts: Story = {
  args: { community: long },
  play: async ({ canvas }) => {
    const description = canvas.getByText(long.description);
    await expect(description.scrollHeight).toBeGreaterThan(description.clientHeight);
    await expect(canvas.getByText('1287 members')).toBeVisible();
  },
};

/** Keyboard focus rings the whole card. */
export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'JDM Legends' })).toHaveFocus();
  },
};

/** On a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { community: long },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: long.name })).toBeVisible();
  },
};
