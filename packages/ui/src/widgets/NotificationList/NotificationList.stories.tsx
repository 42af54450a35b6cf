import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, FIXTURE_MEETS, FIXTURE_NOW, fixtures, makeNotification, mockApi, neverRespond, withMeets, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { NotificationList } from './NotificationList.tsx';

const U = FIXTURE.users;
const minutesAgo = (minutes: number) => new Date(FIXTURE_NOW.getTime() - minutes * 60_000).toISOString();

/** The standard notifications plus a read one from earlier today, so all four groups show. */
function allGroups(): MockSeed {
  const seed = fixtures.standard();
  seed.notifications.push(makeNotification({ id: 'n-today-read', type: 'comment', recipientId: U.maya, senderId: U.jonas, postId: 'p-maya-turini', read: true, createdAt: minutesAgo(120) }));
  return seed;
}

/**
 * Issue 18: a site operator removed Maya's profile post (no community), whose title is long, and
 * a community's moderator removed one of her comments (`fixtures.withRemovedNotification`).
 */
function removals(): MockSeed {
  const seed = fixtures.withRemovedNotification();
  seed.notifications.push(
    makeNotification({
      id: 'n-removed-post',
      type: 'removed',
      recipientId: U.maya,
      senderId: U.priya,
      removal: {
        kind: 'post',
        excerpt: 'For sale: complete set of genuine Fuchs wheels, 7 and 8 by 15, refurbished in 2025, with centre caps and the original locking nuts',
        community: null,
        reason: 'Selling is not allowed on Pitlane.',
      },
      read: true,
      createdAt: minutesAgo(3 * 24 * 60),
    }),
  );
  return seed;
}

/** A notification about a post with a very long title, from someone with a long name. */
function longTexts(): MockSeed {
  const seed = fixtures.standard();
  seed.users.find((u) => u.id === U.jonas)!.fullName = 'Jonas Bergström-Lindqvist von Hohenberg';
  seed.notifications = [
    makeNotification({ id: 'n-long', type: 'like', recipientId: U.maya, senderId: U.jonas, postId: FIXTURE.posts.longText, createdAt: minutesAgo(20) }),
    makeNotification({ id: 'n-long-comment', type: 'comment', recipientId: U.maya, senderId: U.jonas, postId: FIXTURE.posts.longText, read: true, createdAt: minutesAgo(3 * 24 * 60) }),
  ];
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
  title: 'Widgets/NotificationList',
  component: NotificationList,
  parameters: { session: true },
  args: { now: FIXTURE_NOW },
  beforeEach: mockApi(allGroups),
  afterEach: picturesLoaded,
  decorators: [(Story) => <div className="max-w-2xl">{<Story />}</div>],
} satisfies Meta<typeof NotificationList>;
export default meta;
type Story = StoryObj<typeof meta>;

const group = (canvas: ReturnType<typeof within>, name: string) => within(canvas.getByRole('region', { name }));

/**
 * All four groups: New (unread), Today, This Week (today and the 6 days before) and Older, each
 * item with its type icon, the sender, the spec's text and its link.
 */
export const Grouped: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'New' });
    const headings = canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    await expect(headings).toEqual(['New', 'Today', 'This Week', 'Older']);

    const fresh = group(canvas, 'New');
    await expect(fresh.getAllByRole('listitem')).toHaveLength(3);
    const like = fresh.getByRole('link', { name: /Kenji Watanabe liked your post: 911 SC back from the paint shop/ });
    await expect(like).toHaveAttribute('href', `/post/${FIXTURE.posts.own}`);
    await expect(within(like).getByRole('img', { name: 'Like' })).toBeVisible();
    const comment = fresh.getByRole('link', { name: /Lena Novak commented on your post: 911 SC back from the paint shop/ });
    await expect(comment).toHaveAttribute('href', `/post/${FIXTURE.posts.own}`);
    const follow = fresh.getByRole('link', { name: /Samir Haddad started following you\./ });
    await expect(follow).toHaveAttribute('href', '/profile/sam.detailing');
    await expect(within(follow).getByRole('img', { name: 'Follow' })).toBeVisible();

    await expect(group(canvas, 'Today').getByRole('link', { name: /Jonas Berg commented on your post: Sunrise run/ })).toBeVisible();
    await expect(group(canvas, 'This Week').getAllByRole('listitem')).toHaveLength(2);
    await expect(group(canvas, 'Older').getByRole('link', { name: /Jonas Berg liked your post/ })).toBeVisible();
  },
};

/** "Clear All" asks first; confirming deletes everything and shows the empty text. */
export const ClearAll: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Clear All' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete All Notifications' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to permanently delete all of your notifications?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByText('You have no notifications yet.')).toBeVisible();
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
    settleFocus();
  },
};

/** The confirmation, open (for the screenshot). */
export const ClearAllConfirmation: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Clear All' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete All Notifications' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

/** A failed Clear All closes the dialog and shows the spec §8 alert; the list stays. */
export const ClearAllFailure: Story = {
  beforeEach: mockApi(allGroups, failRoute('notifications.clearAll', 500, '')),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Clear All' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete All Notifications' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not delete notifications. Please try again.');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('heading', { name: 'New' })).toBeVisible();
    settleFocus();
  },
};

/** Nothing yet: the empty text, and no "Clear All". */
export const Empty: Story = {
  beforeEach: mockApi(fixtures.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You have no notifications yet.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
  },
};

