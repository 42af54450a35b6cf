import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, fixtures, makeUser, mockApi, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { ProfileHeader } from './ProfileHeader.tsx';

function longName(): MockSeed {
  const seed = fixtures.standard();
  seed.users.push(makeUser({ id: 'u-long', username: 'maximilian.vonhohenberg_restorations', fullName: 'Maximilian Alexander von Hohenberg-Lindqvist der Dritte' }));
  return seed;
}

const body = within(document.body);

/**
 * A button that turns busy is disabled, so where focus lands once the call settles (the button,
 * the dialog, the page) differs from run to run; such stories drop focus before the screenshot.
 */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/ProfileHeader',
  component: ProfileHeader,
  parameters: { session: true },
  args: { username: 'maya.drives' },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  decorators: [(Story) => <div className="max-w-2xl">{<Story />}</div>],
} satisfies Meta<typeof ProfileHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One's own profile: the edit icon, and the follower and following counts are buttons. */
export const OwnProfile: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Maya Fischer' })).toBeVisible();
    await expect(canvas.getByText('@maya.drives')).toBeVisible();
    // Whose profile this is comes with the session, which may answer after the profile.
    await expect(await canvas.findByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
    await expect(canvas.getByText('3', { selector: 'span' })).toHaveClass('tabular-nums');
    await expect(canvas.getByRole('button', { name: '4 followers' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: '4 following' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  },
};

/** Someone who follows you: "Follow Back"; the counts are plain text. */
export const OthersProfileFollowsYou: Story = {
  args: { username: 'sam.detailing' },
  play: async ({ canvas, userEvent }) => {
    const follow = await canvas.findByRole('button', { name: 'Follow Back sam.detailing' });
    await expect(canvas.queryByRole('button', { name: /followers/ })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    await expect(canvas.getByText('followers').parentElement).toHaveTextContent('1 followers');
    await userEvent.click(follow);
    await expect(await canvas.findByRole('button', { name: 'Unfollow sam.detailing' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByText('followers').parentElement).toHaveTextContent('2 followers'));
    settleFocus();
  },
};

/** Someone you follow: "Unfollow". */
export const OthersProfileFollowing: Story = {
  args: { username: 'kenji.r' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Unfollow kenji.r' })).toBeInTheDocument();
  },
};

/** Someone with no connection either way: "Follow". */
export const OthersProfileStranger: Story = {
  args: { username: 'olu.v8' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Follow olu.v8' })).toBeInTheDocument();
  },
};

/** The followers count opens the Followers list. */
export const OpensFollowers: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: '4 followers' }));
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await expect(await within(dialog).findByText('Samir Haddad')).toBeVisible();
  },
};

/** The following count opens the Following list. */
export const OpensFollowing: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: '4 following' }));
    const dialog = await body.findByRole('dialog', { name: 'Following' });
    await expect(await within(dialog).findByRole('button', { name: 'Unfollow tomas.trackday' })).toBeVisible();
  },
};

/** A failed follow shows the alert under the button (spec §8, fallback text). */
export const FollowFailure: Story = {
  args: { username: 'olu.v8' },
  beforeEach: mockApi(fixtures.standard, failRoute('users.follow', 500, '')),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Follow olu.v8' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    settleFocus();
  },
};

/** While the profile loads: a skeleton in the header's shape. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('users.profile')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading profile' })).toBeVisible();
  },
};

/** An unknown username: "User not found." */
export const NotFound: Story = {
  args: { username: 'no.such.driver' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('User not found.');
  },
};

/** A very long name wraps; the handle is cut; the follow button keeps its place. */
export const LongName: Story = {
  args: { username: 'maximilian.vonhohenberg_restorations' },
  beforeEach: mockApi(longName),
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', { level: 1 });
    const button = canvas.getByRole('button', { name: /^Follow maximilian/ });
    await expect(button.getBoundingClientRect().left).toBeGreaterThan(heading.getBoundingClientRect().right - 1);
  },
};

/** On a phone, one's own profile. */
export const MobileOwn: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Edit profile' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '4 following' })).toBeVisible();
  },
};

/** On a phone, someone else's profile with a long name. */
export const MobileOthers: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { username: 'maximilian.vonhohenberg_restorations' },
  beforeEach: mockApi(longName),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /^Follow maximilian/ })).toBeVisible();
  },
};
