import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { ProfileCommunities } from './ProfileCommunities.tsx';

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