/** While loading: three skeleton rows. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('notifications.list')),
  play: async ({ canvas }) => {
    const skeleton = await canvas.findByRole('status', { name: 'Loading notifications' });
    await expect(skeleton.querySelectorAll('[data-slot="notification-skeleton-item"]')).toHaveLength(3);
  },
};

/** Long names and post titles wrap inside the row. */
export const LongTexts: Story = {
  beforeEach: mockApi(longTexts),
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: /liked your post: E30 M3 tribute build/ });
    await expect(link.scrollWidth).toBeLessThanOrEqual(link.clientWidth);
  },
};

/**
 * A moderator removed something of Maya's (issue 18): a shield instead of the moderator's
 * picture (the moderator is not named), and the sentence with the excerpt, where and why. The
 * content is gone, so the row is no link; the community's name is. Without a community (a site
 * operator removed a profile post) there is no "from"; a long excerpt is shortened.
 */
export const Removed: Story = {
  beforeEach: mockApi(removals),
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'New' });
    const comment = group(canvas, 'New').getByText(/^A moderator removed your comment/).closest('li')!;
    await expect(comment).toHaveTextContent(
      'A moderator removed your comment “Anyone want my spare set of Fuchs? Cheap, DM me.” from JDM Legends: No selling in the group, please use the classifieds.',
    );
    await expect(within(comment).getByRole('img', { name: 'Removed by a moderator' })).toBeVisible();
    await expect(within(comment).getAllByRole('link')).toHaveLength(1);
    await expect(within(comment).getByRole('link', { name: 'JDM Legends' })).toHaveAttribute('href', `/community/${FIXTURE.communities.jdm}`);
    await expect(comment).not.toHaveTextContent('Kenji Watanabe');
    await expect(within(comment).getByText('Unread')).toBeInTheDocument();

    const post = group(canvas, 'This Week').getByText(/^A moderator removed your post/).closest('li')!;
    await expect(post).toHaveTextContent(
      'A moderator removed your post “For sale: complete set of genuine Fuchs wheels, 7 and 8 by 15, refurbished in…”: Selling is not allowed on Pitlane.',
    );
    await expect(within(post).queryByRole('link')).not.toBeInTheDocument();
  },
};

/** Kenji mentioned Maya in a post (issue 21), unread; Tomas in a comment, read earlier today. */
function mentions(): MockSeed {
  const seed = fixtures.standard();
  seed.notifications = [
    makeNotification({ id: 'n-mention', type: 'mention', recipientId: U.maya, senderId: U.kenji, postId: FIXTURE.posts.others, createdAt: minutesAgo(5) }),
    makeNotification({ id: 'n-mention-read', type: 'mention', recipientId: U.maya, senderId: U.tomas, postId: FIXTURE.posts.longText, commentId: 'cm-long', read: true, createdAt: minutesAgo(120) }),
  ];
  return seed;
}

/**
 * Someone mentioned the person in a post or a comment (issue 21): an @ on the sender's picture,
 * worded like a like or a comment ("in a comment on:" the post, for a comment), linking to the post.
 */
export const Mention: Story = {
  beforeEach: mockApi(mentions),
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'New' });
    const link = group(canvas, 'New').getByRole('link', { name: /Kenji Watanabe mentioned you in a post: / });
    await expect(link).toHaveAttribute('href', `/post/${FIXTURE.posts.others}`);
    await expect(within(link).getByRole('img', { name: 'Mention' })).toBeVisible();
    await expect(within(link).getByText('Unread')).toBeInTheDocument();
    const read = group(canvas, 'Today').getByRole('link', { name: /mentioned you in a comment on: E30 M3 tribute build/ });
    await expect(read).toHaveAttribute('href', `/post/${FIXTURE.posts.longText}`);
  },
};

export const MentionMobile: Story = { ...Mention, globals: { viewport: { value: 'mobile', isRotated: false } } };

/** At 375 px. */
export const RemovedMobile: Story = { ...Removed, globals: { viewport: { value: 'mobile', isRotated: false } } };

/** On a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Clear All' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Older' })).toBeVisible();
  },
};

/** Meets (issue 21): a reminder of Kenji's meet and Lena's cancellation, unread; her change to that meet, read. */
const meetNotifications = (): MockSeed => withMeets({ ...fixtures.standard(), notifications: [] }, { notifications: true });

/**
 * The three meet notifications, each with its own calendar icon and linking to the meet: the
 * reminder is one sentence ("Tomorrow: …"), the change and the cancellation name who did it.
 */
export const Meets: Story = {
  beforeEach: mockApi(meetNotifications),
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'New' });
    const reminder = group(canvas, 'New').getByRole('link', { name: /^Meet reminder Tomorrow: Daikoku PA night meet/ });
    await expect(reminder).toHaveAttribute('href', `/meet/${FIXTURE_MEETS.others}`);
    const cancelled = group(canvas, 'New').getByRole('link', { name: /Lena Novak cancelled the meet: Convoy to the Nürburgring/ });
    await expect(cancelled).toHaveAttribute('href', `/meet/${FIXTURE_MEETS.cancelled}`);
    await expect(within(cancelled).getByRole('img', { name: 'Meet cancelled' })).toBeVisible();
    const changed = group(canvas, 'Today').getByRole('link', { name: /Lena Novak changed the meet: Convoy to the Nürburgring/ });
    await expect(within(changed).getByRole('img', { name: 'Meet changed' })).toBeVisible();
  },
};

export const MeetsMobile: Story = { ...Meets, globals: { viewport: { value: 'mobile', isRotated: false } } };
