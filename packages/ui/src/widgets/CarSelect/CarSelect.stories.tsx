import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { useGarage, useSession } from '@pitlane/api/hooks';
import { FIXTURE, fixtures, mockApi } from '@pitlane/api/mocks';
import { mobile } from '../CarCard/car-stories.tsx';
import { CarSelect, type CarSelectProps } from './CarSelect.tsx';

/** The select as a form holds it: its value in state. */
function Controlled({ value: initial, onChange, ...props }: CarSelectProps) {
  const [value, setValue] = React.useState(initial);
  return (
    <div className="max-w-md">
      <CarSelect
        {...props}
        value={value}
        onChange={(carId) => {
          onChange(carId);
          setValue(carId);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Widgets/CarSelect',
  component: Controlled,
  parameters: { session: true },
  args: { value: '', onChange: fn() },
  beforeEach: mockApi(),
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Car:" with "None" and the signed-in author's cars, the past one marked. */
export const Garage: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const select = await canvas.findByRole('combobox', { name: 'Car:' });
    await waitFor(() => expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual(['None', '2017 Mazda MX-5 RF', '1981 Porsche 911 SC', '2002 BMW M3 E46 (past)']));
    await expect(select).toHaveValue('');
    await userEvent.selectOptions(select, '1981 Porsche 911 SC');
    await expect(args.onChange).toHaveBeenCalledWith(FIXTURE.cars.own);
  },
};

/** At 375 px. */
export const GarageMobile: Story = { ...Garage, globals: mobile };

/** Edit Post: the post's car is chosen from the start, even before the garage has loaded. */
export const CurrentCar: Story = {
  args: { value: FIXTURE.cars.own, current: { _id: FIXTURE.cars.own, year: 1981, make: 'Porsche', model: '911', trim: 'SC' } },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Car:' });
    await expect(select).toHaveValue(FIXTURE.cars.own);
    await waitFor(() => expect((select as HTMLSelectElement).options).toHaveLength(4));
  },
};

/** Says when the signed-in person's garage has been read (the same query the select reads). */
function GarageRead() {
  const { user } = useSession();
  const garage = useGarage(user?.id);
  return garage.data ? <p className="text-sm text-muted-foreground">{`Garage read: ${garage.data.length} cars.`}</p> : null;
}

/** An empty garage and no tag: nothing to choose, so no field at all. */
export const EmptyGarage: Story = {
  beforeEach: mockApi(fixtures.empty),
  render: (args) => (
    <>
      <Controlled {...args} />
      <GarageRead />
    </>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('Garage read: 0 cars.')).toBeVisible();
    await expect(canvasElement.querySelector('select')).toBeNull();
  },
};
