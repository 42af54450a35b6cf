import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { carColumn, mobile } from '../CarCard/car-stories.tsx';
import { CarHeader, type CarHeaderProps } from './CarHeader.tsx';

/** The header as the car page has it: once the car is removed the page leaves (here, a note says so). */
function OnCarPage({ onRemoved, ...props }: CarHeaderProps) {
  const [removed, setRemoved] = React.useState(false);
  if (removed) return <p className="text-sm text-muted-foreground">Car removed: the page goes to the owner's profile.</p>;
  return (
    <CarHeader
      {...props}
      onRemoved={(car) => {
        onRemoved(car);
        setRemoved(true);
      }}
    />
  );
}

const meta = {
  title: 'Widgets/CarHeader',
  component: OnCarPage,
  parameters: { session: true },
  args: { carId: FIXTURE.cars.own, onRemoved: fn() },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  decorators: [carColumn],
} satisfies Meta<typeof OnCarPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const header = async (canvas: ReturnType<typeof within>, name: string) => {
  await canvas.findByRole('heading', { level: 1, name });
  return within(canvas.getByRole('banner'));
};
/** The specs as term → value. */
const specs = (view: ReturnType<typeof within>) =>
  Object.fromEntries(view.getAllByRole('term').map((term: HTMLElement) => [term.textContent, term.nextElementSibling?.textContent]));

/**
 * The owner's car: the cover with its description (ALT), the name as the title, the owner, Edit
 * and Remove, the specs, the link to every car of the model, description and counts.
 */
export const Own: Story = {
  play: async ({ canvas }) => {
    const view = await header(canvas, '1981 Porsche 911 SC');
    await expect(view.getByRole('img', { name: 'A red 1981 Porsche 911 SC parked on a mountain road at dawn.' })).toBeVisible();
    await expect(view.getByRole('link', { name: 'Owned by Maya Fischer' })).toHaveAttribute('href', '/profile/maya.drives');
    await expect(specs(view)).toEqual({ Year: '1981', Make: 'Porsche', Model: '911', 'Trim or nickname': 'SC', Colour: 'Guards Red', Ownership: 'Owned now' });
    await expect(view.getByRole('link', { name: 'Every Porsche 911 on Pitlane' })).toHaveAttribute('href', '/cars/Porsche/911');
    await expect(view.getByText(/^Bought as a tired US import/)).toBeVisible();
    await expect(view.getByText('3 posts · 10 log entries')).toBeVisible();
    await expect(await view.findByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Remove' })).toBeVisible();
  },
};

/** At 375 px. */
export const OwnMobile: Story = { ...Own, globals: mobile };

/** Someone else's car: no Edit, no Remove. */
export const Others: Story = {
  args: { carId: FIXTURE.cars.others },
  play: async ({ canvas }) => {
    const view = await header(canvas, '1991 Porsche 911 Carrera 2');
    await expect(view.getByRole('link', { name: 'Owned by Tomás Ortega' })).toHaveAttribute('href', '/profile/tomas.trackday');
    await expect(view.queryByRole('button', { name: 'Edit' })).toBeNull();
    await expect(view.queryByRole('button', { name: 'Remove' })).toBeNull();
  },
};

/** No cover, no description: the placeholder in the cover's place. */
export const WithoutCover: Story = {
  args: { carId: FIXTURE.cars.ownNoCover },
  play: async ({ canvas }) => {
    const view = await header(canvas, '2017 Mazda MX-5 RF');
    await expect(canvas.getByRole('banner').querySelector('[data-placeholder]')).not.toBeNull();
    await expect(view.getByText('0 posts · 0 log entries')).toBeVisible();
  },
};

/** A past car: "Past car" on the cover, "Formerly owned by", ownership "Past car". */
export const PastCar: Story = {
  args: { carId: FIXTURE.cars.ownPast },
  play: async ({ canvas }) => {
    const view = await header(canvas, '2002 BMW M3 E46');
    await expect(view.getByRole('link', { name: 'Formerly owned by Maya Fischer' })).toBeVisible();
    await expect(specs(view).Ownership).toBe('Past car');
  },
};

/** A typed model (the list lacks the E-Type) links to its model page like any other. */
export const TypedModel: Story = {
  args: { carId: FIXTURE.cars.typedModel },
  play: async ({ canvas }) => {
    const view = await header(canvas, '1964 Jaguar E-Type Series 1 restomod');
    await expect(view.getByRole('link', { name: 'Every Jaguar E-Type on Pitlane' })).toHaveAttribute('href', '/cars/Jaguar/E-Type');
  },
};

/** While the car loads: the header's shape. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('cars.get')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading car' })).toBeVisible();
  },
};

/** No such car (or no longer): the server's "Car not found." is the page's heading. */
export const NotFound: Story = {
  args: { carId: 'car-missing' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Car not found.' })).toBeVisible();
  },
};

/** Failed without a message: the fallback says what may have happened. */
export const FailedWithoutMessage: Story = {
  beforeEach: mockApi(fixtures.standard, http.get('*/api/cars/:id', () => HttpResponse.json({}, { status: 500 }))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Could not load this car. It may have been removed or the link is incorrect.' })).toBeVisible();
  },
};

/** Edit opens the car form over the car. */
export const Edit: Story = {
  play: async ({ canvas, userEvent }) => {
    const view = await header(canvas, '1981 Porsche 911 SC');
    await userEvent.click(await view.findByRole('button', { name: 'Edit' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Edit car' }));
    await expect(dialog.getByRole('textbox', { name: 'Colour' })).toHaveValue('Guards Red');
  },
};

/** Remove asks first, then the page is told (it goes to the owner's profile). */
export const Remove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const view = await header(canvas, '1981 Porsche 911 SC');
    await userEvent.click(await view.findByRole('button', { name: 'Remove' }));
    const confirm = await body.findByRole('alertdialog', { name: 'Remove 1981 Porsche 911 SC?' });
    await expect(confirm).toHaveAccessibleDescription('Remove this car? Its posts stay, without the tag; its build log entries are deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(args.onRemoved).toHaveBeenCalledWith(expect.objectContaining({ _id: FIXTURE.cars.own })));
    await expect(await canvas.findByText("Car removed: the page goes to the owner's profile.")).toBeVisible();
  },
};

/** The removal fails: the server's message under the header, the car stays. */
export const RemoveFails: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.delete', 500, 'Server down')),
  play: async ({ args, canvas, userEvent }) => {
    const view = await header(canvas, '1981 Porsche 911 SC');
    await userEvent.click(await view.findByRole('button', { name: 'Remove' }));
    await userEvent.click(within(await body.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await expect(await view.findByRole('alert')).toHaveTextContent('Server down');
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(args.onRemoved).not.toHaveBeenCalled();
  },
};
