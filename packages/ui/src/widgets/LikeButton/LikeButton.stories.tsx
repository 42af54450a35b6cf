import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { usePost } from '@pitlane/api/hooks';
import { createMockBackend, failRoute, FIXTURE, fixtures, handlers, neverRespond } from '@pitlane/api/mocks';
import { LikeButton } from './LikeButton.tsx';

/** The button over a post loaded through the hooks, as a page has it (the like changes the cache). */
function LikeButtonForPost({ postId }: { postId: string }) {
  const { data: post } = usePost(postId);
  return post ? <LikeButton post={post} /> : null;
}

const meta = {
  title: 'Widgets/LikeButton',
  component: LikeButtonForPost,
  args: { postId: FIXTURE.posts.own },
  parameters: { session: true },
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.standard())));
  },
} satisfies Meta<typeof LikeButtonForPost>;
export default meta;
type Story = StoryObj<typeof meta>;

const heart = (button: HTMLElement) => button.querySelector<SVGElement>('[data-slot="like-heart"]')!;

/** Not liked yet: "3 Likes", not pressed. Liking counts at once, fills the heart and pulses it. */
export const Like: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: '3 Likes', pressed: false });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await expect(canvas.getByRole('button', { name: '4 Likes', pressed: true })).toBeInTheDocument();
    // The 240 ms pulse runs for people who have not asked for reduced motion (this browser).
    await expect(window.matchMedia('(prefers-reduced-motion: no-preference)').matches).toBe(true);
    await expect(getComputedStyle(heart(canvas.getByRole('button'))).animationName).toBe('pulse-heart');
    // The server agrees: it stays liked.
    await waitFor(() => expect(canvas.getByRole('button', { name: '4 Likes', pressed: true })).toBeEnabled());
  },
};

/** Already liked (Maya likes Lena's E-Type): pressed; unliking counts down, without a pulse. */
export const Unlike: Story = {
  args: { postId: FIXTURE.posts.others },
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: '2 Likes', pressed: true });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const after = await canvas.findByRole('button', { name: '1 Likes', pressed: false });
    await expect(getComputedStyle(heart(after)).animationName).toBe('none');
  },
};

/** Optimistic: while the server has not answered, the like already shows. */
export const WhileSaving: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('posts.like'));
  },
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: '3 Likes' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await expect(await canvas.findByRole('button', { name: '4 Likes', pressed: true })).toBeInTheDocument();
  },
};

/** The like fails: it goes back to what it was, silently (spec §8). */
export const RollbackOnFailure: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('posts.like', 500, 'Server down'));
  },
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: '3 Likes', pressed: false });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(canvas.getByRole('button', { name: '3 Likes', pressed: false })).toBeInTheDocument());
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};
