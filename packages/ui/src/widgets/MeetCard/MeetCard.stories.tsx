import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FIXTURE_MEETS, mockApi } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { MeetCard } from './MeetCard.tsx';
import { meetColumn, meetsWorld, mobile, WithMeet } from './meet-stories.tsx';

function LoadedCard({ meetId }: { meetId: string }) {
  return <WithMeet meetId={meetId}>{(meet) => <MeetCard meet={meet} />}</WithMeet>;
}

const meta = {
  title: 'Widgets/MeetCard',
  component: LoadedCard,
  args: { meetId: FIXTURE_MEETS.own },
  beforeEach: mockApi(meetsWorld),
  afterEach: picturesLoaded,
  decorators: [meetColumn],
} satisfies Meta<typeof LoadedCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The cover with its description, the date block, the title linking to the meet's page, when in
 * the meet's own zone (named), the place and community, and the counts.
 */
export const WithCover: Story = {
  play: async ({ canvas }) => {
    const card = within(await canvas.findByRole('article'));
    await expect(card.getByRole('heading', { level: 2, name: 'Air-cooled breakfast run' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Air-cooled breakfast run' })).toHaveAttribute('href', `/meet/${FIXTURE_MEETS.own}`);
    await expect(card.getByRole('img', { name: 'Three air-cooled 911s lined up outside a café at sunrise.' })).toBeVisible();
    await expect(card.getByText('Sat, 28 Nov 2026 · 09:00–12:00 GMT')).toBeVisible();
    await expect(card.getByText('Air-Cooled Porsche Club')).toBeVisible();
    await expect(card.getByText('Brooklands Museum, Brooklands Drive, Weybridge KT13 0SL')).toBeVisible();
    await expect(card.getByText('3 going · 1 interested')).toBeVisible();
    await expect(card.queryByText('Cancelled')).toBeNull();
  },
};

/** At 375 px. */
export const WithCoverMobile: Story = { ...WithCover, globals: mobile };

/** No cover: no picture, the date block leads; the time in the meet's zone (Tokyo), not the reader's. */
export const WithoutCover: Story = {
  args: { meetId: FIXTURE_MEETS.others },
  play: async ({ canvas }) => {
    const card = within(await canvas.findByRole('article'));
    await expect(card.getByText('Sat, 5 Dec 2026 · 19:00–23:30 GMT+9')).toBeVisible();
    await expect(canvas.getByRole('article').querySelector('[data-slot="meet-cover"]')).toBeNull();
    await expect(card.getByText('2 going · 0 interested')).toBeVisible();
  },
};

/** A cancelled meet keeps its place in the lists with the "Cancelled" badge. */
export const Cancelled: Story = {
  args: { meetId: FIXTURE_MEETS.cancelled },
  play: async ({ canvas }) => {
    const card = within(await canvas.findByRole('article'));
    await expect(card.getByText('Cancelled')).toBeVisible();
    await expect(card.getByText('Sat, 12 Dec 2026 · 08:00–18:00 CET')).toBeVisible();
  },
};

/** Cancelled, at 375 px. */
export const CancelledMobile: Story = { ...Cancelled, globals: mobile };
