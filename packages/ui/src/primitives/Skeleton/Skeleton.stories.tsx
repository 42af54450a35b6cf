import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton } from './Skeleton.tsx';

const meta = {
  title: 'Primitives/Skeleton',
  component: Skeleton,
  args: { className: 'h-4 w-48' },
  } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A line of text. */
export const Line: Story = {
  play: async ({ canvasElement }) => {
    const skeleton = canvasElement.querySelector<HTMLElement>('[data-slot="skeleton"]')!;
    const { width, height } = skeleton.getBoundingClientRect();
    await expect([width, height]).toEqual([192, 16]);
    // It pulses for people who have not asked for reduced motion (this browser has not).
    await expect(window.matchMedia('(prefers-reduced-motion: no-preference)').matches).toBe(true);
    await expect(getComputedStyle(skeleton).animationName).toBe('pulse');
  },
};

/** Line, circle (an avatar) and image (a photo tile): the shape comes from className. */
export const Shapes: Story = {
  render: () => (
    <div className="flex items-start gap-6">
      <Skeleton className="h-4 w-40" />
      <Skeleton shape="circle" className="size-10" />
      <Skeleton shape="card" className="aspect-square w-40" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [, circle, image] = canvasElement.querySelectorAll<HTMLElement>('[data-slot="skeleton"]');
    const imageBox = image!.getBoundingClientRect();
    await expect(imageBox.width).toBe(imageBox.height);
    await expect(circle!.getBoundingClientRect().width).toBe(40);
  },
};

/** Shaped like the post card it stands in for: avatar and name, title, photo, actions. */
export const PostCard: Story = {
  render: () => (
    <div aria-busy="true" aria-label="Loading post" role="status" className="flex max-w-xl flex-col gap-4">
      <div className="flex items-center gap-3">
        <Skeleton shape="circle" className="size-10" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <Skeleton className="h-5 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton shape="card" className="h-[400px] w-full" />
      <div className="flex gap-3">
        <Skeleton className="h-8 w-20" />
        <Skeleton className="h-8 w-20" />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    // Screen readers hear one "Loading post", not a pile of empty boxes.
    await expect(canvas.getByRole('status', { name: 'Loading post' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** The suggestions panel's list while loading: five rows (spec §9). */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => (
    <ul aria-busy="true" aria-label="Loading suggestions" className="flex flex-col gap-4">
      {[1, 2, 3, 4, 5].map((row) => (
        <li key={row} className="flex items-center gap-3">
          <Skeleton shape="circle" className="size-10" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-8 w-20" />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Loading suggestions' }).children).toHaveLength(5);
  },
};
