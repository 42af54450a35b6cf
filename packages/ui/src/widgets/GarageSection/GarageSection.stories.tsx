import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { mobile, profileColumn } from '../CarCard/car-stories.tsx';
import { GarageSection } from './GarageSection.tsx';

/** The standard world where Tomás has sold everything: someone else's empty garage. */
function withoutTomasCars() {
  const seed = fixtures.standard();
  seed.cars = seed.cars.filter((car) => car.ownerId !== FIXTURE.users.tomas);
  return seed;
}

const meta = {
  title: 'Widgets/GarageSection',
  component: GarageSection,
  parameters: { session: true },
  args: { userId: FIXTURE.users.maya, onCarAdded: fn() },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  decorators: [profileColumn],
} satisfies Meta<typeof GarageSection>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const garage = async (canvas: ReturnType<typeof within>) => within(await canvas.findByRole('region', { name: 'Garage' }));

/**
 * One's own garage: "Garage" with "Add car", the current cars first, newest added first (the
 * MX-5 with the placeholder, the 911 SC), then the M3 marked "Past", each linking to its page
 * with an Edit button.
 */
export const Own: Story = {
  play: async ({ canvas }) => {
    const section = await garage(canvas);
    const links = await section.findAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(['2017 Mazda MX-5 RF', '1981 Porsche 911 SC', '2002 BMW M3 E46']);
    await expect(links[1]).toHaveAttribute('href', `/car/${FIXTURE.cars.own}`);
    // The buttons show once the session says whose profile this is.
    await expect(await section.findByRole('button', { name: 'Add car' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Edit 2002 BMW M3 E46' })).toBeVisible();
    await expect(section.getByText('Past')).toBeVisible();
  },
};

/** Someone else's garage: the cars, no Add car and no Edit. */
export const Others: Story = {
  args: { userId: FIXTURE.users.kenji },
  play: async ({ canvas }) => {
    const section = await garage(canvas);
    await expect(await section.findByRole('link', { name: '1986 Toyota Corolla AE86 GT-S' })).toBeVisible();
    await expect(section.getByRole('link', { name: '1993 Mazda RX-7 FD3S' })).toBeVisible();
    await expect(section.queryByRole('button')).toBeNull();
  },
};

/** One's own empty garage invites the first car. */
export const EmptyOwn: Story = {
  beforeEach: mockApi(fixtures.empty),
  play: async ({ canvas, userEvent }) => {
    const section = await garage(canvas);
    await expect(await section.findByText('Your garage is empty.')).toBeVisible();
    await expect(section.queryByRole('button', { name: 'Add car' })).toBeNull();
    await userEvent.click(section.getByRole('button', { name: 'Add your first car' }));
    await expect(await body.findByRole('dialog', { name: 'Add a car' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** Someone else's empty garage: "No cars in the garage yet." */
export const EmptyOthers: Story = {
  args: { userId: FIXTURE.users.tomas },
  beforeEach: mockApi(withoutTomasCars),
  play: async ({ canvas }) => {
    const section = await garage(canvas);
    await expect(await section.findByText('No cars in the garage yet.')).toBeVisible();
    await expect(section.queryByRole('button')).toBeNull();
  },
};

/** While the garage loads: three card skeletons. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('cars.byUser')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading garage' })).toBeVisible();
  },
};

/** The garage failed: the server's message and "Try again", which loads it. */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.byUser', 500, 'Server down')),
  play: async ({ canvas }) => {
    const section = await garage(canvas);
    await expect(await section.findByRole('alert')).toHaveTextContent('Server down');
    await expect(section.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Failed without a message: "Could not load the garage." */
export const FailedWithoutMessage: Story = {
  beforeEach: mockApi(fixtures.standard, http.get('*/api/cars/by-user/:userId', () => HttpResponse.json({}, { status: 500 }))),
  play: async ({ canvas }) => {
    await expect(await (await garage(canvas)).findByRole('alert')).toHaveTextContent('Could not load the garage.');
  },
};

/** "Add car" opens the car form. */
export const AddCar: Story = {
  play: async ({ canvas, userEvent }) => {
    const section = await garage(canvas);
    await userEvent.click(await section.findByRole('button', { name: 'Add car' }));
    const dialog = await body.findByRole('dialog', { name: 'Add a car' });
    await expect(within(dialog).getByRole('combobox', { name: 'Make' })).toHaveFocus();
  },
};

/**
 * Edit on a card opens the form with that car; "Remove car" asks first, then the car leaves the
 * garage and the focus goes to the "Garage" heading (the card's Edit button went with it).
 */
export const RemoveCar: Story = {
  play: async ({ canvas, userEvent }) => {
    const section = await garage(canvas);
    await userEvent.click(await section.findByRole('button', { name: 'Edit 2002 BMW M3 E46' }));
    const dialog = await body.findByRole('dialog', { name: 'Edit car' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove car' }));
    const confirm = await body.findByRole('alertdialog', { name: 'Remove 2002 BMW M3 E46?' });
    await expect(confirm).toHaveAccessibleDescription('Remove this car? Its posts stay, without the tag; its build log entries are deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(section.queryByRole('link', { name: '2002 BMW M3 E46' })).toBeNull());
    await waitFor(() => expect(section.getByRole('heading', { name: 'Garage' })).toHaveFocus());
  },
};

/** On a phone: two cards a row. */
export const Mobile: Story = {
  ...Own,
  globals: mobile,
};
