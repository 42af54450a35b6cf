import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, fixtures, makeCommunity, makeUser, mockApi, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { SuggestionsPanel } from './SuggestionsPanel.tsx';

/** A fresh fake backend per story, then any overrides on top (msw.use prepends). */
/** The standard world plus a user and a community with very long names. */
function longNames(): MockSeed {
  const seed = fixtures.standard();
  seed.users.push(makeUser({ id: 'u-long', username: 'maximilian.vonhohenberg_restorations', fullName: 'Maximilian Alexander von Hohenberg-Lindqvist' }));
  seed.communities.push(
    makeCommunity({ id: 'c-long', name: 'Classic Scandinavian Estate Cars Owners and Enthusiasts Association', creatorId: FIXTURE.users.olu, members: [FIXTURE.users.olu, FIXTURE.users.sam, FIXTURE.users.priya, FIXTURE.users.lena, FIXTURE.users.ruby, FIXTURE.users.kenji] }),
  );
  return seed;
}

/**
 * A button that turns busy is disabled, so where focus lands once the call settles (the button,
 * the dialog, the page) differs from run to run; such stories drop focus before the screenshot.
 */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/SuggestionsPanel',
  component: SuggestionsPanel,
  parameters: { session: true },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  // The right-hand column is 30% of what the sidebar leaves: about 300 px at 1280.
  decorators: [(Story) => <div className="w-full md:w-[300px]">{<Story />}</div>],
} satisfies Meta<typeof SuggestionsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Who to follow (those who follow Maya first, as "Follow Back") and communities she is not in. */
export const Full: Story = {
  play: async ({ canvas }) => {
    const people = within(await canvas.findByRole('region', { name: 'Who to Follow' }));
    await expect(await people.findByRole('button', { name: 'Follow Back sam.detailing' })).toBeInTheDocument();
    await expect(people.getByRole('button', { name: 'Follow Back ruby.roadtrip' })).toBeInTheDocument();
    await expect(people.getByRole('button', { name: 'Follow olu.v8' })).toBeInTheDocument();
    await expect(people.getByRole('link', { name: /Samir Haddad/ })).toHaveAttribute('href', '/profile/sam.detailing');
    await expect(people.getByText('@sam.detailing')).toBeVisible();

    const communities = within(canvas.getByRole('region', { name: 'Communities to Join' }));
    const sunday = communities.getByRole('link', { name: /Sunday Morning Meets/ });
    await expect(sunday).toHaveAttribute('href', `/community/${FIXTURE.communities.sundayMeets}`);
    await expect(sunday).toHaveTextContent('5 members');
    await expect(communities.queryByText('Air-Cooled Porsche Club')).not.toBeInTheDocument();
  },
};

/** Following someone takes them off the list at once. */
export const FollowRemovesUser: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Follow Back sam.detailing' }));
    await waitFor(() => expect(canvas.queryByText('Samir Haddad')).not.toBeInTheDocument());
    await expect(canvas.getByText('Ruby Clarke')).toBeVisible();
  },
};

/** While loading: five skeleton rows (spec §9). */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('suggestions.list')),
  play: async ({ canvas }) => {
    const skeleton = await canvas.findByRole('status', { name: 'Loading suggestions' });
    await expect(skeleton.querySelectorAll('[data-slot="suggestion-skeleton-item"]')).toHaveLength(5);
    await expect(canvas.getByRole('heading', { name: 'Who to Follow' })).toBeVisible();
  },
};

/** Nobody and nothing to suggest: both empty texts. */
export const Empty: Story = {
  beforeEach: mockApi(fixtures.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No new users to suggest.')).toBeVisible();
    await expect(canvas.getByText('No new communities to suggest.')).toBeVisible();
  },
};

/** A failed load is logged to the console only (spec §8): no message on screen. */
export const LoadFailure: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('suggestions.list', 500, 'Server down')),
  play: async ({ canvas }) => {
    const logged = spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await waitFor(() => expect(logged).toHaveBeenCalledWith('Loading suggestions failed', expect.anything()));
      await waitFor(() => expect(canvas.queryByRole('status')).not.toBeInTheDocument());
      await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
      await expect(canvas.queryByText('Server down')).not.toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  },
};

/** A failed follow is logged only; the person stays in the list. */
export const FollowFailure: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('users.follow', 500, 'Server down')),
  play: async ({ canvas, userEvent }) => {
    const logged = spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const button = await canvas.findByRole('button', { name: 'Follow olu.v8' });
      await userEvent.click(button);
      await waitFor(() => expect(logged).toHaveBeenCalledWith('Following from the suggestions failed', expect.anything()));
      await expect(button).toBeEnabled();
      await expect(canvas.getByText('Olu Adeyemi')).toBeVisible();
      await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
    settleFocus();
  },
};

/** Long names and handles are cut with an ellipsis; the button never squeezes. */
export const LongNames: Story = {
  beforeEach: mockApi(longNames),
  play: async ({ canvas, canvasElement }) => {
    const name = await canvas.findByText('Maximilian Alexander von Hohenberg-Lindqvist');
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    const button = canvas.getByRole('button', { name: 'Follow maximilian.vonhohenberg_restorations' });
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(canvasElement.querySelector('[data-slot="suggestions-panel"]')!.getBoundingClientRect().right);
    await expect(canvas.getByRole('link', { name: /Classic Scandinavian Estate Cars/ })).toHaveTextContent('6 members');
  },
};

/** On a phone the panel takes the full width. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Follow Back sam.detailing' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Communities to Join' })).toBeVisible();
  },
};
