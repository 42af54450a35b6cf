import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { useFeed } from '@pitlane/api/hooks';
import { fixtures, neverRespond } from '@pitlane/api/mocks';
import { PostList } from './PostList.tsx';
import { feedColumn, pinnedDates, standardBackend } from '../PostCard/post-stories.tsx';

/** The feed as the My Feed page composes it: its hook, its texts (spec §2, §8). */
function Feed() {
  const query = useFeed();
  return (
    <PostList
      query={query}
      label="Your feed"
      emptyText="Your feed is empty. Go to the Discover page to find users to follow!"
      endText="You've reached the end of the road!"
      errorText="Failed to fetch your feed. Follow some users to see their posts here!"
    />
  );
}

const meta = {
  title: 'Widgets/PostList',
  component: Feed,
  parameters: { session: true },
  decorators: [feedColumn, pinnedDates],
  beforeEach: ({ msw }) => {
    standardBackend(msw);
  },
} satisfies Meta<typeof Feed>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };

/** Full post cards, newest first, and the end text once the last page is in. */
export const Full: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Your feed' });
    await waitFor(() => expect(list.querySelectorAll('article').length).toBeGreaterThan(0));
    await expect(await canvas.findByText("You've reached the end of the road!")).toBeVisible();
    // The first card's photo decoded, so the screenshot has it (later ones load lazily, off screen).
    const photo = list.querySelector<HTMLImageElement>('[data-slot="image-slider"] img')!;
    await waitFor(() => expect(photo.complete && photo.naturalWidth > 0).toBe(true));
    // It is the page's main picture: fetched at once, first; every other photo waits its turn.
    await expect(photo).toHaveAttribute('loading', 'eager');
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    const others = [...list.querySelectorAll<HTMLImageElement>('[data-slot="image-slider"] img')].slice(1);
    await expect(others.length).toBeGreaterThan(0);
    await expect(others.map((img) => [img.loading, img.getAttribute('fetchpriority'), img.decoding])).toEqual(
      others.map(() => ['lazy', null, 'async']),
    );
  },
};

export const FullMobile: Story = { ...Full, globals: mobile };

/** While the first page loads: card-shaped skeletons. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    standardBackend(msw);
    msw.use(neverRespond('posts.feed'));
  },
  play: async ({ canvas }) => {
    const skeleton = (await canvas.findByText('Loading posts')).closest('[data-slot="post-card-skeleton"]');
    await expect(skeleton).toBeVisible();
  },
};

/** Following nobody: the empty text sends them to Discover. */
export const Empty: Story = {
  beforeEach: ({ msw }) => {
    standardBackend(msw, fixtures.empty());
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your feed is empty. Go to the Discover page to find users to follow!')).toBeVisible();
  },
};

/** The first page fails without a message: the §8 text and Try again. */
export const Failed: Story = {
  beforeEach: ({ msw }) => {
    standardBackend(msw);
    msw.use(http.get('/api/posts/feed', () => HttpResponse.json({}, { status: 500 })));
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to fetch your feed. Follow some users to see their posts here!');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
