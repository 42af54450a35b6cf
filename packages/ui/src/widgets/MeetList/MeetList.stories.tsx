import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { useUpcomingMeets } from '@pitlane/api/hooks';
import { failRoute, FIXTURE, FIXTURE_MEETS, fixtures, makeMeet, mockApi, neverRespond } from '@pitlane/api/mocks';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { meetColumn, meetsWorld, mobile } from '../MeetCard/meet-stories.tsx';
import { MeetList } from './MeetList.tsx';

/** The Events page's list: the viewer's upcoming meets through `useUpcomingMeets`. */
function Upcoming() {
  return <MeetList query={useUpcomingMeets()} label="Upcoming meets" errorText={FALLBACK_MESSAGES.meetsFailed} />;
}

const meta = {
  title: 'Widgets/MeetList',
  component: Upcoming,
  beforeEach: mockApi(meetsWorld),
  afterEach: picturesLoaded,
  decorators: [meetColumn],
} satisfies Meta<typeof Upcoming>;
export default meta;
type Story = StoryObj<typeof meta>;

const titles = (canvas: ReturnType<typeof within>) => canvas.getAllByRole('heading', { level: 2 }).map((heading: HTMLElement) => heading.textContent);

/**
 * Soonest first: her own, Kenji's in JDM Legends, then Lena's cancelled one with its badge. Not
 * Olu's meet in a community she has not joined (she does not follow him), nor the one that ended.
 */
export const SoonestFirst: Story = {
  play: async ({ canvas }) => {
    const list = within(await canvas.findByRole('list', { name: 'Upcoming meets' }));
    await expect(titles(list)).toEqual(['Air-cooled breakfast run', 'Daikoku PA night meet', 'Convoy to the Nürburgring']);
    await expect(list.getAllByText('Cancelled')).toHaveLength(1);
    await expect(list.queryByText('Zandvoort paddock day')).toBeNull();
    await expect(list.queryByText('Heat exchanger workshop')).toBeNull();
  },
};

/** At 375 px. */
export const SoonestFirstMobile: Story = { ...SoonestFirst, globals: mobile };

/** Nothing upcoming: the Events page's "No upcoming events.". */
export const Empty: Story = {
  beforeEach: mockApi(fixtures.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No upcoming events.')).toBeVisible();
  },
};

/** While the first page loads: card skeletons. */
export const Loading: Story = {
  beforeEach: mockApi(meetsWorld, neverRespond('meets.upcoming')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading meets' })).toBeVisible();
  },
};

/** The list failed: the server's message and "Try again". */
export const Failed: Story = {
  beforeEach: mockApi(meetsWorld, failRoute('meets.upcoming', 500, 'Server down')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server down');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Twelve meets: the first page of ten, the rest as the end of the list comes near. */
export const NextPage: Story = {
  beforeEach: mockApi(() => {
    const seed = fixtures.standard();
    const day = (n: number) => `2026-12-${String(n).padStart(2, '0')}`;
    seed.meets = Array.from({ length: 12 }, (_, i) =>
      makeMeet({
        id: `meet-sunday-${String(i + 1).padStart(2, '0')}`,
        communityId: FIXTURE.communities.jdm,
        creatorId: FIXTURE.users.kenji,
        title: `Cars and coffee ${i + 1}`,
        startsAt: `${day(i + 1)}T09:00:00.000Z`,
        endsAt: `${day(i + 1)}T12:00:00.000Z`,
      }),
    );
    seed.meetRsvps = [];
    return seed;
  }),
  play: async ({ canvas }) => {
    const list = within(await canvas.findByRole('list', { name: 'Upcoming meets' }));
    await expect(list.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    window.scrollTo(0, document.documentElement.scrollHeight);
    await waitFor(() => expect(list.getAllByRole('heading', { level: 2 })).toHaveLength(12));
    await expect(titles(list).at(-1)).toBe('Cars and coffee 12');
    window.scrollTo(0, 0);
  },
};

/** A meet of the fixture is FIXTURE_MEETS.own: the card links to its page. */
export const LinksToTheMeet: Story = {
  play: async ({ canvas }) => {
    const list = within(await canvas.findByRole('list', { name: 'Upcoming meets' }));
    await expect(list.getByRole('link', { name: 'Air-cooled breakfast run' })).toHaveAttribute('href', `/meet/${FIXTURE_MEETS.own}`);
  },
  tags: ['!visual'],
};
