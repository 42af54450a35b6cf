import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { within } from 'storybook/test';
import { expect, fn, waitFor } from 'storybook/test';
import { REFUSAL_MESSAGES, type Meet } from '@pitlane/api/contract';
import { failRoute, FIXTURE, FIXTURE_MEETS, mockApi, samplePngFile } from '@pitlane/api/mocks';
import { meetColumn, meetsWorld, mobile, WithMeet } from '../MeetCard/meet-stories.tsx';
import { MeetForm } from './MeetForm.tsx';

/**
 * The form as the pages have it: a new meet in the viewer's club, or one loaded through the hooks.
 * Once saved, a line shows what the server answered (the page would go to the meet).
 */
function OnPage({ meetId, onSaved, onCancel }: { meetId?: string; onSaved: (meet: Meet) => void; onCancel: () => void }) {
  const [saved, setSaved] = React.useState<Meet | null>(null);
  const save = (meet: Meet) => {
    onSaved(meet);
    setSaved(meet);
  };
  if (saved) return <p className="text-sm">{`Saved: ${saved.title}, ${saved.startsAt} to ${saved.endsAt} (${saved.timeZone})${saved.coverImageUrl ? ', with a cover' : ''}.`}</p>;
  return meetId ? (
    <WithMeet meetId={meetId}>{(meet) => <MeetForm meet={meet} onSaved={save} onCancel={onCancel} />}</WithMeet>
  ) : (
    <MeetForm communityId={FIXTURE.communities.airCooled} defaultTimeZone="Europe/London" onSaved={save} onCancel={onCancel} />
  );
}

const meta = {
  title: 'Widgets/MeetForm',
  component: OnPage,
  parameters: { session: true },
  args: { onSaved: fn(), onCancel: fn() },
  beforeEach: mockApi(meetsWorld),
  decorators: [meetColumn],
} satisfies Meta<typeof OnPage>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
/** A button that turned busy keeps or drops the focus depending on timing: drop it before the screenshot. */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}
const lastMeet = (spy: unknown) => (spy as ReturnType<typeof fn>).mock.lastCall?.[0] as Meet;

/** An empty form: the zone is the reader's own (here pinned to Europe/London). */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Title' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
    await expect(canvas.getByRole('button', { name: 'Create meet' })).toBeEnabled();
  },
};

/** At 375 px. */
export const EmptyMobile: Story = { ...Empty, globals: mobile };

async function fillMeet(canvas: Canvas, userEvent: { type: (el: Element, text: string) => Promise<void>; clear: (el: Element) => Promise<void> }) {
  await userEvent.type(await canvas.findByRole('textbox', { name: 'Title' }), 'Winter warmer drive');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Description (optional)' }), 'Heaters on, #aircooled only.');
  await userEvent.type(canvas.getByLabelText('Starts'), '2026-12-06T10:00');
  await userEvent.type(canvas.getByLabelText('Ends'), '2026-12-06T14:00');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Address or place' }), 'Box Hill, Surrey');
}

/**
 * A new meet with a cover and its description: the times are wall clocks in the zone, the
 * server answers the instants (GMT in December: the same hours).
 */
export const Create: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await fillMeet(canvas, userEvent);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Latitude (optional)' }), '51.2561');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Longitude (optional)' }), '-0.3229');
    await userEvent.upload(canvas.getByLabelText('Choose photo'), samplePngFile('box-hill.png'));
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Description of the cover (alt text)' }), 'The car park at the top of Box Hill.');
    await userEvent.click(canvas.getByRole('button', { name: 'Create meet' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    const meet = lastMeet(args.onSaved);
    await expect(meet).toMatchObject({
      title: 'Winter warmer drive',
      startsAt: '2026-12-06T10:00:00.000Z',
      endsAt: '2026-12-06T14:00:00.000Z',
      timeZone: 'Europe/London',
      place: { address: 'Box Hill, Surrey', latitude: 51.2561, longitude: -0.3229 },
      coverImageAlt: 'The car park at the top of Box Hill.',
      myRsvp: 'going',
      goingCount: 1,
    });
    await expect(await canvas.findByText(/^Saved: Winter warmer drive/)).toBeVisible();
  },
  tags: ['!visual'],
};

/** The form's own checks, before anything is sent: the end must come after the start. */
export const EndsBeforeStart: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Title' }), 'Backwards');
    await userEvent.type(canvas.getByLabelText('Starts'), '2026-12-06T14:00');
    await userEvent.type(canvas.getByLabelText('Ends'), '2026-12-06T10:00');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Address or place' }), 'Box Hill');
    await userEvent.click(canvas.getByRole('button', { name: 'Create meet' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.meetEndsBeforeStart);
    await expect(args.onSaved).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** The server's refusal (a start in the past needs its clock) is said under the fields; what was typed stays. */
export const StartsInThePast: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Title' }), 'Last year');
    await userEvent.type(canvas.getByLabelText('Starts'), '2025-06-01T10:00');
    await userEvent.type(canvas.getByLabelText('Ends'), '2025-06-01T12:00');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Address or place' }), 'Box Hill');
    await userEvent.click(canvas.getByRole('button', { name: 'Create meet' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.meetStartsInPast);
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveValue('Last year');
    await expect(args.onSaved).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** A failure without a message: the fallback. */
export const SaveFails: Story = {
  beforeEach: mockApi(meetsWorld, failRoute('meets.create', 500, '')),
  play: async ({ canvas, userEvent }) => {
    await fillMeet(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Create meet' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not save the meet. Please try again.');
  },
  tags: ['!visual'],
};

/** Editing: the meet's times as wall clocks in its zone, its place and cover description. */
export const Edit: Story = {
  args: { meetId: FIXTURE_MEETS.own },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Title' })).toHaveValue('Air-cooled breakfast run');
    await expect(canvas.getByLabelText('Starts')).toHaveValue('2026-11-28T09:00');
    await expect(canvas.getByLabelText('Ends')).toHaveValue('2026-11-28T12:00');
    await expect(canvas.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
    await expect(canvas.getByRole('textbox', { name: 'Latitude (optional)' })).toHaveValue('51.3496');
    await expect(canvas.getByRole('textbox', { name: 'Description of the cover (alt text)' })).toHaveValue('Three air-cooled 911s lined up outside a café at sunrise.');
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  },
};

/** Editing at 375 px. */
export const EditMobile: Story = { ...Edit, globals: mobile };

/** A new start time, saved: the server answers the meet as it is now. */
export const EditTime: Story = {
  args: { meetId: FIXTURE_MEETS.own },
  play: async ({ args, canvas, userEvent }) => {
    const starts = await canvas.findByLabelText('Starts');
    await userEvent.clear(starts);
    await userEvent.type(starts, '2026-11-28T10:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await expect(lastMeet(args.onSaved)).toMatchObject({ startsAt: '2026-11-28T10:00:00.000Z', endsAt: '2026-11-28T12:00:00.000Z' });
  },
  tags: ['!visual'],
};

/** Cancel leaves without saving. */
export const CancelLeaves: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
  tags: ['!visual'],
};
