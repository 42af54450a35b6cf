import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FALLBACK_MESSAGES, NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { failRoute, FIXTURE, fixtures, makeUser, mockApi, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { BLOCK_CONFIRM_MESSAGE } from '../ProfileActions/ProfileActions.tsx';
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
    // Nobody blocks or mutes themselves: no menu.
    await expect(canvas.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
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
    // Beside it, the closed "More" menu.
    const more = await canvas.findByRole('button', { name: 'More actions for @olu.v8' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText('Muted')).not.toBeInTheDocument();
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
    await expect(await canvas.findByRole('button', { name: 'More actions for @maximilian.vonhohenberg_restorations' })).toBeVisible();
  },
};

// ---- Block and mute (issue 18) ------------------------------------------------------------------

const mobile = { globals: { viewport: { value: 'mobile', isRotated: false } } } as const;
const BLOCKED = FIXTURE.usernames.blocked;
const MUTED = FIXTURE.usernames.muted;

/** Opens the profile's "More" menu (once the session says whose profile it is) and returns it. */
async function openMenu(canvas: ReturnType<typeof within>, userEvent: { click: (element: Element) => Promise<void> }, username: string) {
  await userEvent.click(await canvas.findByRole('button', { name: `More actions for @${username}` }));
  return within(await body.findByRole('menu'));
}

/** The menu's item names, in order. */
const itemNames = (menu: ReturnType<typeof within>) => menu.getAllByRole('menuitem').map((item: HTMLElement) => item.textContent);

/** Someone else's profile: "More" opens Mute, Block (in red) and Report. */
export const MenuOpen: Story = {
  args: { username: 'olu.v8' },
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await expect(itemNames(menu)).toEqual(['Mute @olu.v8', 'Block @olu.v8', 'Report @olu.v8']);
    await expect(canvas.getByRole('button', { name: 'More actions for @olu.v8' })).toHaveAttribute('aria-expanded', 'true');
  },
};
export const MenuOpenMobile: Story = { ...MenuOpen, ...mobile };

/** A muted profile: the "Muted" badge beside the name, the counts and the follow button as usual. */
export const MutedProfile: Story = {
  args: { username: MUTED },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Gus Moreau' })).toBeVisible();
    await expect(canvas.getByText('Muted')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: `More actions for @${MUTED}` })).toHaveAttribute('aria-expanded', 'false');
    await expect(await canvas.findByRole('button', { name: `Follow ${MUTED}` })).toBeVisible();
    await expect(canvas.getByText('followers')).toBeVisible();
  },
};
export const MutedProfileMobile: Story = { ...MutedProfile, ...mobile };

/** A muted profile's menu offers Unmute. */
export const MenuOpenMuted: Story = {
  args: { username: MUTED },
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, MUTED);
    await expect(itemNames(menu)).toEqual([`Unmute @${MUTED}`, `Block @${MUTED}`, `Report @${MUTED}`]);
  },
};
export const MenuOpenMutedMobile: Story = { ...MenuOpenMuted, ...mobile };

/** A profile you blocked: name and picture, "You blocked @…", Unblock; no follow button, no counts. */
export const BlockedProfile: Story = {
  args: { username: BLOCKED },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Vince Harlow' })).toBeVisible();
    await expect(canvas.getByText(`You blocked @${BLOCKED}.`)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: `More actions for @${BLOCKED}` })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    await expect(canvas.queryByText('followers')).not.toBeInTheDocument();
    await expect(canvas.queryByText('posts')).not.toBeInTheDocument();
  },
};
export const BlockedProfileMobile: Story = { ...BlockedProfile, ...mobile };

/** A blocked profile's menu offers Unblock (and Mute, which is separate). */
export const MenuOpenBlocked: Story = {
  args: { username: BLOCKED },
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, BLOCKED);
    await expect(itemNames(menu)).toEqual([`Mute @${BLOCKED}`, `Unblock @${BLOCKED}`, `Report @${BLOCKED}`]);
  },
};
export const MenuOpenBlockedMobile: Story = { ...MenuOpenBlocked, ...mobile };

/** Someone who blocked you: their profile is not available, as an unknown one is not found. */
export const BlockedYou: Story = {
  args: { username: FIXTURE.usernames.blockedMe },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(NOT_FOUND_MESSAGES.profileUnavailable);
    await expect(canvas.getByRole('heading', { level: 1, name: 'This profile is not available.' })).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};
export const BlockedYouMobile: Story = { ...BlockedYou, ...mobile };

/** Block asks first, with what a block does; the focus starts on Cancel. */
export const BlockConfirmation: Story = {
  args: { username: 'olu.v8' },
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Block @olu.v8' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Block @olu.v8?' });
    await expect(dialog).toHaveAccessibleDescription(BLOCK_CONFIRM_MESSAGE);
    await expect(within(dialog).getByRole('button', { name: 'Block' })).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await expect(body.queryByRole('menu')).not.toBeInTheDocument();
  },
};
export const BlockConfirmationMobile: Story = { ...BlockConfirmation, ...mobile };

