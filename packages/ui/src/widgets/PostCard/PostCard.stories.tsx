import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { http, HttpResponse } from 'msw';
import { SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { failRoute, FIXTURE, FIXTURE_PHOTO_DESCRIPTIONS, neverRespond, slowRoute } from '@pitlane/api/mocks';
import { PostCard } from './PostCard.tsx';
import { feedColumn, pinnedDates, standardBackend, storyBackend, WithPost } from './post-stories.tsx';

/** A card over a post loaded through the hooks, as the feed and the post page have it. */
function PostCardForPost({ postId, onDeleted }: { postId: string; onDeleted?: (postId: string) => void }) {
  // Once deleted, the page would go to `/`; here the card makes way for a note saying so.
  const [deleted, setDeleted] = React.useState(false);
  if (deleted) return <p className="text-sm text-muted-foreground">Post deleted: the page goes to /.</p>;
  return (
    <WithPost postId={postId}>
      {(post) => (
        <PostCard
          post={post}
          onDeleted={(id) => {
            onDeleted?.(id);
            setDeleted(true);
          }}
        />
      )}
    </WithPost>
  );
}

const meta = {
  title: 'Widgets/PostCard',
  component: PostCardForPost,
  args: { postId: FIXTURE.posts.own, onDeleted: fn() },
  parameters: { session: true },
  decorators: [feedColumn, pinnedDates],
  beforeEach: ({ msw }) => {
    standardBackend(msw);
  },
} satisfies Meta<typeof PostCardForPost>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const mobile = { viewport: { value: 'mobile', isRotated: false } };
const card = (canvas: ReturnType<typeof within>, title: string | RegExp) => canvas.findByRole('article', { name: title });
/** The card's first image, once decoded, so the screenshot has it. */
async function imageShown(article: HTMLElement) {
  const image = within(article).getAllByRole('img').find((img) => img.closest('[data-slot="image-slider"]'))! as HTMLImageElement;
  await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
}

/**
 * Maya's own post: her avatar and name link to her profile, the date and time, Edit (to
 * `/post/{id}/edit`) and Delete, the car it is tagged to (issue 17) as a chip linking to the
 * car's page, the one photo alone, "3 Likes", Share and the comments preview.
 */
export const OwnPost: Story = {
  play: async ({ canvas }) => {
    const article = await card(canvas, '911 SC back from the paint shop');
    const view = within(article);
    await expect(view.getByRole('link', { name: 'Maya Fischer' })).toHaveAttribute('href', '/profile/maya.drives');
    await expect(view.getByText('Nov 22, 2026, 7:30 AM')).toHaveAttribute('datetime', '2026-11-22T07:30:00.000Z');
    await expect(await view.findByRole('link', { name: 'Edit post' })).toHaveAttribute('href', `/post/${FIXTURE.posts.own}/edit`);
    await expect(view.getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    await expect(view.getByRole('heading', { level: 2, name: '911 SC back from the paint shop' })).toBeInTheDocument();
    await expect(view.getByText(/^Eight weeks, one very patient painter/)).toBeInTheDocument();
    await expect(view.getByRole('link', { name: '1981 Porsche 911 SC' })).toHaveAttribute('href', `/car/${FIXTURE.cars.own}`);
    await expect(view.getByRole('group', { name: '911 SC back from the paint shop' })).toBeInTheDocument();
    await expect(view.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    await expect(view.getByRole('button', { name: '3 Likes', pressed: false })).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Save post', pressed: false })).toBeInTheDocument();
    await expect(await view.findByRole('button', { name: 'View all 12 comments' })).toBeInTheDocument();
    await expect(view.queryByText(/^Posted in/)).not.toBeInTheDocument();
    // Nobody reports their own post.
    await expect(view.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    await imageShown(article);
  },
};

/** At 375 px. */
export const OwnPostMobile: Story = { ...OwnPost, globals: mobile };

/**
 * Someone else's post (Lena's E-Type, four photos): no Edit, no Delete, but "More actions" (to
 * report it); Maya already likes it and has saved it (the filled bookmark). The car chip names a
 * model Lena typed in (the list lacks the E-Type), like any other.
 */
export const OthersPost: Story = {
  args: { postId: FIXTURE.posts.others },
  play: async ({ canvas }) => {
    const article = await card(canvas, 'Restomod E-Type: electrics done');
    const view = within(article);
    await expect(await view.findByRole('button', { name: 'More actions' })).toHaveAttribute('aria-expanded', 'false');
    await expect(await view.findByRole('button', { name: '2 Likes', pressed: true })).toBeEnabled();
    await expect(await view.findByRole('button', { name: 'Save post', pressed: true })).toBeInTheDocument();
    await expect(view.queryByRole('link', { name: 'Edit post' })).not.toBeInTheDocument();
    await expect(view.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Image 4 of 4' })).toBeInTheDocument();
    await expect(view.getByRole('link', { name: '1964 Jaguar E-Type Series 1 restomod' })).toHaveAttribute('href', `/car/${FIXTURE.cars.typedModel}`);
    await imageShown(article);
  },
};

/** A post tagged to no car: no chip, the photo right under the words. */
export const Untagged: Story = {
  args: { postId: 'p-sam-ceramic' },
  play: async ({ canvas }) => {
    const article = await card(canvas, 'Ceramic coating: worth it on a daily?');
    await expect(article.querySelector('[data-slot="car-chip"]')).toBeNull();
    await imageShown(article);
  },
};

/**
 * Lena's post in the community Maya created: "Posted in Air-Cooled Porsche Club" links to the
 * community; as its creator Maya may delete the post but not edit it (spec §6).
 */
export const CommunityCreatorView: Story = {
  args: { postId: FIXTURE.posts.inOwnCommunity },
  play: async ({ canvas }) => {
    const article = await card(canvas, '912 barn find: what would you do?');
    const view = within(article);
    const community = view.getByRole('link', { name: 'Posted in Air-Cooled Porsche Club' });
    await expect(community).toHaveAttribute('href', `/community/${FIXTURE.communities.airCooled}`);
    await expect(await view.findByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    await expect(view.queryByRole('link', { name: 'Edit post' })).not.toBeInTheDocument();
    // Not hers, so she may report it too.
    await expect(view.getByRole('button', { name: 'More actions' })).toBeInTheDocument();
    await imageShown(article);
  },
};

/** Someone else's post: "More actions" opens a menu with Report post. */
export const MoreActionsMenu: Story = {
  args: { postId: FIXTURE.posts.others },
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, 'Restomod E-Type: electrics done');
    await userEvent.click(await within(article).findByRole('button', { name: 'More actions' }));
    const menu = within(await body.findByRole('menu'));
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Report post']);
    await imageShown(article);
  },
};

/** At 375 px, the menu stays on the screen. */
export const MoreActionsMenuMobile: Story = { ...MoreActionsMenu, globals: mobile };

/**
 * Report post opens "Report this post"; sent, the thanks; Done gives the focus back to "More
 * actions". The report reached the backend.
 */
export const ReportPost: Story = {
  args: { postId: FIXTURE.posts.others },
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, 'Restomod E-Type: electrics done');
    const more = await within(article).findByRole('button', { name: 'More actions' });
    await userEvent.click(more);
    await userEvent.click(within(await body.findByRole('menu')).getByRole('menuitem', { name: 'Report post' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Report this post' }));
    await userEvent.click(dialog.getByText('Stolen photo'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    const done = await dialog.findByRole('button', { name: 'Done' });
    await expect(dialog.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.reportSent);
    await waitFor(() =>
      expect(storyBackend.state.reports).toContainEqual(
        expect.objectContaining({ reporterId: FIXTURE.users.maya, kind: 'post', targetId: FIXTURE.posts.others, reason: 'stolen_photo' }),
      ),
    );
    await userEvent.click(done);
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(more).toHaveFocus());
    more.blur();
    await imageShown(article);
  },
};

/** Five photos: arrows and five dots. */
export const FiveImages: Story = {
  args: { postId: FIXTURE.posts.fiveImages },
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, 'AE86 on fresh coilovers');
    const view = within(article);
    await expect(view.getAllByRole('button', { name: /^Image \d of 5$/ })).toHaveLength(5);
    await userEvent.click(view.getByRole('button', { name: 'Image 5 of 5' }));
    await expect(view.getByRole('img', { name: 'AE86 on fresh coilovers, image 5 of 5' })).toBeVisible();
  },
};

/** At 375 px, five photos. */
export const FiveImagesMobile: Story = {
  args: { postId: FIXTURE.posts.fiveImages },
  globals: mobile,
  play: async ({ canvas }) => {
    const article = await card(canvas, 'AE86 on fresh coilovers');
    await expect(article.getBoundingClientRect().width).toBe(343);
    await imageShown(article);
  },
};

/**
 * Photos with descriptions (issue 18): each is the image's `alt`, and an "ALT" badge on the photo
 * shows it on a click (Escape hides it again). Photo 2 has none: no badge, and its alt is the
 * card's own wording. The screenshot shows photo 3's description open.
 */
export const PhotoDescriptions: Story = {
  args: { postId: FIXTURE.posts.described },
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, 'Sunrise run over the Col de Turini');
    const view = within(article);
    const [first, , third] = FIXTURE_PHOTO_DESCRIPTIONS as [string, string, string];
    await expect(view.getByRole('img', { name: first })).toBeVisible();
    const badge = view.getByRole('button', { name: 'ALT: photo description' });
    await expect(badge).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(badge);
    await expect(badge).toHaveAttribute('aria-expanded', 'true');
    await expect(view.getByText(first, { selector: 'p' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(badge).toHaveAttribute('aria-expanded', 'false');
    await expect(badge).toHaveFocus();

    await userEvent.click(view.getByRole('button', { name: 'Image 2 of 3' }));
    await expect(view.getByRole('img', { name: 'Sunrise run over the Col de Turini, image 2 of 3' })).toBeVisible();
    await expect(view.queryByRole('button', { name: 'ALT: photo description' })).not.toBeInTheDocument();

    await userEvent.click(view.getByRole('button', { name: 'Image 3 of 3' }));
    await expect(view.getByRole('img', { name: third })).toBeVisible();
    await userEvent.click(view.getByRole('button', { name: 'ALT: photo description' }));
    await expect(view.getByText(third, { selector: 'p' })).toBeVisible();
    await imageShown(article);
  },
};

/** A long title and long content: they wrap inside the card, and the content keeps its paragraphs. */
export const LongText: Story = {
  args: { postId: FIXTURE.posts.longText },
  play: async ({ canvas }) => {
    const article = await card(canvas, /^E30 M3 tribute build, week 12/);
    const content = within(article).getByText(/^Twelve weeks in/);
    await expect(content.textContent).toContain('\n\nThe Getrag 265');
    await expect(getComputedStyle(content).whiteSpace).toBe('pre-line');
    await expect(article.scrollWidth).toBe(article.clientWidth);
    await imageShown(article);
  },
};

/** At 375 px, long texts. */
export const LongTextMobile: Story = { ...LongText, globals: mobile };

/** Liking from the card counts at once. */
export const Like: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, '911 SC back from the paint shop');
    const like = within(article).getByRole('button', { name: '3 Likes' });
    await waitFor(() => expect(like).toBeEnabled());
    await userEvent.click(like);
    await expect(within(article).getByRole('button', { name: '4 Likes', pressed: true })).toBeInTheDocument();
    await imageShown(article);
  },
};

/** A failed like goes back silently (spec §8). */
export const LikeRollback: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('posts.like', 500, 'Server down'));
  },
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, '911 SC back from the paint shop');
    const like = within(article).getByRole('button', { name: '3 Likes' });
    await waitFor(() => expect(like).toBeEnabled());
    await userEvent.click(like);
    await waitFor(() => expect(within(article).getByRole('button', { name: '3 Likes', pressed: false })).toBeInTheDocument());
    await expect(within(article).queryByRole('alert')).not.toBeInTheDocument();
    await imageShown(article);
  },
};

