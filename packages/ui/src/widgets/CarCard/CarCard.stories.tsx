import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FIXTURE, mockApi } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { CarCard, CarCardSkeleton } from './CarCard.tsx';
import { mobile, WithCar } from './car-stories.tsx';

/** Cards as a garage lays them out: three to a row (two on a phone), over cars from the fake backend. */
function Cards({ carIds, showOwner = false }: { carIds: string[]; showOwner?: boolean }) {
  return (
    <ul className="grid max-w-[864px] grid-cols-2 gap-3 sm:grid-cols-3">
      {carIds.map((carId) => (
        <li key={carId} className="flex">
          <WithCar carId={carId}>{(car) => <CarCard car={car} showOwner={showOwner} className="flex-1" />}</WithCar>
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: 'Widgets/CarCard',
  component: Cards,
  parameters: { session: true },
  args: { carIds: [FIXTURE.cars.own, FIXTURE.cars.ownNoCover, FIXTURE.cars.ownPast] },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
} satisfies Meta<typeof Cards>;
export default meta;
type Story = StoryObj<typeof meta>;

const cardOf = async (canvas: ReturnType<typeof within>, name: string) => (await canvas.findByRole('link', { name })).closest('article')!;

/**
 * Maya's garage: the 911 SC with its cover, the MX-5 without one (the placeholder), and the M3
 * she sold ("Past"). Each card links to the car's page and counts its posts and log entries.
 */
export const Garage: Story = {
  play: async ({ canvas }) => {
    const sc = await cardOf(canvas, '1981 Porsche 911 SC');
    await expect(within(sc).getByRole('link')).toHaveAttribute('href', `/car/${FIXTURE.cars.own}`);
    await expect(within(sc).getByRole('img', { name: 'A red 1981 Porsche 911 SC parked on a mountain road at dawn.' })).toBeVisible();
    await expect(sc).toHaveTextContent('Guards Red');
    await expect(sc).toHaveTextContent(/\d+ posts · 10 log entries/);
    const mx5 = await cardOf(canvas, '2017 Mazda MX-5 RF');
    await expect(within(mx5).queryByRole('img')).toBeNull();
    await expect(mx5.querySelector('[data-placeholder]')).not.toBeNull();
    await expect(mx5).toHaveTextContent('0 posts · 0 log entries');
    const m3 = await cardOf(canvas, '2002 BMW M3 E46');
    await expect(within(m3).getByText('Past')).toBeVisible();
    await expect(within(sc).queryByText('Past')).toBeNull();
  },
};

/** With the owner (a model's page, where cars of many people meet). */
export const WithOwner: Story = {
  args: { carIds: [FIXTURE.cars.others, FIXTURE.cars.own, 'car-sam-993'], showOwner: true },
  play: async ({ canvas }) => {
    const card = await cardOf(canvas, '1991 Porsche 911 Carrera 2');
    await expect(card).toHaveTextContent('Tomás Ortega');
  },
};

/** On a phone: two cards a row, the names wrap. */
export const Mobile: Story = {
  ...Garage,
  globals: mobile,
};

/** While the garage loads: the cards' shape. */
export const Skeleton: Story = {
  render: () => (
    <div className="grid max-w-[864px] grid-cols-2 gap-3 sm:grid-cols-3">
      <CarCardSkeleton />
      <CarCardSkeleton />
      <CarCardSkeleton />
    </div>
  ),
};
