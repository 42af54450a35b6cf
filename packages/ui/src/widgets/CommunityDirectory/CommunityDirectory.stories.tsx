import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { fixtures, mockApi, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { CommunityDirectory } from './CommunityDirectory.tsx';

/** Only communities Maya is in: "Discover Communities" is empty. */
function joinedEverything(): MockSeed {
  const seed = fixtures.standard();
  seed.communities = seed.communities.filter((c) => c.members.includes('u-maya'));
  return seed;
}

const body = within(document.body);
const section = (canvas: ReturnType<typeof within>, name: string) => within(canvas.getByRole('region', { name }));

/**
 * A button that turns busy is disabled, so where focus lands once the call settles (the button,
 * the dialog, the page) differs from run to run; such stories drop focus before the screenshot.
 */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/CommunityDirectory',
  component: CommunityDirectory,
  parameters: { session: true },
  args: { onCreated: fn() },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  // The main column: 70% of what the sidebar leaves.
  decorators: [(Story) => <div className="max-w-3xl">{<Story />}</div>],
} satisfies Meta<typeof CommunityDirectory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Maya's communities (one she created, one she joined) and the rest to discover. */
export const Full: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: 'Your Communities' });
    const mine = section(canvas, 'Your Communities');
    // The split into mine/others follows the session, which may arrive after the list.
    await waitFor(() => expect(mine.getAllByRole('link').map((l) => l.textContent).sort()).toEqual(['Air-Cooled Porsche Club', 'JDM Legends']));
    const discover = section(canvas, 'Discover Communities');
    await expect(discover.getAllByRole('link')).toHaveLength(3);
    await expect(discover.getByRole('link', { name: 'Track Day Crew' }).closest('article')).toHaveTextContent('3 members');
  },
};

/** The search matches name or description, ignoring case. */
export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    const search = await canvas.findByRole('searchbox', { name: 'Search communities' });
    await canvas.findByRole('region', { name: 'Your Communities' });
    await userEvent.type(search, 'COFFEE');
    const discover = section(canvas, 'Discover Communities');
    await expect(discover.getAllByRole('link').map((l) => l.textContent)).toEqual(['Sunday Morning Meets']);
    await expect(section(canvas, 'Your Communities').getByText("You haven't joined any communities yet.")).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'porsche');
    await expect(section(canvas, 'Your Communities').getAllByRole('link').map((l) => l.textContent)).toEqual(['Air-Cooled Porsche Club']);
    await expect(section(canvas, 'Discover Communities').getByText('No other communities to show.')).toBeVisible();
  },
};

/** Nothing matches. */
export const NoMatch: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('region', { name: 'Your Communities' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search communities' }), 'hovercraft');
    await expect(canvas.getByText('No communities match your search.')).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Your Communities' })).not.toBeInTheDocument();
  },
};

/** No communities at all: both section empty texts. */
export const Empty: Story = {
  beforeEach: mockApi(fixtures.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("You haven't joined any communities yet.")).toBeVisible();
    await expect(canvas.getByText('No other communities to show.')).toBeVisible();
  },
};

/** In every community there is: nothing left to discover. */
export const NothingToDiscover: Story = {
  beforeEach: mockApi(joinedEverything),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No other communities to show.')).toBeVisible();
  },
};

/** While loading: card-shaped skeletons. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('communities.list')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading communities' })).toBeVisible();
  },
};

/** Create opens the modal; a new community lands in "Your Communities". */
export const CreateCommunity: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await canvas.findByRole('region', { name: 'Your Communities' });
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const modal = within(await body.findByRole('dialog', { name: 'Create Community' }));
    await userEvent.type(modal.getByRole('textbox', { name: 'Name' }), 'Hot Hatch Heroes');
    await userEvent.type(modal.getByRole('textbox', { name: 'Description' }), 'Golf GTI, 205 GTI, Civic Type R.');
    await userEvent.click(modal.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onCreated).toHaveBeenCalledOnce();
    await expect(await section(canvas, 'Your Communities').findByRole('link', { name: 'Hot Hatch Heroes' })).toBeVisible();
    settleFocus();
  },
};

/** On a phone, searching narrows the list to one card. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('region', { name: 'Your Communities' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search communities' }), 'jdm');
    await expect(section(canvas, 'Your Communities').getByRole('link', { name: 'JDM Legends' })).toBeVisible();
  },
};