/** Saving from the card: the bookmark fills at once and the post is on Maya's Saved page. */
export const Save: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, '911 SC back from the paint shop');
    // The bookmark shows once the session is known (signed out, there is none).
    await userEvent.click(await within(article).findByRole('button', { name: 'Save post', pressed: false }));
    await expect(within(article).getByRole('button', { name: 'Save post', pressed: true })).toBeInTheDocument();
    await waitFor(() => expect(storyBackend.state.saves).toContainEqual(expect.objectContaining({ userId: FIXTURE.users.maya, postId: FIXTURE.posts.own })));
    await expect(within(article).queryByText(/^Could not save/)).not.toBeInTheDocument();
    await imageShown(article);
  },
};

/** Saving fails: the bookmark goes back and the server's message shows beside it. */
export const SaveFails: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('posts.save', 404, 'Post not found.'));
  },
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, '911 SC back from the paint shop');
    // The bookmark shows once the session is known (signed out, there is none).
    await userEvent.click(await within(article).findByRole('button', { name: 'Save post', pressed: false }));
    await waitFor(() => expect(within(article).getByRole('button', { name: 'Save post', pressed: false })).toBeInTheDocument());
    await expect(await within(article).findByText('Post not found.')).toHaveAttribute('role', 'status');
    await imageShown(article);
  },
};

