import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PostCardSkeleton } from '../PostCardSkeleton/PostCardSkeleton.tsx';
import { NewPostsPill } from './NewPostsPill.tsx';

/** A feed column under the pill, as on /feeds. */
function FeedColumn(props: React.ComponentProps<typeof NewPostsPill>) {
  return (
    <section aria-label="My Feed" className="mx-auto w-full max-w-[640px] px-3 py-4 md:px-6">
      <NewPostsPill {...props} />
      <div className="flex flex-col gap-4">
        <PostCardSkeleton label="Loading posts" />
      </div>
    </section>
  );
}

/** The pill's live region (the card skeleton below is a status of its own). */
function pillRegion(canvasElement: HTMLElement): HTMLElement {
  const region = canvasElement.querySelector<HTMLElement>('[data-slot="new-posts-pill"]');
  if (region?.getAttribute('role') !== 'status' || region.getAttribute('aria-live') !== 'polite') throw new Error('The pill is not in a polite status region.');
  return region;
}

const meta = {
  title: 'Widgets/NewPostsPill',
  component: NewPostsPill,
  args: { count: 1, onShow: fn() },
  render: (args) => <FeedColumn {...args} />,
} satisfies Meta<typeof NewPostsPill>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnePost: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const pill = canvas.getByRole('button', { name: '1 new post' });
    await expect(pill).toBeVisible();
    await userEvent.click(pill);
    await expect(args.onShow).toHaveBeenCalledOnce();
  },
};

export const ManyPosts: Story = {
  args: { count: 12 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: '12 new posts' })).toBeVisible();
    // Announced to screen readers as it changes: the pill sits in a polite live region.
    await expect(pillRegion(canvasElement)).toHaveTextContent('12 new posts');
  },
};

/** Past 99 the count stops growing on screen. */
export const MoreThanNinetyNine: Story = {
  args: { count: 140 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '99+ new posts' })).toBeVisible();
  },
};

/** Nothing new: no pill, only the empty live region. */
export const None: Story = {
  args: { count: 0 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(pillRegion(canvasElement)).toBeEmptyDOMElement();
  },
};

/** Keyboard: Tab reaches it, Enter shows the posts. */
export const Keyboard: Story = {
  args: { count: 3 },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: '3 new posts' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onShow).toHaveBeenCalledOnce();
  },
};

export const Mobile: Story = {
  args: { count: 2 },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '2 new posts' })).toBeVisible();
  },
};
