import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { createMockBackend, FIXTURE, fixtures, handlers, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { ProfileCommunities } from './ProfileCommunities.tsx';

const mockApi =
  (seed: () => MockSeed = fixtures.standard, ...overrides: HttpHandler[]) =>
  ({ msw }: Pick<StoryContext, 'msw'>) => {
    msw.use(...handlers(createMockBackend(seed())));
    if (overrides.length > 0) msw.use(...overrides);
  };

/** Screenshots wait for every picture: Radix mounts an avatar's image only once it has loaded. */
async function picturesLoaded() {
  await waitFor(() => {
    expect(document.body.querySelectorAll('[data-slot="avatar-fallback"]')).toHaveLength(0);
    for (const img of document.body.querySelectorAll('img')) expect(img.complete && img.naturalWidth > 0).toBe(true);
  });
}

const meta = {
  title: 'Widgets/ProfileCommunities',
  component: ProfileCommunities,
  parameters: { session: true },
  args: { username: 'maya.drives' },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  decorators: [(Story) => <div className="max-w-2xl">{<Story />}</div>],
} satisfies Meta<typeof ProfileCommunities>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One's own profile: "Your Communities", cards with name and "[n] members". */
export const Own: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Your Communities' })).toBeVisible();
    const card = canvas.getByRole('link', { name: 'Air-Cooled Porsche Club' });
    await expect(card).toHaveAttribute('href', `/community/${FIXTURE.communities.airCooled}`);
    await expect(card.closest('article')).toHaveTextContent('4 members');
    await expect(canvas.getByRole('link', { name: 'JDM Legends' }).closest('article')).toHaveTextContent('3 members');
  },
};

/** Someone else's profile: "Communities". */
export const Others: Story = {
  args: { username: 'ruby.roadtrip' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Communities' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sunday Morning Meets' })).toBeVisible();
  },
};

/** In no community: the section is left out (the spec has no empty text for it). */
export const NoCommunities: Story = {
  beforeEach: mockApi(fixtures.empty),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[role="status"]')).toBeNull());
    await expect(canvasElement.querySelector('section')).toBeNull();
  },
};

/** While the profile loads. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('users.profile')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading communities' })).toBeVisible();
  },
};

/** On a phone: two cards a row. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { username: 'ruby.roadtrip' },
  play: async ({ canvas }) => {
    const [first, second] = await canvas.findAllByRole('listitem');
    await expect(first!.getBoundingClientRect().top).toBe(second!.getBoundingClientRect().top);
  },
};
