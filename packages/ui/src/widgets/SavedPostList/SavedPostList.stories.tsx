import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FIXTURE, fixtures } from '@pitlane/api/mocks';
import { SavedPostList } from './SavedPostList.tsx';
import { feedColumn, pinnedDates, standardBackend, storyBackend } from '../PostCard/post-stories.tsx';

const meta = {
  title: 'Widgets/SavedPostList',
  component: SavedPostList,
  parameters: { session: true },
  decorators: [feedColumn, pinnedDates],
  beforeEach: ({ msw }) => {
    standardBackend(msw);
  },
} satisfies Meta<typeof SavedPostList>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };

/** The first card's photo decoded, so the screenshot has it. */
async function firstPhotoShown(list: HTMLElement) {
  const photo = list.querySelector<HTMLImageElement>('[data-slot="image-slider"] img')!;
  await waitFor(() => expect(photo.complete && photo.naturalWidth > 0).toBe(true));
}

/**
 * Maya's three saved posts, newest saved first (not newest posted), each bookmark pressed, and
 * the end text. Kenji's save of her own post is his alone: it is not in her list.
 */
export const Full: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Saved posts' });
    // The end text shows once every card of the page is drawn (they come one by one).
    await expect(await canvas.findByText("That's everything you've saved.")).toBeVisible();
    const cards = within(list).getAllByRole('article');
    await expect(cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Restomod E-Type: electrics done',
      'Miata road trip through the Highlands',
      'Brake pads: lessons learned at the Nürburgring',
    ]);
    for (const card of cards) await expect(await within(card).findByRole('button', { name: 'Save post', pressed: true })).toBeInTheDocument();
    await firstPhotoShown(list);
  },
};

export const FullMobile: Story = { ...Full, globals: mobile };

/** Nothing saved: what the page is for and how to save a post. */
export const Empty: Story = {
  beforeEach: ({ msw }) => {
    standardBackend(msw, fixtures.empty());
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No saved posts yet.')).toBeVisible();
    await expect(canvas.getByText(/^Save a post with its bookmark/)).toHaveTextContent('Save a post with its bookmark to find it here later.');
  },
};

/**
 * Taking a post out of Saved here: the server forgets it at once, but its card stays where it
 * was under the pointer, bookmark empty, so a slip can be undone with a second click. It leaves
 * the list when the list is next shown.
 */
export const RemoveKeepsCardUntilRefresh: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Saved posts' });
    await canvas.findByText("That's everything you've saved.");
    const card = within(list).getByRole('article', { name: 'Restomod E-Type: electrics done' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Save post', pressed: true }));
    await expect(within(card).getByRole('button', { name: 'Save post', pressed: false })).toBeInTheDocument();
    await waitFor(() => expect(storyBackend.state.saves.some((s) => s.userId === FIXTURE.users.maya && s.postId === FIXTURE.posts.others)).toBe(false));
    await expect(within(list).getAllByRole('article')).toHaveLength(3);
    await firstPhotoShown(list);
  },
};