/**
 * Delete: "Delete Post" asks first; "Deleting..." while it runs; then `onDeleted` (the page goes
 * to `/`) and the post is gone from the backend.
 */
export const DeletePost: Story = {
  beforeEach: ({ msw }) => {
    msw.use(slowRoute(storyBackend, 'posts.delete', 300));
  },
  play: async ({ args, canvas, userEvent }) => {
    const article = await card(canvas, '911 SC back from the paint shop');
    await userEvent.click(await within(article).findByRole('button', { name: 'Delete post' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete Post' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to permanently delete this post?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalledWith(FIXTURE.posts.own));
    await expect(storyBackend.state.posts.some((p) => p.id === FIXTURE.posts.own)).toBe(false);
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByText('Post deleted: the page goes to /.')).toBeInTheDocument();
  },
};

/** The delete fails with a message: the server's message shows in the card (spec §8). */
export const DeleteFailsWithServerMessage: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('posts.delete', 500, 'Server down'));
  },
  play: async ({ args, canvas, userEvent }) => {
    const article = await card(canvas, '911 SC back from the paint shop');
    await userEvent.click(await within(article).findByRole('button', { name: 'Delete post' }));
    await userEvent.click(within(await body.findByRole('alertdialog', { name: 'Delete Post' })).getByRole('button', { name: 'Delete' }));
    await expect(await within(article).findByRole('alert')).toHaveTextContent('Server down');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onDeleted).not.toHaveBeenCalled();
    await imageShown(article);
  },
};

/** The delete fails without a message: "An error occurred." (spec §8). */
export const DeleteFailsWithoutMessage: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.delete('*/api/posts/:id', () => HttpResponse.json({}, { status: 500 })));
  },
  play: async ({ args, canvas, userEvent }) => {
    const article = await card(canvas, '911 SC back from the paint shop');
    await userEvent.click(await within(article).findByRole('button', { name: 'Delete post' }));
    await userEvent.click(within(await body.findByRole('alertdialog', { name: 'Delete Post' })).getByRole('button', { name: 'Delete' }));
    await expect(await within(article).findByRole('alert')).toHaveTextContent('An error occurred.');
    await expect(args.onDeleted).not.toHaveBeenCalled();
    await imageShown(article);
  },
};

/** While the post loads, the card's skeleton stands in its place. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('posts.get'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading post');
  },
};