/** Cancel blocks nobody, and the focus goes back to "More". */
export const BlockCancelled: Story = {
  args: { username: 'olu.v8' },
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Block @olu.v8' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Block @olu.v8?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'More actions for @olu.v8' })).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Follow olu.v8' })).toBeVisible();
    settleFocus();
  },
};
export const BlockCancelledMobile: Story = { ...BlockCancelled, ...mobile };

/** Block: the header turns into the blocked one at once, the screen reader hears it, focus stays on "More". */
export const BlockChangesHeader: Story = {
  args: { username: 'kenji.r' },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('button', { name: 'Unfollow kenji.r' })).toBeVisible();
    const menu = await openMenu(canvas, userEvent, 'kenji.r');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Block @kenji.r' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Block @kenji.r?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await expect(await canvas.findByText('You blocked @kenji.r.', { selector: 'p:not([role])' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('You blocked @kenji.r.');
    await expect(canvas.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByText('followers')).not.toBeInTheDocument());
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'More actions for @kenji.r' })).toHaveFocus());
    // The menu now offers the undo.
    const after = await openMenu(canvas, userEvent, 'kenji.r');
    await expect(itemNames(after)).toEqual(['Mute @kenji.r', 'Unblock @kenji.r', 'Report @kenji.r']);
    await userEvent.keyboard('{Escape}');
    settleFocus();
  },
};
export const BlockChangesHeaderMobile: Story = { ...BlockChangesHeader, ...mobile };

/** Unblock from the header: the counts and the follow button come back (the ended follow stays ended). */
export const UnblockFromHeader: Story = {
  args: { username: BLOCKED },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Unblock' }));
    await expect(await canvas.findByRole('button', { name: `Follow ${BLOCKED}` })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(`You unblocked @${BLOCKED}.`);
    await expect(canvas.queryByText(`You blocked @${BLOCKED}.`, { selector: 'p:not([role])' })).not.toBeInTheDocument();
    await expect(await canvas.findByText('followers')).toBeVisible();
    // The Unblock button is gone: the focus went to "More" beside it, not to the page.
    await expect(canvas.getByRole('button', { name: `More actions for @${BLOCKED}` })).toHaveFocus();
    settleFocus();
  },
};
export const UnblockFromHeaderMobile: Story = { ...UnblockFromHeader, ...mobile };

/** Mute acts at once: the "Muted" badge appears and the screen reader hears "You muted @…". */
export const MuteShowsBadge: Story = {
  args: { username: 'olu.v8' },
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Mute @olu.v8' }));
    await expect(await canvas.findByText('Muted')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('You muted @olu.v8.');
    await expect(canvas.getByRole('button', { name: 'Follow olu.v8' })).toBeVisible();
    const after = await openMenu(canvas, userEvent, 'olu.v8');
    await expect(itemNames(after)).toEqual(['Unmute @olu.v8', 'Block @olu.v8', 'Report @olu.v8']);
    await userEvent.keyboard('{Escape}');
    settleFocus();
  },
};
export const MuteShowsBadgeMobile: Story = { ...MuteShowsBadge, ...mobile };

/** Unmute: the badge goes. */
export const UnmuteRemovesBadge: Story = {
  args: { username: MUTED },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Muted')).toBeVisible();
    const menu = await openMenu(canvas, userEvent, MUTED);
    await userEvent.click(menu.getByRole('menuitem', { name: `Unmute @${MUTED}` }));
    await waitFor(() => expect(canvas.queryByText('Muted')).not.toBeInTheDocument());
    await expect(canvas.getByRole('status')).toHaveTextContent(`You unmuted @${MUTED}.`);
    settleFocus();
  },
};
export const UnmuteRemovesBadgeMobile: Story = { ...UnmuteRemovesBadge, ...mobile };

/** A failed mute: the fallback text under the counts; no badge. */
export const MuteFailure: Story = {
  args: { username: 'olu.v8' },
  beforeEach: mockApi(fixtures.standard, failRoute('safety.mute', 500, '')),
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Mute @olu.v8' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.muteFailed);
    await expect(canvas.queryByText('Muted')).not.toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('');
    settleFocus();
  },
};
export const MuteFailureMobile: Story = { ...MuteFailure, ...mobile };

/** A failed block shows the server's message; the dialog closes and the profile stays as it was. */
export const BlockFailure: Story = {
  args: { username: 'olu.v8' },
  beforeEach: mockApi(fixtures.standard, failRoute('safety.block', 500, 'Blocking is paused for maintenance.')),
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Block @olu.v8' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Block @olu.v8?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Blocking is paused for maintenance.');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Follow olu.v8' })).toBeVisible();
    settleFocus();
  },
};
export const BlockFailureMobile: Story = { ...BlockFailure, ...mobile };

