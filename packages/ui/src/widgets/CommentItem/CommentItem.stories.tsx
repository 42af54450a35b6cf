import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { SUCCESS_MESSAGES, type Comment } from '@pitlane/api/contract';
import { avatarImage, FIXTURE, FIXTURE_NOW, mockApi } from '@pitlane/api/mocks';
import { feedColumn, pinnedDates } from '../PostCard/post-stories.tsx';
import { CommentItem } from './CommentItem.tsx';

const kenji = { _id: FIXTURE.users.kenji, username: 'kenji.r', fullName: 'Kenji Watanabe', profilePictureUrl: avatarImage('Kenji Watanabe') };
// Kenji's first comment on Maya's 911 SC in the mock backend, so a report of it is accepted.
const comment: Comment = { _id: 'cm-own-1', text: 'That Guards Red is unreal in this light.', author: kenji, createdAt: FIXTURE_NOW.toISOString() };

/** One comment in a list, as the preview and the modal show it. */
function CommentInList(props: { comment: Comment; canDelete: boolean; canReport?: boolean }) {
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
  parameters: { session: true },
  beforeEach: mockApi(),
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

/** Someone else's comment on someone else's post: a flag to report it (issue 18), no delete icon. */
export const Reportable: Story = {
  args: { canDelete: false, canReport: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Report comment by Kenji Watanabe' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  },
};

/** Someone else's comment on one's own post: report it, or delete it. */
export const ReportableAndDeletable: Story = {
  args: { canDelete: true, canReport: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Report comment by Kenji Watanabe',
      'Delete comment by Kenji Watanabe',
    ]);
  },
};

/** The flag opens "Report this comment"; sent, the thanks; Done gives the focus back to the flag. */
export const ReportComment: Story = {
  args: { canDelete: false, canReport: true },
  play: async ({ canvas, userEvent }) => {
    const flag = canvas.getByRole('button', { name: 'Report comment by Kenji Watanabe' });
    await userEvent.click(flag);
    const body = within(document.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Report this comment' }));
    await expect(dialog.getByRole('radiogroup', { name: 'Why are you reporting this comment?' })).toBeInTheDocument();
    await userEvent.click(dialog.getByText('Harassment or hate'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    const done = await dialog.findByRole('button', { name: 'Done' });
    await expect(dialog.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.reportSent);
    await userEvent.click(done);
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(flag).toHaveFocus();
    flag.blur();
  },
};

/** At 375 px, the report and delete icons beside a long comment. */
export const ReportableMobile: Story = {
  args: { canDelete: true, canReport: true, comment: { ...comment, text: 'Proper colour match, you cannot tell it was resprayed. '.repeat(3).trim() } },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    const item = canvas.getByRole('listitem');
    await expect(item.scrollWidth).toBe(item.clientWidth);
    await expect(canvas.getByRole('button', { name: 'Report comment by Kenji Watanabe' })).toBeVisible();
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

/** Issue 21: a mention in a comment links to that profile, a tag to the tag's page. */
export const WithMentionAndTag: Story = {
  args: { canDelete: false, comment: { ...comment, _id: 'cm-mention', text: '@jonas.e30 bring the spare pads, #TrackDay rules: nobody has enough.' } },
  play: async ({ canvas }) => {
    const item = canvas.getByRole('listitem');
    await expect(within(item).getByRole('link', { name: '@jonas.e30' })).toHaveAttribute('href', '/profile/jonas.e30');
    await expect(within(item).getByRole('link', { name: '#TrackDay' })).toHaveAttribute('href', '/tags/trackday');
    await expect(item).toHaveTextContent('@jonas.e30 bring the spare pads, #TrackDay rules: nobody has enough.');
  },
};
