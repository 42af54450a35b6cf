import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { SKELETON_COUNTS } from '@pitlane/api/contract';
import { useUserPosts } from '@pitlane/api/hooks';
import { createMockBackend, failRoute, FIXTURE, FIXTURE_NOW, fixtures, handlers, makePost, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { PostGrid, PostGridSkeleton } from './PostGrid.tsx';

/** The profile's posts grid as the profile page composes it: its own hook, its own texts. */
function ProfilePosts({ userId }: { userId: string }) {
  const query = useUserPosts(userId);
  return <PostGrid query={query} endText="No more posts to show." emptyText="This user hasn't created any posts yet." />;
}

/** Where the grid sits on the profile page: below the header, which a story only stands in for. */
function BelowProfileHeader({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex h-72 items-center justify-center rounded-lg border border-dashed border-input text-sm text-muted-foreground">
        Profile header
      </div>
      {children}
    </div>
  );
}

const meta = {
  title: 'Widgets/PostGrid',
  component: ProfilePosts,
  args: { userId: FIXTURE.users.maya },
} satisfies Meta<typeof ProfilePosts>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };

/** The standard world plus `extra` more posts by Maya (she has 3), so her grid has more than one page of 12. */
function mayaWithPosts(extra: number): MockSeed {
  const seed = fixtures.standard();
  const day = 24 * 60 * 60_000;
  for (let i = 0; i < extra; i++) {
    seed.posts.push(
      makePost({
        id: `p-maya-extra-${i + 1}`,
        authorId: FIXTURE.users.maya,
        title: `Garage diary, entry ${i + 1}`,
        content: 'Another evening under the car.',
        likes: i % 3 === 0 ? [FIXTURE.users.kenji] : [],
        createdAt: new Date(FIXTURE_NOW.getTime() - (20 + i) * day).toISOString(),
      }),
    );
  }
  return seed;
}

/** A story's `beforeEach`: a fresh fake backend over `seed`, so no story sees another's changes. */
const useBackend =
  (seed: () => MockSeed): NonNullable<Story['beforeEach']> =>
  ({ msw }) => {
    msw.use(...handlers(createMockBackend(seed())));
  };

const caption = (tile: HTMLElement) => tile.querySelector<HTMLElement>('[data-slot="post-grid-caption"]')!;
const tiles = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('list', { name: 'Posts' })).getAllByRole('link');
const sentinel = (root: HTMLElement) => root.querySelector<HTMLElement>('[data-slot="post-grid-sentinel"]')!;

/** Scroll the window so the end of the grid sits `px` below the bottom of the viewport. */
function scrollEndTo(root: HTMLElement, px: number) {
  const top = sentinel(root).getBoundingClientRect().top + window.scrollY;
  window.scrollTo(0, top - window.innerHeight - px);
}

/** While the first page loads: 8 square skeleton tiles in the grid's own columns (spec §9). */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.standard())));
    msw.use(neverRespond('posts.byUser'));
  },
  play: async ({ canvas }) => {
    const status = await canvas.findByRole('status', { name: 'Loading posts' });
    const squares = status.querySelectorAll<HTMLElement>('[data-slot="skeleton"]');
    await expect(squares).toHaveLength(SKELETON_COUNTS.postGrid);
    const box = squares[0]!.getBoundingClientRect();
    await expect(box.width).toBe(box.height);
    // 1280 px wide: as many 250 px columns as fit, i.e. 4 per row.
    await expect(squares[3]!.getBoundingClientRect().top).toBe(box.top);
    await expect(squares[4]!.getBoundingClientRect().top).toBeGreaterThan(box.top);
  },
};

/** On a phone the columns go down to 150 px: two per row at 375 px. */
export const LoadingMobile: Story = {
  ...Loading,
  globals: mobile,
  play: async ({ canvas }) => {
    const status = await canvas.findByRole('status', { name: 'Loading posts' });
    const squares = status.querySelectorAll<HTMLElement>('[data-slot="skeleton"]');
    await expect(squares).toHaveLength(8);
    const [first, second, third] = [...squares].map((s) => s.getBoundingClientRect());
    await expect(second!.top).toBe(first!.top);
    await expect(third!.top).toBeGreaterThan(first!.top);
    await expect(first!.width).toBeGreaterThanOrEqual(150);
  },
};

/** The skeleton on its own takes any count; 8 is the default. */
export const SkeletonCount: Story = {
  render: () => <PostGridSkeleton count={3} />,
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status', { name: 'Loading posts' });
    await expect(status.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(3);
  },
};

/** No posts: the caller's empty text, and no grid. */
export const Empty: Story = {
  beforeEach: useBackend(() => fixtures.empty()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This user hasn't created any posts yet.")).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
    await expect(canvas.queryByText('No more posts to show.')).not.toBeInTheDocument();
  },
};

/** The first page fails: the server's message (spec §8: server message first) and a way to retry. */
export const LoadError: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.standard())));
    msw.use(failRoute('posts.byUser', 500, 'Server down'));
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server down');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

