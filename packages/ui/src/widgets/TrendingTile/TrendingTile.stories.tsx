import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { Post } from '@pitlane/api/contract';
import { avatarImage, carImage, FIXTURE_NOW } from '@pitlane/api/mocks';
import { TrendingTile } from './TrendingTile.tsx';

const post = (overrides: Partial<Post> = {}): Post => ({
  _id: 'p-kenji-ae86',
  title: 'AE86 on fresh coilovers',
  content: 'Finally dialled in the ride height.',
  imageUrls: [carImage({ seed: 'p-kenji-ae86:0', shape: 'coupe' }), carImage({ seed: 'p-kenji-ae86:1' })],
  likes: ['u-maya'],
  author: { _id: 'u-kenji', username: 'kenji.r', fullName: 'Kenji Watanabe', profilePictureUrl: avatarImage('Kenji Watanabe') },
  community: null,
  createdAt: FIXTURE_NOW.toISOString(),
  saved: false,
  ...overrides,
});

const meta = {
  title: 'Widgets/TrendingTile',
  component: TrendingTile,
  args: { post: post(), eager: true },
  decorators: [(Story) => <div className="w-64"><Story /></div>],
} satisfies Meta<typeof TrendingTile>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first image, the title and "by [author full name]", linking to the discovered post (spec §2). */
export const Default: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'AE86 on fresh coilovers by Kenji Watanabe' });
    await expect(link).toHaveAttribute('href', '/discover/post/p-kenji-ae86');
    const img = link.querySelector('img')!;
    await expect(img).toHaveAttribute('src', post().imageUrls[0]);
    const box = img.getBoundingClientRect();
    await expect(box.width).toBe(box.height);
  },
};

/** A long title and a long name stay on one line each, cut with an ellipsis; the full text is still the link's name. */
export const LongTexts: Story = {
  args: {
    post: post({
      title: 'E30 M3 tribute build, week 12: S14 rebuild, Getrag dogleg swap, Bilstein B6 all round',
      author: { _id: 'u-x', username: 'x', fullName: 'Maximilian Alexander von Hohenberg-Württemberg', profilePictureUrl: avatarImage('M H') },
    }),
  },
  play: async ({ canvas }) => {
    const title = canvas.getByText(/^E30 M3 tribute build/);
    await expect(title.scrollWidth).toBeGreaterThan(title.clientWidth);
    await expect(canvas.getByRole('link')).toHaveAccessibleName(/Getrag dogleg swap, Bilstein B6 all round by Maximilian Alexander von Hohenberg-Württemberg$/);
  },
};

/** A post without images (an edit may remove them all) keeps its square, with a placeholder icon. */
export const NoImage: Story = {
  args: { post: post({ imageUrls: [] }) },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'AE86 on fresh coilovers by Kenji Watanabe' });
    await expect(link.querySelector('img')).toBeNull();
    const square = link.querySelector<HTMLElement>('[data-slot="post-thumbnail"]')!.getBoundingClientRect();
    await expect(square.width).toBe(square.height);
  },
};

/** At phone width the tile is a 150 px-plus column of the grid. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  decorators: [(Story) => <div className="w-[163px]"><Story /></div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByText('by Kenji Watanabe')).toBeVisible();
  },
};
