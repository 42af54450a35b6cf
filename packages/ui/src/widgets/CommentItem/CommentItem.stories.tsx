import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Comment } from '@pitlane/api/contract';
import { avatarImage, FIXTURE, FIXTURE_NOW } from '@pitlane/api/mocks';
import { feedColumn, pinnedDates } from '../PostCard/post-stories.tsx';
import { CommentItem } from './CommentItem.tsx';

const kenji = { _id: FIXTURE.users.kenji, username: 'kenji.r', fullName: 'Kenji Watanabe', profilePictureUrl: avatarImage('Kenji Watanabe') };
const comment: Comment = { _id: 'cm-story', text: 'That Guards Red is unreal in this light.', author: kenji, createdAt: FIXTURE_NOW.toISOString() };

/** One comment in a list, as the preview and the modal show it. */
function CommentInList(props: { comment: Comment; canDelete: boolean }) {
  return (
    <ul>
      <CommentItem postId={FIXTURE.posts.own} {...props} />
    </ul>
  );
}

const meta = {
  title: 'Widgets/CommentItem',
  component: CommentInList,
  args: { comment, canDelete: true },
  decorators: [feedColumn, pinnedDates],
} satisfies Meta<typeof CommentInList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Avatar and name link to the profile, then the date and the text; a delete icon for those allowed. */
export const Deletable: Story = {
  play: async ({ canvas }) => {
    const item = canvas.getByRole('listitem');
    await expect(within(item).getByRole('link', { name: 'Kenji Watanabe' })).toHaveAttribute('href', '/profile/kenji.r');
    await expect(within(item).getByText('Nov 22, 2026, 9:30 AM')).toBeInTheDocument();
    await expect(within(item).getByRole('button', { name: 'Delete comment by Kenji Watanabe' })).toBeInTheDocument();
  },
};

/** Someone else's comment on someone else's post: no delete icon (spec §6). */
export const NotDeletable: Story = {
  args: { canDelete: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** The longest comment (300 characters) and an unbroken string both wrap inside the row. */
export const LongText: Story = {
  args: { comment: { ...comment, text: `${'Proper colour match, you cannot tell it was resprayed. '.repeat(4)}${'x'.repeat(80)}`.slice(0, 300) } },
  play: async ({ canvas }) => {
    const item = canvas.getByRole('listitem');
    await expect(item.scrollWidth).toBe(item.clientWidth);
  },
};

/** At 375 px. */
export const Mobile: Story = { ...LongText, globals: { viewport: { value: 'mobile', isRotated: false } } };
