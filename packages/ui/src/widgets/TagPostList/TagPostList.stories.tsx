import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { TagPostList } from './TagPostList.tsx';
import { feedColumn, pinnedDates } from '../PostCard/post-stories.tsx';

const meta = {
  title: 'Widgets/TagPostList',
  component: TagPostList,
  parameters: { session: true },
  args: { tag: FIXTURE.tags.tag },
  decorators: [feedColumn, pinnedDates],
  beforeEach: mockApi(fixtures.withTags),
} satisfies Meta<typeof TagPostList>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };

/** The first card's photo decoded, so the screenshot has it. */
async function firstPhotoShown(list: HTMLElement) {
  const photo = list.querySelector<HTMLImageElement>('[data-slot="image-slider"] img')!;
  await waitFor(() => expect(photo.complete && photo.naturalWidth > 0).toBe(true));
}

/**
 * The posts carrying #trackday the viewer may see, newest first, their tags and mentions linked;
 * not the one in a community she has not joined, nor the muted person's.
 */
export const Full: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Posts with #trackday' });
    // The end text shows once every card of the page is drawn (they come one by one).
    await expect(await canvas.findByText("That's every post with #trackday.")).toBeVisible();
    const cards = within(list).getAllByRole('article');
    await expect(cards.map((card) => card.getAttribute('aria-labelledby') && document.getElementById(card.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Night touge run #jdm',
      'Corner weights done #e30',
      'First #trackday in the SC',
    ]);
    await expect(within(cards[1]!).getByRole('link', { name: '@maya.drives' })).toHaveAttribute('href', '/profile/maya.drives');
    await expect(within(cards[0]!).getByRole('link', { name: '#TrackDay' })).toHaveAttribute('href', '/tags/trackday');
    await firstPhotoShown(list);
  },
};

export const FullMobile: Story = { ...Full, globals: mobile };

/** A tag nobody has used (yet). */
export const Empty: Story = {
  args: { tag: 'barnfind' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No posts with #barnfind yet.')).toBeVisible();
  },
};

/** While the first page loads: card skeletons. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.withTags, neverRespond('tags.posts')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading posts')).toBeInTheDocument();
  },
};

/** The first page fails without a message: the fallback text and Try again. */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.withTags, failRoute('tags.posts', 500, '')),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the posts of this tag.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const FailedMobile: Story = { ...Failed, globals: mobile };
