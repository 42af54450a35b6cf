import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE_MEETS, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { meetColumn, meetsWorld, mobile } from '../MeetCard/meet-stories.tsx';
import { MeetDetails } from './MeetDetails.tsx';

const meta = {
  title: 'Widgets/MeetDetails',
  component: MeetDetails,
  parameters: { session: true },
  args: { meetId: FIXTURE_MEETS.own },
  beforeEach: mockApi(meetsWorld),
  afterEach: picturesLoaded,
  decorators: [meetColumn],
} satisfies Meta<typeof MeetDetails>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const body = within(document.body);
const titled = async (canvas: Canvas, name: string) => {
  await canvas.findByRole('heading', { level: 1, name });
  return within(canvas.getByRole('article'));
};
/** The facts as term → value. */
const facts = (view: Canvas) => Object.fromEntries(view.getAllByRole('term').map((term: HTMLElement) => [term.textContent, term.nextElementSibling?.textContent]));

/**
 * The creator's own meet: cover with its description, organiser and community, when in the meet's
 * zone with the zone named, where with the OpenStreetMap pin, her answer (going), Edit and
 * "Cancel meet", "Add to calendar", the description with its links, and who is coming.
 */
export const Own: Story = {
  play: async ({ canvas }) => {
    const view = await titled(canvas, 'Air-cooled breakfast run');
    await expect(view.getByRole('img', { name: 'Three air-cooled 911s lined up outside a café at sunrise.' })).toBeVisible();
    await expect(view.getByRole('link', { name: /Organised by Maya Fischer/ })).toHaveAttribute('href', '/profile/maya.drives');
    await expect(view.getByRole('link', { name: 'Air-Cooled Porsche Club' })).toHaveAttribute('href', '/community/c-aircooled');
    await expect(facts(view)).toEqual({
      When: 'Sat, 28 Nov 2026 · 09:00–12:00 GMT',
      Where: 'Brooklands Museum, Brooklands Drive, Weybridge KT13 0SLOpen in OpenStreetMap(opens in a new tab)',
    });
    await expect(view.getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=51.3496&mlon=-0.4654#map=16/51.3496/-0.4654');
    await expect(view.getByRole('button', { name: 'Going 3' })).toHaveAttribute('aria-pressed', 'true');
    await expect(view.getByRole('button', { name: 'Interested 1' })).toHaveAttribute('aria-pressed', 'false');
    await expect(view.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/meet/${FIXTURE_MEETS.own}/edit`);
    await expect(view.getByRole('button', { name: 'Cancel meet' })).toBeVisible();
    await expect(view.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/meets/${FIXTURE_MEETS.own}/calendar.ics`);
    await expect(view.getByRole('link', { name: '@lena.restomod' })).toHaveAttribute('href', '/profile/lena.restomod');
    const going = within(await view.findByRole('list', { name: 'Going (3)' }));
    await waitFor(() => expect(going.getAllByRole('listitem').map((item: HTMLElement) => item.textContent)).toEqual(['Maya Fischer', 'Lena Novak', 'Tomás Ortega']));
    // Each list is drawn from its own answer: the second may come after the first.
    await expect(await within(await view.findByRole('list', { name: 'Interested (1)' })).findByText('Jonas Berg')).toBeVisible();
  },
};

/** At 375 px. */
export const OwnMobile: Story = { ...Own, globals: mobile };

/** Someone else's meet: no Edit nor Cancel; no cover, no coordinates (the map link searches the address); times in Tokyo's zone. */
export const Others: Story = {
  args: { meetId: FIXTURE_MEETS.others },
  play: async ({ canvas }) => {
    const view = await titled(canvas, 'Daikoku PA night meet');
    await expect(facts(view).When).toBe('Sat, 5 Dec 2026 · 19:00–23:30 GMT+9');
    await expect(view.getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=Daikoku%20Parking%20Area%2C%20Yokohama');
    await expect(view.queryByRole('link', { name: 'Edit' })).toBeNull();
    await expect(view.queryByRole('button', { name: 'Cancel meet' })).toBeNull();
    await expect(view.getByRole('button', { name: 'Going 2' })).toHaveAttribute('aria-pressed', 'false');
    await expect(await view.findByText('Nobody is interested yet.')).toBeVisible();
  },
};

/** Going: the count and the list take her in; pressing it again takes the answer back. */
export const AnswerGoing: Story = {
  args: { meetId: FIXTURE_MEETS.others },
  play: async ({ canvas, userEvent }) => {
    const view = await titled(canvas, 'Daikoku PA night meet');
    await userEvent.click(view.getByRole('button', { name: 'Going 2' }));
    await expect(await view.findByRole('button', { name: 'Going 3' })).toHaveAttribute('aria-pressed', 'true');
    await expect(await within(await view.findByRole('list', { name: 'Going (3)' })).findByText('Maya Fischer')).toBeVisible();
    await userEvent.click(view.getByRole('button', { name: 'Going 3' }));
    await expect(await view.findByRole('button', { name: 'Going 2' })).toHaveAttribute('aria-pressed', 'false');
  },
  tags: ['!visual'],
};

/** Interested, at 375 px: pressed, counted, listed. */
export const AnswerInterestedMobile: Story = {
  args: { meetId: FIXTURE_MEETS.others },
  globals: mobile,
  play: async ({ canvas, userEvent }) => {
    const view = await titled(canvas, 'Daikoku PA night meet');
    await userEvent.click(view.getByRole('button', { name: 'Interested 0' }));
    await expect(await view.findByRole('button', { name: 'Interested 1' })).toHaveAttribute('aria-pressed', 'true');
    await expect(await within(await view.findByRole('list', { name: 'Interested (1)' })).findByText('Maya Fischer')).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** The answer is refused (the meet was cancelled meanwhile): the server's message under the buttons. */
export const AnswerRefused: Story = {
  args: { meetId: FIXTURE_MEETS.others },
  beforeEach: mockApi(meetsWorld, failRoute('meets.rsvp', 409, 'This meet has been cancelled.')),
  play: async ({ canvas, userEvent }) => {
    const view = await titled(canvas, 'Daikoku PA night meet');
    await userEvent.click(view.getByRole('button', { name: 'Going 2' }));
    await expect(await view.findByRole('alert')).toHaveTextContent('This meet has been cancelled.');
  },
  tags: ['!visual'],
};

/** "Cancel meet" asks first (the app's one confirmation); then the meet says it is cancelled, answers closed. */
export const CancelMeet: Story = {
  play: async ({ canvas, userEvent }) => {
    const view = await titled(canvas, 'Air-cooled breakfast run');
    await userEvent.click(view.getByRole('button', { name: 'Cancel meet' }));
    const confirm = await body.findByRole('alertdialog', { name: 'Cancel this meet?' });
    await expect(confirm).toHaveAccessibleDescription('Everyone who answered is told. The meet stays listed, marked cancelled, until it ends.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel meet' }));
    await expect(await view.findByText('Cancelled')).toBeVisible();
    await expect(view.getByText('This meet has been cancelled.')).toBeVisible();
    await expect(view.queryByRole('button', { name: /^Going/ })).toBeNull();
    await expect(view.queryByRole('button', { name: 'Cancel meet' })).toBeNull();
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
  },
};

/** A cancelled meet: the badge, no answers, no Edit; the calendar file still there. */
export const Cancelled: Story = {
  args: { meetId: FIXTURE_MEETS.cancelled },
  play: async ({ canvas }) => {
    const view = await titled(canvas, 'Convoy to the Nürburgring');
    await expect(view.getByText('Cancelled')).toBeVisible();
    await expect(view.queryByRole('group', { name: 'Your answer' })).toBeNull();
    await expect(view.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  },
};

/**
 * Her own meet that ended (the server says so: `ended`, never the device's clock): "This meet has
 * ended." instead of the answers, no Edit nor Cancel; the calendar file and who came still there.
 */
export const Ended: Story = {
  args: { meetId: FIXTURE_MEETS.ended },
  play: async ({ canvas }) => {
    const view = await titled(canvas, 'Heat exchanger workshop');
    await expect(view.getByText('This meet has ended.')).toBeVisible();
    await expect(view.queryByRole('group', { name: 'Your answer' })).toBeNull();
    await expect(view.queryByRole('link', { name: 'Edit' })).toBeNull();
    await expect(view.queryByRole('button', { name: 'Cancel meet' })).toBeNull();
    await expect(view.queryByText('Cancelled')).toBeNull();
    await expect(view.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
    await expect(await within(await view.findByRole('list', { name: 'Going (1)' })).findByText('Maya Fischer')).toBeVisible();
  },
};

/** A meet of a community she has not joined, by someone she does not follow: open to her, she may answer. */
export const Elsewhere: Story = {
  args: { meetId: FIXTURE_MEETS.elsewhere },
  play: async ({ canvas, userEvent }) => {
    const view = await titled(canvas, 'Zandvoort paddock day');
    await expect(view.getByRole('link', { name: 'Track Day Crew' })).toBeVisible();
    await expect(view.queryByRole('link', { name: 'Edit' })).toBeNull();
    await userEvent.click(view.getByRole('button', { name: 'Interested 0' }));
    await expect(await view.findByRole('button', { name: 'Interested 1' })).toHaveAttribute('aria-pressed', 'true');
  },
  tags: ['!visual'],
};

/** A meet that does not exist (or is a block pair's): "Meet not found." is the page's heading. */
export const NotFound: Story = {
  args: { meetId: 'meet-nope' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Meet not found.' })).toBeVisible();
  },
};

/** While the meet loads: the page's shape. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('meets.get')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading meet' })).toBeVisible();
  },
};
