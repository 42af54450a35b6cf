import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { http } from 'msw';
import { failRoute, FIXTURE, neverRespond } from '@pitlane/api/mocks';
import { Button } from '../../primitives/Button/Button.tsx';
import { pinClock, pinnedDates, standardBackend, storyBackend, WithPost } from '../PostCard/post-stories.tsx';
import { CommentsModal } from './CommentsModal.tsx';

/** The modal over a post loaded through the hooks, open from the start, with a button to reopen it. */
function CommentsModalForPost({ postId }: { postId: string }) {
  const [open, setOpen] = React.useState(true);
  return (
    <WithPost postId={postId}>
      {(post) => (
        <>
          <Button variant="link" onClick={() => setOpen(true)}>
            Open comments
          </Button>
          <CommentsModal post={post} open={open} onOpenChange={setOpen} />
        </>
      )}
    </WithPost>
  );
}

const meta = {
  title: 'Widgets/CommentsModal',
  component: CommentsModalForPost,
  args: { postId: FIXTURE.posts.own },
  parameters: { session: true },
  decorators: [pinnedDates],
  beforeEach: ({ msw }) => {
    standardBackend(msw);
  },
} satisfies Meta<typeof CommentsModalForPost>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const mobile = { viewport: { value: 'mobile', isRotated: false } };
const list = () => document.querySelector<HTMLElement>('[data-slot="comments-list"]')!;
const scrollToEnd = () => {
  const element = list();
  element.scrollTop = element.scrollHeight;
};
/** Page 2 of the comments never answers (page 1 does): the "loading more" state, held. */
const holdPageTwo = http.get('*/api/comments/:postId', ({ request }) =>
  new URL(request.url).searchParams.get('page') === '2' ? new Promise<never>(() => undefined) : undefined,
);

/**
 * Desktop: a centred 600 px dialog with the first page (10). Scrolling to the end loads the
 * rest; with 12 loaded (more than 10) it ends with "No more comments".
 */
export const Paging: Story = {
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(10));
    await expect(dialog.getBoundingClientRect().width).toBe(600);
    await expect(dialog).toHaveFocus();
    await expect(within(dialog).queryByText('No more comments')).not.toBeInTheDocument();
    scrollToEnd();
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(12));
    await expect(await within(dialog).findByText('No more comments')).toBeInTheDocument();
    scrollToEnd();
  },
};

/** The next page on its way: "Loading more comments..." at the end of the list. */
export const LoadingMore: Story = {
  beforeEach: ({ msw }) => {
    msw.use(holdPageTwo);
  },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(10));
    scrollToEnd();
    await expect(await within(dialog).findByText('Loading more comments...')).toBeInTheDocument();
    scrollToEnd();
  },
};

/** Ten or fewer comments: all of them, and no "No more comments" (spec §9: only after more than 10). */
export const FewComments: Story = {
  args: { postId: FIXTURE.posts.inOwnCommunity },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2));
    await expect(within(dialog).queryByText('No more comments')).not.toBeInTheDocument();
    // The community creator may delete both.
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Delete comment by/ })).toHaveLength(2));
  },
};

/** No comments: "Be the first to comment!" and the form. */
export const Empty: Story = {
  args: { postId: FIXTURE.posts.others },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    await expect(await within(dialog).findByText('Be the first to comment!')).toBeInTheDocument();
    await expect(within(dialog).getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
  },
};

/** The first page loading: comment-shaped skeleton rows. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('comments.list'));
  },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    await expect(await within(dialog).findByRole('list', { name: 'Loading comments' })).toBeInTheDocument();
  },
};

/** The comments could not load. */
export const LoadFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('comments.list', 500, 'Server down'));
  },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load comments.');
  },
};

/** Posting from the modal: the new comment is first. */
export const PostComment: Story = {
  beforeEach: () => pinClock(),
  play: async ({ userEvent }) => {
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(10));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Add a comment' }), 'Fuchs next, then the interior.{Enter}');
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('Fuchs next, then the interior.'));
    await expect(within(dialog).getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    await expect(storyBackend.state.comments.filter((c) => c.postId === FIXTURE.posts.own)).toHaveLength(13);
  },
};

/** Escape closes the modal and focus goes back to where it was. */
export const Close: Story = {
  play: async ({ canvas, userEvent }) => {
    await body.findByRole('dialog', { name: 'Comments' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Open comments' }));
    await expect(await body.findByRole('dialog', { name: 'Comments' })).toBeInTheDocument();
  },
};

/** Mobile (< 768 px): a bottom sheet docked to the bottom edge; scrolling to the end pages on. */
export const MobileSheet: Story = {
  globals: mobile,
  play: async () => {
    const sheet = await body.findByRole('dialog', { name: 'Comments' });
    await expect(sheet).toHaveAttribute('data-slot', 'bottom-sheet');
    await expect(sheet.getBoundingClientRect().bottom).toBe(window.innerHeight);
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(10));
    scrollToEnd();
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(12));
    await expect(await within(sheet).findByText('No more comments')).toBeInTheDocument();
    scrollToEnd();
  },
};

/**
 * Mobile, deleting a comment: the confirmation stacks above the sheet (layer 2001 over 1500);
 * confirmed, the comment goes.
 */
export const MobileDeleteComment: Story = {
  globals: mobile,
  play: async ({ userEvent }) => {
    const sheet = await body.findByRole('dialog', { name: 'Comments' });
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(10));
    await userEvent.click(within(within(sheet).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Delete comment by Samir Haddad' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete Comment' });
    await expect(getComputedStyle(dialog).zIndex).toBe('2001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')[0]).toHaveTextContent('Need a rolling shot next time!'));
    await expect(within(sheet).queryByText('The sound must be something else with that exhaust.')).not.toBeInTheDocument();
    // Its delete button went with it: the focus goes on to the sheet's comment field.
    await waitFor(() => expect(within(sheet).getByRole('textbox', { name: 'Add a comment' })).toHaveFocus());
  },
};

/** Mobile, deleting fails: "Could not delete comment." under the comment, in the sheet. */
export const MobileDeleteCommentFails: Story = {
  globals: mobile,
  beforeEach: ({ msw }) => {
    msw.use(failRoute('comments.delete', 500, 'Server down'));
  },
  play: async ({ userEvent }) => {
    const sheet = await body.findByRole('dialog', { name: 'Comments' });
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(10));
    await userEvent.click(within(within(sheet).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Delete comment by Samir Haddad' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete Comment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(sheet).findByRole('alert')).toHaveTextContent('Could not delete comment.');
  },
};

/**
 * Issue 21: the comment field's type-ahead inside the dialog (a sheet on a phone). Escape closes
 * the list of people first and leaves the comments open; the next Escape closes them.
 */
export const TypeaheadEscape: Story = {
  play: async ({ userEvent }) => {
    const dialog = await body.findByRole('dialog', { name: 'Comments' });
    const field = within(dialog).getByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(field);
    await userEvent.keyboard('@jo');
    const people = await within(dialog).findByRole('listbox', { name: 'People' });
    await within(people).findByRole('option', { name: /Jonas Berg/ });
    await userEvent.keyboard('{Escape}');
    await expect(people).not.toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(field).toHaveValue('@jo');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Comments' })).not.toBeInTheDocument());
  },
};

export const TypeaheadEscapeMobile: Story = { ...TypeaheadEscape, globals: mobile };
