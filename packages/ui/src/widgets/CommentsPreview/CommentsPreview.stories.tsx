import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, neverRespond, slowRoute } from '@pitlane/api/mocks';
import { feedColumn, pinClock, pinnedDates, standardBackend, storyBackend, WithPost } from '../PostCard/post-stories.tsx';
import { CommentsPreview } from './CommentsPreview.tsx';

/** The preview under a post loaded through the hooks, as the post card has it. */
function CommentsPreviewForPost({ postId }: { postId: string }) {
  return <WithPost postId={postId}>{(post) => <CommentsPreview post={post} className="rounded-lg bg-surface p-4 shadow-card" />}</WithPost>;
}

const meta = {
  title: 'Widgets/CommentsPreview',
  component: CommentsPreviewForPost,
  args: { postId: FIXTURE.posts.own },
  parameters: { session: true },
  decorators: [feedColumn, pinnedDates],
  beforeEach: ({ msw }) => {
    standardBackend(msw);
  },
} satisfies Meta<typeof CommentsPreviewForPost>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const comments = async (canvas: ReturnType<typeof within>) => {
  const region = await canvas.findByRole('group', { name: /^Comments on / });
  return within(region).findAllByRole('listitem');
};

/**
 * Maya's own post with 12 comments: the 2 newest, each deletable (she wrote the post), and
 * "View all 12 comments".
 */
export const OwnPost: Story = {
  play: async ({ canvas }) => {
    const items = await comments(canvas);
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('The sound must be something else with that exhaust.');
    await expect(items[1]).toHaveTextContent('Need a rolling shot next time!');
    await expect(within(items[0]!).getByRole('link', { name: 'Samir Haddad' })).toHaveAttribute('href', '/profile/sam.detailing');
    await expect(within(items[0]!).getByText('Nov 22, 2026, 8:30 AM')).toBeInTheDocument();
    await expect(await within(items[0]!).findByRole('button', { name: 'Delete comment by Samir Haddad' })).toBeInTheDocument();
    await expect(within(items[1]!).getByRole('button', { name: 'Delete comment by Ruby Clarke' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'View all 12 comments' })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Add a comment' })).toHaveAttribute('placeholder', 'Add a comment...');
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled();
  },
};

/** At 375 px. */
export const OwnPostMobile: Story = {
  ...OwnPost,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/**
 * Someone else's post (Jonas's E30) with the 300-character comment: only Maya's own comment has
 * a delete icon, and only Tomás's a flag to report it (issue 18); long text wraps. Two comments
 * in all, so no "View all".
 */
export const OthersPostLongComment: Story = {
  args: { postId: FIXTURE.posts.longText },
  play: async ({ canvas }) => {
    const items = await comments(canvas);
    await expect(items).toHaveLength(2);
    await expect(await within(items[0]!).findByRole('button', { name: 'Delete comment by Maya Fischer' })).toBeInTheDocument();
    await expect(within(items[0]!).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    await expect(within(items[1]!).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Report comment by Tomás Ortega']);
    await expect(items[1]).toHaveTextContent(/^Tomás Ortega.*This is exactly the kind of build thread I love/);
    await expect(items[1]!.getBoundingClientRect().right).toBeLessThanOrEqual(canvas.getByRole('group', { name: /^Comments on / }).getBoundingClientRect().right);
    await expect(canvas.queryByRole('button', { name: /View all/ })).not.toBeInTheDocument();
  },
};

/** The creator of Air-Cooled Porsche Club on Lena's post there: may delete every comment (spec §6). */
export const CommunityCreatorView: Story = {
  args: { postId: FIXTURE.posts.inOwnCommunity },
  play: async ({ canvas }) => {
    const items = await comments(canvas);
    await expect(await within(items[0]!).findByRole('button', { name: 'Delete comment by Maya Fischer' })).toBeInTheDocument();
    // The creator's rights arrive with the session's communities, a moment after the comments.
    await expect(await within(items[1]!).findByRole('button', { name: 'Delete comment by Jonas Berg' })).toBeInTheDocument();
  },
};

/** No comments yet: just the form. */
export const Empty: Story = {
  args: { postId: FIXTURE.posts.others },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('group', { name: /^Comments on / })).not.toHaveAttribute('aria-busy'));
    await expect(canvas.queryByRole('listitem')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /View all/ })).not.toBeInTheDocument();
  },
};

