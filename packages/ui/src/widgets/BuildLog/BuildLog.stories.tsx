import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { carColumn, mobile } from '../CarCard/car-stories.tsx';
import { pinClock, pinnedDates } from '../PostCard/post-stories.tsx';
import { BuildLog } from './BuildLog.tsx';

const meta = {
  title: 'Widgets/BuildLog',
  component: BuildLog,
  parameters: { session: true },
  args: { carId: FIXTURE.cars.others },
  beforeEach: mockApi(),
  decorators: [carColumn, pinnedDates],
} satisfies Meta<typeof BuildLog>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const body = within(document.body);
const log = async (canvas: Canvas) => within(await canvas.findByRole('region', { name: 'Build log' }));
/** The titles of the timeline's items, in order. */
const titles = (list: HTMLElement) => [...list.querySelectorAll(':scope > li article')].map((article) => article.querySelector('h3')?.textContent);
/** The first photo of the timeline, once decoded, so the screenshot has it (the others load lazily). */
async function firstPhotoShown(list: HTMLElement) {
  const photo = list.querySelector<HTMLImageElement>('[data-slot="image-slider"] img');
  if (photo) await waitFor(() => expect(photo.complete && photo.naturalWidth > 0).toBe(true));
}

/**
 * Someone else's car: its post and its log entry in one timeline, newest first (the post in a
 * community Maya has not joined is not shown), then the end. No "Add log entry", no Edit.
 */
export const Others: Story = {
  play: async ({ canvas }) => {
    const view = await log(canvas);
    const list = await view.findByRole('list', { name: 'Build log' });
    await expect(titles(list)).toEqual(['Brake pads: lessons learned at the Nürburgring', 'Pagid RS29 pads and fresh fluid']);
    await expect(view.getByText("That's the whole story so far.")).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Add log entry' })).toBeNull();
    await expect(view.queryByRole('button', { name: 'Edit log entry' })).toBeNull();
    await firstPhotoShown(list);
  },
};

/** At 375 px. */
export const OthersMobile: Story = { ...Others, globals: mobile };

/**
 * The owner's 911 SC: "Add log entry", Edit and Delete on each entry, posts as full cards among
 * the entries; the first page of ten, the next one loading as the end comes near.
 */
export const Owner: Story = {
  args: { carId: FIXTURE.cars.own },
  play: async ({ canvas }) => {
    const view = await log(canvas);
    const list = await view.findByRole('list', { name: 'Build log' });
    await expect(await view.findByRole('button', { name: 'Add log entry' })).toBeVisible();
    await expect(list.querySelectorAll(':scope > li')).toHaveLength(10);
    await expect(titles(list).slice(0, 3)).toEqual(['911 SC back from the paint shop', 'Respray in the original Guards Red', 'Squeak from the passenger door']);
    await expect(view.getAllByRole('button', { name: 'Edit log entry' }).length).toBeGreaterThan(0);
    await firstPhotoShown(list);
  },
};

/** Scrolling to the end loads the second page, then the end text. */
export const InfiniteScroll: Story = {
  args: { carId: FIXTURE.cars.own },
  play: async ({ canvas }) => {
    const view = await log(canvas);
    const list = await view.findByRole('list', { name: 'Build log' });
    await waitFor(() => expect(list.querySelectorAll(':scope > li')).toHaveLength(10));
    canvas.getByRole('region', { name: 'Build log' }).querySelector('[data-slot="build-log-sentinel"]')!.scrollIntoView();
    await expect(await view.findByText("That's the whole story so far.")).toBeVisible();
    await expect(list.querySelectorAll(':scope > li').length).toBeGreaterThan(10);
    await expect(titles(list).at(-1)).toBe('Bought her');
    window.scrollTo(0, 0);
    await firstPhotoShown(list);
  },
};

/** The owner's car with nothing logged yet: the empty text with a hint, and "Add log entry". */
export const EmptyOwner: Story = {
  args: { carId: FIXTURE.cars.ownNoCover },
  play: async ({ canvas }) => {
    const view = await log(canvas);
    await expect(await view.findByText('No build log yet.')).toBeVisible();
    // The hint and the button show once the session and the car say whose car this is, which
    // may come after the empty timeline.
    await expect(await view.findByText(/^Log what you do to the car/)).toBeVisible();
    await expect(await view.findByRole('button', { name: 'Add log entry' })).toBeVisible();
  },
};

/** Someone else's car with nothing logged: the empty text alone. */
export const EmptyOthers: Story = {
  args: { carId: 'car-kenji-fd' },
  play: async ({ canvas }) => {
    const view = await log(canvas);
    await expect(await view.findByText('No build log yet.')).toBeVisible();
    await expect(view.queryByText(/^Log what you do to the car/)).toBeNull();
    await expect(view.queryByRole('button')).toBeNull();
  },
};

/** While the first page loads. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('cars.timeline')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading build log');
  },
};

/** The build log failed: the server's message and "Try again". */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.timeline', 500, 'Server down')),
  play: async ({ canvas }) => {
    const view = await log(canvas);
    await expect(await view.findByRole('alert')).toHaveTextContent('Server down');
    await expect(view.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Failed without a message: "Could not load the build log." */
export const FailedWithoutMessage: Story = {
  beforeEach: mockApi(fixtures.standard, http.get('*/api/cars/:id/timeline', () => HttpResponse.json({}, { status: 500 }))),
  play: async ({ canvas }) => {
    await expect(await (await log(canvas)).findByRole('alert')).toHaveTextContent('Could not load the build log.');
  },
};

/** Adding an entry: the form, then the new entry in the timeline at its day. */
export const AddEntry: Story = {
  args: { carId: FIXTURE.cars.ownNoCover },
  beforeEach: () => pinClock(),
  play: async ({ canvas, userEvent }) => {
    const view = await log(canvas);
    await userEvent.click(await view.findByRole('button', { name: 'Add log entry' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Add log entry' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'First wash of the season');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Mileage (optional)' }), '31200');
    await userEvent.click(dialog.getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    const entry = await view.findByRole('article', { name: 'First wash of the season' });
    await expect(within(entry).getByText('31,200 km')).toBeVisible();
    await expect(within(entry).getByRole('button', { name: 'Edit log entry' })).toBeVisible();
  },
};

/** Deleting an entry: gone from the timeline, and the focus on the build log's heading. */
export const DeleteEntry: Story = {
  play: async ({ canvas, userEvent }) => {
    const view = await log(canvas);
    const entry = await view.findByRole('article', { name: 'Squeak from the passenger door' });
    // The entry's buttons show once the session says whose car this is.
    await userEvent.click(await within(entry).findByRole('button', { name: 'Delete log entry' }));
    await userEvent.click(within(await body.findByRole('alertdialog', { name: 'Delete log entry' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.queryByRole('article', { name: 'Squeak from the passenger door' })).toBeNull());
    await waitFor(() => expect(view.getByRole('heading', { name: 'Build log' })).toHaveFocus());
    await firstPhotoShown(view.getByRole('list', { name: 'Build log' }));
  },
  args: { carId: FIXTURE.cars.own },
};