/** With no message from the server, the grid's own fallback shows; Try again loads the posts. */
export const LoadErrorRetry: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.standard())));
    msw.use(http.get('*/api/posts/by-user/:userId', () => HttpResponse.json({}, { status: 500 }), { once: true }));
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load posts.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles(canvas)).toHaveLength(3));
  },
};

/**
 * Maya's three posts: square thumbnails of each first image, linking to the post, then the end
 * text. On desktop the title and like count wait for a hover.
 */
export const Full: Story = {
  beforeEach: useBackend(() => fixtures.standard()),
  play: async ({ canvas }) => {
    await waitFor(() => expect(tiles(canvas)).toHaveLength(3));
    const [first] = tiles(canvas);
    await expect(first).toHaveAttribute('href', `/post/${FIXTURE.posts.own}`);
    await expect(first).toHaveAccessibleName('911 SC back from the paint shop 3 likes');
    const img = first!.querySelector('img')!;
    const box = img.getBoundingClientRect();
    await expect(box.width).toBe(box.height);
    await expect(getComputedStyle(caption(first!)).opacity).toBe('0');
    await expect(canvas.getByText('No more posts to show.')).toBeVisible();
  },
};

/** Hovering a tile reveals its title and like count; the others stay plain photos. */
export const Hover: Story = {
  beforeEach: useBackend(() => fixtures.standard()),
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(tiles(canvas)).toHaveLength(3));
    const [first, second] = tiles(canvas);
    await userEvent.hover(first!);
    await waitFor(() => expect(getComputedStyle(caption(first!)).opacity).toBe('1'));
    await expect(within(caption(first!)).getByText('911 SC back from the paint shop')).toBeVisible();
    await expect(caption(first!)).toHaveTextContent('3 likes');
    await expect(getComputedStyle(caption(second!)).opacity).toBe('0');
  },
};

/** Keyboard users get the same caption on focus. */
export const KeyboardFocus: Story = {
  beforeEach: useBackend(() => fixtures.standard()),
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(tiles(canvas)).toHaveLength(3));
    await userEvent.tab();
    const [first] = tiles(canvas);
    await expect(first).toHaveFocus();
    await waitFor(() => expect(getComputedStyle(caption(first!)).opacity).toBe('1'));
  },
};

/** Below 768 px there is no hover: every tile shows its title and like count, in 150 px columns. */
export const Mobile: Story = {
  globals: mobile,
  beforeEach: useBackend(() => fixtures.standard()),
  play: async ({ canvas }) => {
    await waitFor(() => expect(tiles(canvas)).toHaveLength(3));
    for (const tile of tiles(canvas)) await expect(getComputedStyle(caption(tile)).opacity).toBe('1');
    const [first, second] = tiles(canvas).map((t) => t.getBoundingClientRect());
    await expect(second!.top).toBe(first!.top);
    await expect(canvas.getByText('No more posts to show.')).toBeVisible();
  },
};

/**
 * Infinite scroll (spec §9): the second page loads only once the end of the grid comes within
 * 300 px of the bottom of the window, then the end text shows. A behaviour story: the page has
 * to be taller than the window to scroll, so it has no screenshot (Mobile and Full show the look).
 */
export const InfiniteScroll: Story = {
  tags: ['!visual'],
  globals: mobile,
  decorators: [(Story) => <BelowProfileHeader><Story /></BelowProfileHeader>],
  beforeEach: useBackend(() => mayaWithPosts(10)),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(tiles(canvas)).toHaveLength(12));
    // 400 px away: nothing loads.
    scrollEndTo(canvasElement, 400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(tiles(canvas)).toHaveLength(12);
    await expect(canvas.queryByText('No more posts to show.')).not.toBeInTheDocument();
    // 250 px away: within the trigger, page two arrives.
    scrollEndTo(canvasElement, 250);
    await waitFor(() => expect(tiles(canvas)).toHaveLength(13));
    await expect(await canvas.findByText('No more posts to show.')).toBeInTheDocument();
    window.scrollTo(0, 0);
  },
};

/**
 * Page two fails: the posts so far stay, with the message and Try again in place of the end text;
 * Try again loads it. Taller than the window like InfiniteScroll, so no screenshot either.
 */
export const NextPageError: Story = {
  tags: ['!visual'],
  globals: mobile,
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(mayaWithPosts(10))));
    // Page two fails once; anything else falls through to the fake backend.
    let failed = false;
    msw.use(
      http.get('*/api/posts/by-user/:userId', ({ request }) => {
        if (failed || new URL(request.url).searchParams.get('page') !== '2') return undefined;
        failed = true;
        return HttpResponse.json({ message: 'Server down' }, { status: 500 });
      }),
    );
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await waitFor(() => expect(tiles(canvas)).toHaveLength(12));
    scrollEndTo(canvasElement, 100);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server down');
    await expect(tiles(canvas)).toHaveLength(12);
    await expect(canvas.queryByText('No more posts to show.')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles(canvas)).toHaveLength(13));
    await expect(canvas.getByText('No more posts to show.')).toBeInTheDocument();
    window.scrollTo(0, 0);
  },
};
