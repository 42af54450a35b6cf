import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FIXTURE, neverRespond } from '@pitlane/api/mocks';
import { feedColumn, standardBackend, storyBackend } from '../PostCard/post-stories.tsx';
import { CommentForm } from './CommentForm.tsx';

/** A post's comment form (the same one in the preview and the modal). */
function CommentFormForPost({ postId }: { postId: string }) {
  return <CommentForm postId={postId} />;
}

const meta = {
  title: 'Widgets/CommentForm',
  component: CommentFormForPost,
  args: { postId: FIXTURE.posts.own },
  decorators: [feedColumn],
  beforeEach: ({ msw }) => {
    standardBackend(msw);
  },
} satisfies Meta<typeof CommentFormForPost>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: "Add a comment..." and a disabled "Post". */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByPlaceholderText('Add a comment...')).toHaveAccessibleName('Add a comment');
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled();
  },
};

/** Near the 300-character limit a counter appears; the field stops at 300 (spec §9). */
export const AtTheLimit: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(260));
    await expect(canvas.getByText('260 / 300')).toBeInTheDocument();
    await userEvent.paste('y'.repeat(60));
    await expect(field).toHaveValue('x'.repeat(260) + 'y'.repeat(40));
    await expect(canvas.getByText('300 / 300')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeEnabled();
  },
};

/** Sending: the button reads "Posting..." (keeping its width) and is disabled. */
export const Posting: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('comments.create'));
  },
  play: async ({ canvas, userEvent }) => {
    const post = canvas.getByRole('button', { name: 'Post' });
    const width = post.getBoundingClientRect().width;
    await userEvent.type(canvas.getByRole('textbox', { name: 'Add a comment' }), 'Clean. Just clean.{Enter}');
    const busy = await canvas.findByRole('button', { name: 'Posting...' });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(busy.getBoundingClientRect().width).toBe(width);
  },
};

/**
 * Issue 21: `@` and letters in the comment field offer people in a list over the field (its code
 * arrives with the first focus); ↓ and Enter write `@username ` and Enter then sends the comment.
 */
export const MentionFromTypeahead: Story = {
  decorators: [(Story) => <div className="pt-64">{<Story />}</div>],
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(field);
    await userEvent.keyboard('See you there @jo');
    const list = await canvas.findByRole('listbox', { name: 'People' });
    await expect(await within(list).findByRole('option', { name: /Jonas Berg/ })).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    await expect(field).toHaveValue('See you there @jonas.e30 ');
    await expect(list).not.toBeVisible();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(field).toHaveValue(''));
    await waitFor(() => expect(storyBackend.state.comments.some((comment) => comment.text === 'See you there @jonas.e30')).toBe(true));
  },
};

export const MentionFromTypeaheadMobile: Story = { ...MentionFromTypeahead, globals: { viewport: { value: 'mobile', isRotated: false } } };
