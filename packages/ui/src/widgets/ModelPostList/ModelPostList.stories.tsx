import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { carColumn, mobile } from '../CarCard/car-stories.tsx';
import { pinnedDates } from '../PostCard/post-stories.tsx';
import { ModelPostList } from './ModelPostList.tsx';

const meta = {
  title: 'Widgets/ModelPostList',
  component: ModelPostList,
  parameters: { session: true },
  args: { make: 'Porsche', model: '911' },
  beforeEach: mockApi(),
  decorators: [carColumn, pinnedDates],
} satisfies Meta<typeof ModelPostList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The posts tagged to any 911 that Maya may see, newest first, as full cards; then the end. */
export const Full: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Posts about the Porsche 911' });
    await waitFor(() => expect(list.querySelectorAll(':scope > li').length).toBeGreaterThan(1));
    const chips = [...list.querySelectorAll('[data-slot="car-chip"]')].map((chip) => chip.textContent);
    await expect(chips.every((chip) => / Porsche 911 /.test(`${chip} `))).toBe(true);
    await expect(await canvas.findByText("That's every post about this model.")).toBeVisible();
    const photo = list.querySelector<HTMLImageElement>('[data-slot="image-slider"] img')!;
    await waitFor(() => expect(photo.complete && photo.naturalWidth > 0).toBe(true));
  },
};

/** At 375 px. */
export const FullMobile: Story = { ...Full, globals: mobile };

/** No post tagged to the model. */
export const Empty: Story = {
  args: { make: 'Lotus', model: 'Elise' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No posts tagged to this model yet.')).toBeVisible();
  },
};

/** While the first page loads. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('cars.modelPosts')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading posts');
  },
};

/** The posts failed: the server's message and "Try again". */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.modelPosts', 500, 'Server down')),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server down');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