/** While comments load: two comment-shaped skeleton rows above the form. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('comments.list'));
  },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Loading comments' });
    await expect(list.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);
    await expect(canvas.getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
  },
};

/** Comments could not load: say so and offer to try again. */
export const LoadFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('comments.list', 500, 'Server down'));
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load comments.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/**
 * Posting: "Posting..." while it sends, then the comment is first in the preview and the field is
 * empty, with the focus in it (the emptied form disables Post, which would otherwise drop it).
 */
export const PostComment: Story = {
  beforeEach: ({ msw }) => {
    msw.use(slowRoute(storyBackend, 'comments.create', 400));
    return pinClock();
  },
  play: async ({ canvas, userEvent }) => {
    await comments(canvas);
    const field = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(field, '  Guards Red forever.  ');
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }));
    await expect(await canvas.findByRole('button', { name: 'Posting...' })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(field).toHaveValue(''));
    await expect(field).toHaveFocus();
    const items = await comments(canvas);
    await waitFor(() => expect(items[0]).toHaveTextContent('Maya Fischer'));
    await expect((await comments(canvas))[0]).toHaveTextContent('Guards Red forever.');
    await expect(canvas.getByRole('button', { name: 'View all 13 comments' })).toBeInTheDocument();
    await expect(storyBackend.state.comments.at(-1)?.text).toBe('Guards Red forever.');
  },
};

/** A blank or whitespace-only comment is never sent: Post stays disabled and Enter does nothing. */
export const BlankNotSent: Story = {
  play: async ({ canvas, userEvent }) => {
    await comments(canvas);
    const before = storyBackend.state.comments.length;
    await userEvent.type(canvas.getByRole('textbox', { name: 'Add a comment' }), '     {Enter}');
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled();
    await expect(storyBackend.state.comments.length).toBe(before);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Posting fails: "Could not post comment." (spec §8), and the text stays for another try. */
export const PostCommentFails: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('comments.create', 500, 'Server down'));
  },
  play: async ({ canvas, userEvent }) => {
    await comments(canvas);
    const field = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(field, 'Guards Red forever.{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not post comment.');
    await expect(field).toHaveValue('Guards Red forever.');
    await expect(field).toHaveAccessibleDescription('Could not post comment.');
  },
};

/** Deleting asks "Delete Comment" first; confirmed, the comment goes and the next one moves up. */
export const DeleteComment: Story = {
  beforeEach: ({ msw }) => {
    msw.use(slowRoute(storyBackend, 'comments.delete', 300));
  },
  play: async ({ canvas, userEvent }) => {
    const items = await comments(canvas);
    await userEvent.click(await within(items[0]!).findByRole('button', { name: 'Delete comment by Samir Haddad' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete Comment' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to permanently delete this comment?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    const after = await comments(canvas);
    await expect(after[0]).toHaveTextContent('Need a rolling shot next time!');
    await expect(after[1]).toHaveTextContent('What tyres are you running?');
    await expect(canvas.getByRole('button', { name: 'View all 11 comments' })).toBeInTheDocument();
    // Its delete button went with it: the focus goes on to the comment field, not to <body>.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Add a comment' })).toHaveFocus());
  },
};

/** Deleting fails: the dialog closes and "Could not delete comment." shows under the comment (spec §8). */
export const DeleteCommentFails: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('comments.delete', 500, 'Server down'));
  },
  play: async ({ canvas, userEvent }) => {
    const items = await comments(canvas);
    await userEvent.click(await within(items[0]!).findByRole('button', { name: 'Delete comment by Samir Haddad' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete Comment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(await within(items[0]!).findByRole('alert')).toHaveTextContent('Could not delete comment.');
    await expect(items[0]).toHaveTextContent('The sound must be something else with that exhaust.');
  },
};

/** "View all 12 comments" opens the comments modal. */
export const ViewAll: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'View all 12 comments' }));
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(10));
  },
};
