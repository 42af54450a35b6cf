import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { CAR_LIST, failRoute, FIXTURE, fixtures, makeCar, mockApi, neverRespond } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { mobile, profileColumn } from '../CarCard/car-stories.tsx';
import { ModelCarGrid } from './ModelCarGrid.tsx';

/** The standard world with a dozen more MX-5s, so the model's cars take two pages. */
function manyMiatas() {
  const seed = fixtures.standard();
  // Not the block and mute people (issue 18): a model's page leaves out the viewer's block pairs.
  const aside: string[] = [FIXTURE.users.blocked, FIXTURE.users.muted, FIXTURE.users.blockedMe];
  const owners = Object.values(FIXTURE.users).filter((id) => !aside.includes(id));
  for (let i = 0; i < 14; i++) {
    seed.cars.push(
      makeCar({
        id: `car-mx5-${i}`,
        ownerId: owners[i % owners.length]!,
        makeId: CAR_LIST.mazda.id,
        make: 'Mazda',
        modelId: CAR_LIST.mazda.models['MX-5']!,
        model: 'MX-5',
        year: 1990 + i,
        coverImageUrl: '',
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      }),
    );
  }
  return seed;
}

const meta = {
  title: 'Widgets/ModelCarGrid',
  component: ModelCarGrid,
  parameters: { session: true },
  // As the URL names it: any case; the heading spells it as the cars do.
  args: { make: 'porsche', model: '911' },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  decorators: [profileColumn],
} satisfies Meta<typeof ModelCarGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every 911 on Pitlane: the heading, the count, and the cards with their owners. */
export const Full: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Porsche 911' })).toBeVisible();
    await expect(canvas.getByText('3 cars on Pitlane')).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Cars: Porsche 911' });
    const cards = within(list).getAllByRole('link');
    await expect(cards.map((card) => card.textContent)).toEqual(['1991 Porsche 911 Carrera 2', '1996 Porsche 911 Carrera', '1981 Porsche 911 SC']);
    await expect(cards[0]).toHaveAttribute('href', `/car/${FIXTURE.cars.others}`);
    await expect(list).toHaveTextContent('Tomás Ortega');
  },
};

/** At 375 px: two cards a row. */
export const FullMobile: Story = { ...Full, globals: mobile };

/** A model no one has: the URL's words as the heading, and the empty text. */
export const Empty: Story = {
  args: { make: 'Lotus', model: 'Elise' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No one has added this model to their garage yet.')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Lotus Elise' })).toBeVisible();
    await expect(canvas.getByText('0 cars on Pitlane')).toBeVisible();
  },
};

/** One car: "1 car". */
export const OneCar: Story = {
  args: { make: 'jaguar', model: 'e-type' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Jaguar E-Type' })).toBeVisible();
    await expect(canvas.getByText('1 car on Pitlane')).toBeVisible();
  },
};

/** More than a page: the next one loads as the end comes near. */
export const InfiniteScroll: Story = {
  args: { make: 'Mazda', model: 'MX-5' },
  beforeEach: mockApi(manyMiatas),
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByText('16 cars on Pitlane')).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Cars: Mazda MX-5' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    canvasElement.querySelector('[data-slot="model-car-grid-sentinel"]')!.scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(16));
    window.scrollTo(0, 0);
  },
};

/** While the cars load: placeholders for the heading (screen readers hear the URL's words) and the cards. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('cars.byModel')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading cars' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'porsche 911' })).toBeInTheDocument();
  },
};

/** The cars failed to load: the server's message and "Try again". */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.byModel', 500, 'Server down')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server down');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Failed without a message: "Could not load the cars of this model." */
export const FailedWithoutMessage: Story = {
  beforeEach: mockApi(fixtures.standard, http.get('*/api/cars/by-model/:make/:model', () => HttpResponse.json({}, { status: 500 }))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load the cars of this model.');
  },
};
