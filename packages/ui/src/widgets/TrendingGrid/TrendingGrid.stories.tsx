import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { createMockBackend, failRoute, FIXTURE, fixtures, handlers, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { TrendingGrid } from './TrendingGrid.tsx';

const meta = {
  title: 'Widgets/TrendingGrid',
  component: TrendingGrid,
} satisfies Meta<typeof TrendingGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };

const useBackend =
  (seed: () => MockSeed): NonNullable<Story['beforeEach']> =>
  ({ msw }) => {
    msw.use(...handlers(createMockBackend(seed())));
  };

/** The standard world cut down to its first `count` posts the viewer may see: one page, nothing more to load. */
function withPosts(count: number): MockSeed {
  const seed = fixtures.standard();
  seed.posts = seed.posts.filter((p) => p.communityId !== FIXTURE.communities.trackDay).slice(0, count);
  const kept = new Set(seed.posts.map((p) => p.id));
  seed.comments = seed.comments.filter((c) => kept.has(c.postId));
  seed.notifications = seed.notifications.filter((n) => n.postId === null || kept.has(n.postId));
  return seed;
}

const tiles = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('list', { name: 'Trending posts' })).getAllByRole('link');

/** First page loading: 8 skeleton tiles, each with its caption lines. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.standard())));
    msw.use(neverRespond('posts.trending'));
  },
  play: async ({ canvas }) => {
    const status = await canvas.findByRole('status', { name: 'Loading posts' });
    await expect(status.querySelectorAll('[data-slot="post-grid-skeleton-tile"]')).toHaveLength(8);
  },
};

/** Nothing trending yet. */
export const Empty: Story = {
  beforeEach: useBackend(() => fixtures.empty()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No posts to discover yet.')).toBeVisible();
    await expect(canvas.queryByText("You've seen all posts!")).not.toBeInTheDocument();
  },
};

/** The call fails: the server's message first, and Try again. */
export const LoadError: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.standard())));
    msw.use(failRoute('posts.trending', 500, 'Server down'));
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server down');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Highest trending score first (recent likes and comments, TRENDING): each tile links to `/discover/post/{id}`, with "by [author full name]"; then the end text. */
export const Full: Story = {
  beforeEach: useBackend(() => withPosts(4)),
  play: async ({ canvas }) => {
    await waitFor(() => expect(tiles(canvas)).toHaveLength(4));
    const [first] = tiles(canvas);
    // The 911's dozen fresh comments outweigh the AE86's four likes from hours earlier.
    await expect(first).toHaveAccessibleName('911 SC back from the paint shop by Maya Fischer');
    await expect(first).toHaveAttribute('href', `/discover/post/${FIXTURE.posts.own}`);
    await expect(canvas.getByText("You've seen all posts!")).toBeVisible();
  },
};

/** Two 150 px-plus columns on a phone. */
export const Mobile: Story = {
  globals: mobile,
  beforeEach: useBackend(() => withPosts(4)),
  play: async ({ canvas }) => {
    await waitFor(() => expect(tiles(canvas)).toHaveLength(4));
    const [a, b, c] = tiles(canvas).map((t) => t.getBoundingClientRect());
    await expect(b!.top).toBe(a!.top);
    await expect(c!.top).toBeGreaterThan(a!.top);
    await expect(canvas.getByText("You've seen all posts!")).toBeVisible();
  },
};

/**
 * The whole standard world (15 posts the viewer may see, two pages of 12): scrolling to the end loads page
 * two, then "You've seen all posts!". Taller than the window, so no screenshot.
 */
export const EndOfList: Story = {
  tags: ['!visual'],
  beforeEach: useBackend(() => fixtures.standard()),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(tiles(canvas).length).toBeGreaterThanOrEqual(12));
    const end = canvasElement.querySelector<HTMLElement>('[data-slot="post-grid-sentinel"]')!;
    window.scrollTo(0, end.getBoundingClientRect().top + window.scrollY);
    await waitFor(() => expect(tiles(canvas)).toHaveLength(15));
    await expect(await canvas.findByText("You've seen all posts!")).toBeInTheDocument();
    // Members-only posts of a community the viewer has not joined never show.
    await expect(canvas.queryByText('Spa track day recap')).not.toBeInTheDocument();
    window.scrollTo(0, 0);
  },
};
