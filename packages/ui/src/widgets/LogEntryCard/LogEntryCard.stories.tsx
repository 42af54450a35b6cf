import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { flattenTimeline, useCarTimeline } from '@pitlane/api/hooks';
import { failRoute, FIXTURE, fixtures, mockApi } from '@pitlane/api/mocks';
import { carColumn, mobile } from '../CarCard/car-stories.tsx';
import { DateTimeFormatProvider } from '../DateTime/DateTime.tsx';
import { pinnedDates } from '../PostCard/post-stories.tsx';
import { LogEntryCard } from './LogEntryCard.tsx';

/** An entry as the car page has it: read from its car's build log (first page) through the hooks. */
function EntryOf({ carId, entryId, editable = false }: { carId: string; entryId: string; editable?: boolean }) {
  const timeline = useCarTimeline(carId);
  const items = flattenTimeline(timeline.data?.pages);
  const entry = items.flatMap((item) => (item.type === 'log' && item.entry._id === entryId ? [item.entry] : []))[0];
  if (!timeline.data) return null;
  // Once deleted it is gone from the build log: the card makes way for a note saying so.
  if (!entry) return <p className="text-sm text-muted-foreground">Entry deleted: it left the build log.</p>;
  return <LogEntryCard entry={entry} editable={editable} />;
}

const meta = {
  title: 'Widgets/LogEntryCard',
  component: EntryOf,
  parameters: { session: true },
  args: { carId: FIXTURE.cars.own, entryId: FIXTURE.logEntries.withPhotos, editable: true },
  beforeEach: mockApi(),
  decorators: [carColumn, pinnedDates],
} satisfies Meta<typeof EntryOf>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const card = (canvas: ReturnType<typeof within>, title: string) => canvas.findByRole('article', { name: title });
/** The entry's first photo, once decoded, so the screenshot has it (the others load lazily). */
async function photoShown(article: HTMLElement) {
  const image = article.querySelector<HTMLImageElement>('[data-slot="image-slider"] img')!;
  await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
}

/**
 * The owner's entry with everything: "Build log · Nov 20, 2026" (the calendar day, whatever the
 * zone), title, text, mileage and cost in the reader's locale, two photos (the first described),
 * Edit and Delete.
 */
export const Full: Story = {
  play: async ({ canvas }) => {
    const article = await card(canvas, 'Respray in the original Guards Red');
    const view = within(article);
    await expect(view.getByText('Nov 20, 2026')).toHaveAttribute('datetime', '2026-11-20');
    await expect(view.getByText(/^Eight weeks at the paint shop/)).toBeVisible();
    await expect(view.getByText('148,210 km')).toBeVisible();
    await expect(view.getByText('€8,400.00')).toBeVisible();
    await expect(view.getByRole('img', { name: 'The bare shell in primer, doors off, in the paint booth.' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Image 2 of 2' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Edit log entry' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Delete log entry' })).toBeVisible();
    await photoShown(article);
  },
};

/** At 375 px. */
export const FullMobile: Story = { ...Full, globals: mobile };

/** Title and text only: no mileage, cost or photos. */
export const TitleAndText: Story = {
  args: { entryId: FIXTURE.logEntries.bare },
  play: async ({ canvas }) => {
    const article = await card(canvas, 'Squeak from the passenger door');
    await expect(article.querySelector('dl')).toBeNull();
    await expect(within(article).queryByRole('img')).toBeNull();
  },
};

/** Someone else's car: miles and pounds, no Edit or Delete. */
export const MilesAndPounds: Story = {
  args: { carId: 'car-ruby-mx5', entryId: 'log-mx5-cambelt', editable: false },
  play: async ({ canvas }) => {
    const article = await card(canvas, 'Cambelt and water pump');
    await expect(within(article).getByText('98,400 mi')).toBeVisible();
    await expect(within(article).getByText('£420.00')).toBeVisible();
    await expect(within(article).queryByRole('button', { name: 'Edit log entry' })).toBeNull();
  },
};

/** Yen have no decimals; five photos get the slider's arrows and dots. */
export const YenAndFivePhotos: Story = {
  args: { carId: 'car-kenji-ae86', entryId: 'log-ae86-engine', editable: false },
  play: async ({ canvas }) => {
    const article = await card(canvas, '4A-GE rebuild');
    await expect(within(article).getByText('¥380,000')).toBeVisible();
    await expect(within(article).getAllByRole('button', { name: /^Image \d of 5$/ })).toHaveLength(5);
    await photoShown(article);
  },
};

/** In British English: the day and the numbers as a British reader writes them. */
export const BritishEnglish: Story = {
  decorators: [(Story) => <DateTimeFormatProvider locale="en-GB" timeZone="Europe/London"><Story /></DateTimeFormatProvider>],
  play: async ({ canvas }) => {
    const article = await card(canvas, 'Respray in the original Guards Red');
    await expect(within(article).getByText('20 Nov 2026')).toBeVisible();
    await expect(within(article).getByText('€8,400.00')).toBeVisible();
    await photoShown(article);
  },
};

/** Edit opens the entry's form, filled in. */
export const Edit: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, 'Respray in the original Guards Red');
    await photoShown(article);
    await userEvent.click(within(article).getByRole('button', { name: 'Edit log entry' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Edit log entry' }));
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Respray in the original Guards Red');
  },
};

/** Delete asks first; then the entry leaves the build log. */
export const Delete: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, 'Respray in the original Guards Red');
    await userEvent.click(within(article).getByRole('button', { name: 'Delete log entry' }));
    const confirm = await body.findByRole('alertdialog', { name: 'Delete log entry' });
    await expect(confirm).toHaveAccessibleDescription('Delete this entry from the build log? Its photos go with it.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect(await canvas.findByText('Entry deleted: it left the build log.')).toBeVisible();
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
  },
};

/** The delete fails: the server's message shows in the card, which stays. */
export const DeleteFails: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.logDelete', 500, 'Server down')),
  play: async ({ canvas, userEvent }) => {
    const article = await card(canvas, 'Respray in the original Guards Red');
    await userEvent.click(within(article).getByRole('button', { name: 'Delete log entry' }));
    await userEvent.click(within(await body.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expect(await within(article).findByRole('alert')).toHaveTextContent('Server down');
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await photoShown(article);
  },
};