/** A failed unblock: the fallback text; the profile stays blocked. */
export const UnblockFailure: Story = {
  args: { username: BLOCKED },
  beforeEach: mockApi(fixtures.standard, failRoute('safety.unblock', 500, '')),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Unblock' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.unblockFailed);
    await expect(canvas.getByText(`You blocked @${BLOCKED}.`)).toBeVisible();
    settleFocus();
  },
};
export const UnblockFailureMobile: Story = { ...UnblockFailure, ...mobile };

// ---- A site operator (issue 18) -----------------------------------------------------------------

const SUSPENDED = FIXTURE.moderation.suspendedUsername;

/** An operator's "More" menu: Suspend account after the others. Not a suspended account: no badge. */
export const OperatorMenu: Story = {
  args: { username: 'olu.v8' },
  beforeEach: mockApi(fixtures.operator),
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await expect(itemNames(menu)).toEqual(['Mute @olu.v8', 'Block @olu.v8', 'Report @olu.v8', 'Suspend account']);
    await expect(canvas.queryByText('Suspended')).not.toBeInTheDocument();
  },
};
export const OperatorMenuMobile: Story = { ...OperatorMenu, ...mobile };

/** On one's own profile an operator has no menu: nobody suspends themselves. */
export const OperatorOwnProfile: Story = {
  beforeEach: mockApi(fixtures.operator),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Edit profile' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  },
};

/**
 * Suspend: the reason, then "Suspend"; the profile, read again, carries the "Suspended" badge,
 * the screen reader hears "Account suspended.", and the menu now offers Lift suspension.
 */
export const SuspendShowsBadge: Story = {
  args: { username: 'olu.v8' },
  beforeEach: mockApi(fixtures.operator),
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Suspend account' }));
    const dialog = within(await body.findByRole('alertdialog', { name: 'Suspend @olu.v8?' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Harassment of EV owners after two warnings.');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await expect(await canvas.findByText('Suspended')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.accountSuspended);
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'More actions for @olu.v8' })).toHaveFocus());
    const after = await openMenu(canvas, userEvent, 'olu.v8');
    await expect(itemNames(after)).toEqual(['Mute @olu.v8', 'Block @olu.v8', 'Report @olu.v8', 'Lift suspension']);
    await userEvent.keyboard('{Escape}');
    settleFocus();
  },
};
export const SuspendShowsBadgeMobile: Story = { ...SuspendShowsBadge, ...mobile };

/** A refused suspension: the server's message in the dialog, which stays open with the reason. */
export const SuspendRefused: Story = {
  args: { username: 'olu.v8' },
  beforeEach: mockApi(fixtures.operator, failRoute('moderation.suspend', 400, REFUSAL_MESSAGES.cannotSuspendOperator)),
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, 'olu.v8');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Suspend account' }));
    const dialog = within(await body.findByRole('alertdialog', { name: 'Suspend @olu.v8?' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Spam.');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.cannotSuspendOperator);
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue('Spam.');
    await expect(canvas.queryByText('Suspended')).not.toBeInTheDocument();
  },
};

/** A suspended account, as only an operator sees it: the "Suspended" badge beside the name. */
export const SuspendedProfile: Story = {
  args: { username: SUSPENDED },
  beforeEach: mockApi(fixtures.operator),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Rex Parts Outlet' })).toBeVisible();
    await expect(canvas.getByText('Suspended')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: `More actions for @${SUSPENDED}` })).toBeVisible();
  },
};
export const SuspendedProfileMobile: Story = { ...SuspendedProfile, ...mobile };

/** Lift suspension acts at once: the badge goes and the screen reader hears "Suspension lifted.". */
export const LiftSuspension: Story = {
  args: { username: SUSPENDED },
  beforeEach: mockApi(fixtures.operator),
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Suspended')).toBeVisible();
    const menu = await openMenu(canvas, userEvent, SUSPENDED);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Lift suspension' }));
    await waitFor(() => expect(canvas.queryByText('Suspended')).not.toBeInTheDocument());
    await expect(canvas.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.suspensionLifted);
    settleFocus();
  },
};

/** A failed lift: the fallback under the counts; still suspended. */
export const LiftSuspensionFailure: Story = {
  args: { username: SUSPENDED },
  beforeEach: mockApi(fixtures.operator, failRoute('moderation.unsuspend', 500, '')),
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent, SUSPENDED);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Lift suspension' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.moderationActionFailed);
    await expect(canvas.getByText('Suspended')).toBeVisible();
    settleFocus();
  },
};

/** Not an operator: no suspension items, and a suspended account's profile is not available. */
export const SuspendedForOthers: Story = {
  args: { username: SUSPENDED },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(NOT_FOUND_MESSAGES.profileUnavailable);
  },
};
