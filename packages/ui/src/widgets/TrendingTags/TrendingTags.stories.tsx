import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { TrendingTags } from './TrendingTags.tsx';

const meta = {
  title: 'Widgets/TrendingTags',
  component: TrendingTags,
  parameters: { session: true },
  beforeEach: mockApi(fixtures.withTags),
  decorators: [(Story) => <div className="max-w-5xl">{<Story />}</div>],
} satisfies Meta<typeof TrendingTags>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };

/** The tags of the most posts of the last days, most first, each linking to its page with its count. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Trending tags' });
    const links = within(list).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(FIXTURE.tags.trending.map(({ tag, postCount }) => `#${tag} ${postCount} ${postCount === 1 ? 'post' : 'posts'}`));
    await expect(within(list).getByRole('link', { name: '#trackday 3 posts' })).toHaveAttribute('href', '/tags/trackday');
    await expect(within(list).getByRole('link', { name: '#911 1 post' })).toHaveAttribute('href', '/tags/911');
  },
};

export const Mobile: Story = { ...Default, globals: mobile };

/** While loading: chip-shaped placeholders under the heading. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.withTags, neverRespond('tags.trending')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Trending tags' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Loading trending tags')).toBeInTheDocument();
  },
};

/** The tags failed to load: the fallback text and Try again. */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.withTags, failRoute('tags.trending', 500, '')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load the trending tags.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** No tag used lately: the section is left out altogether. */
export const Empty: Story = {
  beforeEach: mockApi(fixtures.standard),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="trending-tags"]')).toBeNull());
    await expect(canvasElement.textContent).toBe('');
  },
};
