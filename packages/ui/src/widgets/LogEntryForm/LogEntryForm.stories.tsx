import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { CarLogEntry } from '@pitlane/api/contract';
import { flattenTimeline, useCarTimeline } from '@pitlane/api/hooks';
import { failRoute, FIXTURE, fixtures, mockApi, samplePngFile } from '@pitlane/api/mocks';
import { mobile } from '../CarCard/car-stories.tsx';
import { pinClock } from '../PostCard/post-stories.tsx';
import { LogEntryForm, type LogEntryFormProps } from './LogEntryForm.tsx';

/**
 * The form as the build log opens it: for a new entry, or over an entry read from the car's
 * build log. Once saved, a line stands in for the build log with what the server answered.
 */
function Opened({ entryId, ...args }: Omit<LogEntryFormProps, 'entry'> & { entryId?: string }) {
  const timeline = useCarTimeline(entryId ? args.carId : undefined);
  const [open, setOpen] = React.useState(args.open);
  const [saved, setSaved] = React.useState<CarLogEntry | null>(null);
  const entry = flattenTimeline(timeline.data?.pages).flatMap((item) => (item.type === 'log' && item.entry._id === entryId ? [item.entry] : []))[0];
  if (entryId && !entry && !saved) return null;
  return (
    <>
      {saved ? (
        <p className="text-sm">{`Saved: “${saved.title}” on ${saved.date}, ${saved.mileage ?? 'no'} ${saved.mileageUnit}, ${saved.cost ?? 'no'} ${saved.currency}, ${saved.images.length} photos.`}</p>
      ) : null}
      <LogEntryForm
        {...args}
        entry={entry}
        open={open}
        onOpenChange={(next) => {
          args.onOpenChange(next);
          setOpen(next);
        }}
        onSaved={(reply) => {
          args.onSaved?.(reply);
          setSaved(reply);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Widgets/LogEntryForm',
  component: Opened,
  parameters: { session: true },
  args: { carId: FIXTURE.cars.own, open: true, onOpenChange: fn(), onSaved: fn() },
  beforeEach: (context) => {
    mockApi()(context);
    // A new entry starts on today: the fixtures' "now" in every run.
    return pinClock();
  },
} satisfies Meta<typeof Opened>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const dialogNamed = async (name: string) => within(await body.findByRole('dialog', { name }));
const lastEntry = (spy: unknown) => (spy as ReturnType<typeof fn>).mock.lastCall?.[0] as CarLogEntry;

/** A button that turns busy keeps or drops the focus depending on timing: drop it before the screenshot. */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

/** A new entry: today's date (the reader's day), an empty title and text, km and euros preselected, no photos. */
export const Add: Story = {
  play: async () => {
    const dialog = await dialogNamed('Add log entry');
    // The fixtures' "now" (pinned), on the reader's own calendar.
    await expect(dialog.getByLabelText('Date')).toHaveValue(new Date(Date.now()).toLocaleDateString('en-CA'));
    await expect(dialog.getByRole('combobox', { name: 'Mileage unit' })).toHaveValue('km');
    await expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
    await expect(dialog.getByText('Photos (0 / 5)')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add entry' })).toBeVisible();
  },
};

/** At 375 px. */
export const AddMobile: Story = { ...Add, globals: mobile };

/** Every field: the entry is saved with the mileage in miles, a decimal comma read as a point, a described photo. */
export const AddEverything: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add log entry');
    const date = dialog.getByLabelText('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-10-03');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'New clutch');
    await userEvent.type(dialog.getByRole('textbox', { name: 'What was done' }), 'Sachs clutch kit and a new release bearing.');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Mileage (optional)' }), '92100');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Mileage unit' }), 'mi');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Cost (optional)' }), '1240,50');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Currency' }), 'GBP');
    const input = dialog.getByText('Select Photos').closest('[data-slot="image-picker"]')!.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, samplePngFile('clutch.png'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Description of photo 1 (alt text)' }), 'The old clutch disc, worn to the rivets.');
    await userEvent.click(dialog.getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    const entry = lastEntry(args.onSaved);
    await expect(entry).toMatchObject({ date: '2026-10-03', title: 'New clutch', mileage: 92100, mileageUnit: 'mi', cost: 1240.5, currency: 'GBP' });
    await expect(entry.images.map((image) => image.alt)).toEqual(['The old clutch disc, worn to the rivets.']);
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** No title: refused before sending, in the server's words, and the field is marked. */
export const TitleRequired: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add log entry');
    await userEvent.click(dialog.getByRole('button', { name: 'Add entry' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('A log entry needs a title.');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSaved).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** A mileage that is no whole number. */
export const InvalidMileage: Story = {
  play: async ({ userEvent }) => {
    const dialog = await dialogNamed('Add log entry');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Oil change');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Mileage (optional)' }), '12.5');
    await userEvent.click(dialog.getByRole('button', { name: 'Add entry' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Mileage must be a whole number from 0 to 9,999,999.');
    await expect(dialog.getByRole('textbox', { name: 'Mileage (optional)' })).toHaveAttribute('aria-invalid', 'true');
    settleFocus();
  },
};

/** A cost with three decimals. */
export const InvalidCost: Story = {
  play: async ({ userEvent }) => {
    const dialog = await dialogNamed('Add log entry');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Oil change');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Cost (optional)' }), '49.995');
    await userEvent.click(dialog.getByRole('button', { name: 'Add entry' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Cost must be an amount from 0 to 9,999,999.99, with at most two decimals.');
    settleFocus();
  },
};

/** A sixth photo is refused whole, with the contract's words. */
export const SixthPhotoRefused: Story = {
  play: async ({ userEvent }) => {
    const dialog = await dialogNamed('Add log entry');
    const input = dialog.getByText('Select Photos').closest('[data-slot="image-picker"]')!.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, Array.from({ length: 6 }, (_, i) => samplePngFile(`photo-${i + 1}.png`)));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('A log entry can have at most 5 photos.');
    await expect(dialog.getByText('Photos (0 / 5)')).toBeVisible();
  },
};

/** The server refuses: its message shows and the form keeps what was typed. */
export const ServerRefusal: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.logCreate', 403, 'Only the owner can change this car.')),
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add log entry');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Oil change');
    await userEvent.click(dialog.getByRole('button', { name: 'Add entry' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Only the owner can change this car.');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Oil change');
    await expect(args.onSaved).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** The server fails without a message: "Could not save the log entry. Please try again." */
export const ServerFailsWithoutMessage: Story = {
  beforeEach: mockApi(fixtures.standard, http.post('*/api/cars/:id/log', () => HttpResponse.json({}, { status: 500 }))),
  play: async ({ userEvent }) => {
    const dialog = await dialogNamed('Add log entry');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Oil change');
    await userEvent.click(dialog.getByRole('button', { name: 'Add entry' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Could not save the log entry. Please try again.');
    settleFocus();
  },
};

/** Editing the respray: every field filled in, the two photos with their descriptions. */
export const Edit: Story = {
  args: { entryId: FIXTURE.logEntries.withPhotos },
  play: async () => {
    const dialog = await dialogNamed('Edit log entry');
    await expect(dialog.getByLabelText('Date')).toHaveValue('2026-11-20');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Respray in the original Guards Red');
    await expect(dialog.getByRole('textbox', { name: 'Mileage (optional)' })).toHaveValue('148210');
    await expect(dialog.getByRole('textbox', { name: 'Cost (optional)' })).toHaveValue('8400');
    await expect(dialog.getByText('Photos (2 / 5)')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Description of photo 1 (alt text)' })).toHaveValue('The bare shell in primer, doors off, in the paint booth.');
  },
};

/** At 375 px. */
export const EditMobile: Story = { ...Edit, globals: mobile };

/** Save Changes: a photo removed, the cost cleared (the entry then has none), the rest kept. */
export const SaveChanges: Story = {
  args: { entryId: FIXTURE.logEntries.withPhotos },
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Edit log entry');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove image 2' }));
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Cost (optional)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    const entry = lastEntry(args.onSaved);
    await expect(entry).toMatchObject({ _id: FIXTURE.logEntries.withPhotos, mileage: 148210, cost: null });
    await expect(entry.images.map((image) => image.alt)).toEqual(['The bare shell in primer, doors off, in the paint booth.']);
  },
};
