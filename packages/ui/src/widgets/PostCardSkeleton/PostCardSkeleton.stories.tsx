import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PostCardSkeleton } from './PostCardSkeleton.tsx';

const meta = {
  title: 'Widgets/PostCardSkeleton',
  component: PostCardSkeleton,
  decorators: [(Story) => <div className="mx-auto max-w-[600px]"><Story /></div>],
} satisfies Meta<typeof PostCardSkeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The card's shape: author row, title and text, the 400 px photo box, like and share, a comment and the field. */
export const Desktop: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading post');
    const blocks = [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="skeleton"]')];
    await expect(blocks.some((block) => block.getBoundingClientRect().height === 400)).toBe(true);
    await expect(blocks[0]!.getBoundingClientRect().width).toBe(40); // the avatar
  },
};

/** At 375 px. */
export const Mobile: Story = {
  ...Desktop,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** Several while a feed's first page loads. */
export const Stack: Story = {
  render: () => (
    <div className="flex flex-col gap-4">
      <PostCardSkeleton />
      <PostCardSkeleton />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
  },
};
