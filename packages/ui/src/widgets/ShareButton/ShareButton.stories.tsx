import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { FIXTURE } from '@pitlane/api/mocks';
import { ShareButton } from './ShareButton.tsx';

const post = {
  _id: FIXTURE.posts.own,
  title: '911 SC back from the paint shop',
  content: 'Eight weeks, one very patient painter and the original Guards Red. The Fuchs are next.',
};

const meta = {
  title: 'Widgets/ShareButton',
  component: ShareButton,
  args: { post },
} satisfies Meta<typeof ShareButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Give the page a share sheet (or take it away) for one story; the cleanup puts the browser's back. */
function stubNavigator(overrides: { share?: unknown; clipboard?: unknown }) {
  const names = Object.keys(overrides) as (keyof typeof overrides)[];
  for (const name of names) Object.defineProperty(navigator, name, { value: overrides[name], configurable: true });
  return () => {
    for (const name of names) delete (navigator as unknown as Record<string, unknown>)[name];
  };
}

const share = fn(async (_data: ShareData) => undefined);
const writeText = fn(async (_text: string) => undefined);

/** A device with a share sheet (phones): it opens with the title, the content and the post's URL. */
export const WithShareSheet: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  beforeEach: () => {
    share.mockClear();
    writeText.mockClear();
    return stubNavigator({ share, clipboard: { writeText } });
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(share).toHaveBeenCalledOnce();
    await expect(share).toHaveBeenCalledWith({
      title: '911 SC back from the paint shop',
      text: post.content,
      url: `${window.location.origin}/post/${FIXTURE.posts.own}`,
    });
    await expect(writeText).not.toHaveBeenCalled();
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

/** A post without a title is shared as "Check this post" (spec §9). */
export const DefaultTitle: Story = {
  args: { post: { ...post, title: '' } },
  beforeEach: () => {
    share.mockClear();
    return stubNavigator({ share });
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Check this post' }));
  },
};

/** Closing the share sheet is not an error: nothing is said. */
export const ShareSheetClosed: Story = {
  beforeEach: () => {
    const cancelled = fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    return stubNavigator({ share: cancelled, clipboard: { writeText } });
  },
  play: async ({ canvas, userEvent }) => {
    writeText.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('');
    await expect(writeText).not.toHaveBeenCalled();
  },
};

/** No share sheet (desktop browsers): the link is copied and "Link copied" is announced politely. */
export const WithoutShareSheet: Story = {
  beforeEach: () => {
    writeText.mockClear();
    return stubNavigator({ share: undefined, clipboard: { writeText } });
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(writeText).toHaveBeenCalledOnce();
    await expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${FIXTURE.posts.own}`);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Link copied'));
  },
};

/** Copying can be refused (no clipboard permission): say so rather than claim success. */
export const CopyRefused: Story = {
  beforeEach: () => {
    const refused = fn(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    return stubNavigator({ share: undefined, clipboard: { writeText: refused } });
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Could not copy the link.'));
  },
};
