import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, fixtures, makeCommunity, mockApi, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { CommunityHeader } from './CommunityHeader.tsx';

const C = FIXTURE.communities;
const LONG_NAME = 'Classic Scandinavian Estate Cars Owners, Restorers and Enthusiasts Association of Northern Europe';
const LONG_DESCRIPTION =
  'Volvo 240, 740 and 940 estates, Saab 900 and 9-5 wagons, and every long-roof brick in between. We share parts sources, rust repair write-ups, towing setups and road trip photos from the fjords to the Baltic coast. Members meet twice a year; bring a flask of coffee!';

function longTexts(): MockSeed {
  const seed = fixtures.standard();
  seed.communities.push(makeCommunity({ id: 'c-long', name: LONG_NAME, description: LONG_DESCRIPTION, creatorId: FIXTURE.users.olu, members: [FIXTURE.users.olu, FIXTURE.users.priya] }));
  return seed;
}

const body = within(document.body);
const confirmation = (name: string) => body.findByRole('alertdialog', { name });

/**
 * A button that turns busy is disabled, so where focus lands once the call settles (the button,
 * the dialog, the page) differs from run to run; such stories drop focus before the screenshot.
 */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/CommunityHeader',
  component: CommunityHeader,
  parameters: { session: true },
  args: { communityId: C.airCooled, onDeleted: fn() },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  decorators: [(Story) => <div className="max-w-3xl">{<Story />}</div>],
} satisfies Meta<typeof CommunityHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The creator's view: Edit and Delete; no Join or Leave. */
export const CreatorView: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Air-Cooled Porsche Club' })).toBeVisible();
    // Who is viewing comes with the session, which may answer after the community.
    await expect(await canvas.findByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(canvas.getByText(/Everything before 1998/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'maya.drives' })).toHaveAttribute('href', '/profile/maya.drives');
    await expect(canvas.getByRole('link', { name: 'maya.drives' }).parentElement).toHaveTextContent('Created by : maya.drives');
    await expect(canvas.getByText('4 members')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Join|Leave/ })).not.toBeInTheDocument();
  },
};

/** A member's view: Leave. */
export const MemberView: Story = {
  args: { communityId: C.jdm },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Leave JDM Legends' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'kenji.r' })).toHaveAttribute('href', '/profile/kenji.r');
    await expect(canvas.queryByRole('button', { name: /Edit|Delete|Join/ })).not.toBeInTheDocument();
  },
};

/** A non-member's view: Join. */
export const VisitorView: Story = {
  args: { communityId: C.trackDay },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Join Track Day Crew' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Edit|Delete|Leave/ })).not.toBeInTheDocument();
  },
};

/** Join asks “Join “[community name]”?”; confirming makes Maya a member (Leave, 4 members). */
export const Join: Story = {
  args: { communityId: C.trackDay },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Join Track Day Crew' }));
    const dialog = await confirmation('Join “Track Day Crew”?');
    await expect(dialog).toHaveAccessibleDescription('You will become a member of this community.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByRole('button', { name: 'Leave Track Day Crew' })).toBeVisible();
    await expect(canvas.getByText('4 members')).toBeVisible();
    settleFocus();
  },
};

/** The Join confirmation, open. */
export const JoinConfirmation: Story = {
  args: { communityId: C.trackDay },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Join Track Day Crew' }));
    await expect(await confirmation('Join “Track Day Crew”?')).toBeVisible();
  },
};

/** Leave warns about the posts; “Yes, Leave” leaves (Join, 2 members). */
export const Leave: Story = {
  args: { communityId: C.jdm },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Leave JDM Legends' }));
    const dialog = await confirmation('Leave Community');
    await expect(dialog).toHaveAccessibleDescription('Leaving will also permanently delete all of your posts in this community. Are you sure?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Leave' }));
    await expect(await canvas.findByRole('button', { name: 'Join JDM Legends' })).toBeVisible();
    await expect(canvas.getByText('2 members')).toBeVisible();
    settleFocus();
  },
};

/** The Leave confirmation, open. */
export const LeaveConfirmation: Story = {
  args: { communityId: C.jdm },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Leave JDM Legends' }));
    await expect(within(await confirmation('Leave Community')).getByRole('button', { name: 'Yes, Leave' })).toBeVisible();
  },
};

/** A failed join is logged only: the dialog closes and nothing else changes. */
export const JoinFailure: Story = {
  args: { communityId: C.trackDay },
  beforeEach: mockApi(fixtures.standard, failRoute('communities.join', 500, 'Server down')),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Join Track Day Crew' }));
    await userEvent.click(within(await confirmation('Join “Track Day Crew”?')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Join Track Day Crew' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    settleFocus();
  },
};

/** Delete asks “Delete “[community name]””; “Delete Permanently” deletes and calls onDeleted. */
export const Delete: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete' }));
    const dialog = await confirmation('Delete “Air-Cooled Porsche Club”');
    await expect(dialog).toHaveAccessibleDescription('This action is permanent. All posts and data will be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalledOnce());
    settleFocus();
  },
};

/** The Delete confirmation, open. */
export const DeleteConfirmation: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete' }));
    await expect(within(await confirmation('Delete “Air-Cooled Porsche Club”')).getByRole('button', { name: 'Delete Permanently' })).toBeVisible();
  },
};

/** A failed delete closes the dialog and shows “Failed to delete community.” on the page. */
export const DeleteFailure: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('communities.delete', 500, '')),
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await confirmation('Delete “Air-Cooled Porsche Club”')).getByRole('button', { name: 'Delete Permanently' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to delete community.');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onDeleted).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** Edit opens the Edit Community modal. */
export const OpensEdit: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }));
    const dialog = await body.findByRole('dialog', { name: 'Edit Community' });
    await expect(await within(dialog).findByRole('heading', { name: 'Members (4)' })).toBeVisible();
  },
};

/** Long name and description wrap; the action stays reachable. */
export const LongTexts: Story = {
  args: { communityId: 'c-long' },
  beforeEach: mockApi(longTexts),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: LONG_NAME })).toBeVisible();
    await expect(canvas.getByRole('button', { name: `Join ${LONG_NAME}` })).toBeVisible();
  },
};

function describedCover(): MockSeed {
  const seed = fixtures.standard();
  const club = seed.communities.find((c) => c.id === C.airCooled)!;
  club.coverImageAlt = 'A silver 964 and a red 993 nose to nose in a wet car park at dawn.';
  return seed;
}

/** A described cover (issue 18): the description is the image's alt, and the ALT badge shows it. */
export const DescribedCover: Story = {
  beforeEach: mockApi(describedCover),
  play: async ({ canvas, userEvent }) => {
    const description = 'A silver 964 and a red 993 nose to nose in a wet car park at dawn.';
    await expect(await canvas.findByRole('img', { name: description })).toBeVisible();
    const badge = canvas.getByRole('button', { name: 'ALT: photo description' });
    await userEvent.click(badge);
    await expect(badge).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText(description, { selector: 'p' })).toBeVisible();
  },
};

/** While loading. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('communities.get')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading community' })).toBeVisible();
  },
};

/** An unknown id: “Community not found.” */
export const NotFound: Story = {
  args: { communityId: 'c-no-such-thing' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Community not found.');
  },
};

/** On a phone, the creator's view. */
export const MobileCreator: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Delete' })).toBeVisible();
  },
};

/** On a phone, a visitor with long texts. */
export const MobileVisitor: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { communityId: 'c-long' },
  beforeEach: mockApi(longTexts),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: `Join ${LONG_NAME}` })).toBeVisible();
  },
};
