import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { failRoute, FIXTURE, FIXTURE_NOW, fixtures, mockApi, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { DateTimeFormatProvider } from '../DateTime/DateTime.tsx';
import { HiddenPeopleSection } from './HiddenPeopleSection.tsx';

const U = FIXTURE.users;
const { blocked: VINCE, muted: GUS } = FIXTURE.usernames;
const mobile = { globals: { viewport: { value: 'mobile', isRotated: false } } } as const;
const ago = (days: number) => new Date(FIXTURE_NOW.getTime() - days * 86_400_000).toISOString();

/** Maya has blocked three people and muted two, newest first in each list. */
function several(): MockSeed {
  const seed = fixtures.standard();
  seed.blocks.push({ blockerId: U.maya, blockedId: U.jonas, createdAt: ago(2) }, { blockerId: U.maya, blockedId: U.priya, createdAt: ago(40) });
  seed.mutes.push({ muterId: U.maya, mutedId: U.olu, createdAt: ago(1) });
  return seed;
}

/** Maya has blocked and muted nobody (Dale's block of her is his, not in her list). */
function nobody(): MockSeed {
  const seed = fixtures.standard();
  seed.blocks = seed.blocks.filter((block) => block.blockerId !== U.maya);
  seed.mutes = [];
  return seed;
}

/** The list under a heading, found once loaded. */
function section(canvas: ReturnType<typeof within>, name: 'Blocked accounts' | 'Muted accounts') {
  return within(canvas.getByRole('region', { name }));
}

const meta = {
  title: 'Widgets/HiddenPeopleSection',
  component: HiddenPeopleSection,
  parameters: { session: true },
  beforeEach: mockApi(),
  decorators: [
    (Story) => (
      // Pinned, so "Blocked on …" prints the same in every run.
      <DateTimeFormatProvider locale="en-US" timeZone="UTC">
        <div className="max-w-xl">
          <Story />
        </div>
      </DateTimeFormatProvider>
    ),
  ],
} satisfies Meta<typeof HiddenPeopleSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The standard fixture: Vince blocked, Gus muted, each with the date and a profile link. */
export const WithPeople: Story = {
  afterEach: picturesLoaded,
  play: async ({ canvas }) => {
    const blocked = within(await canvas.findByRole('region', { name: 'Blocked accounts' }));
    const link = await blocked.findByRole('link', { name: `Vince Harlow @${VINCE}` });
    await expect(link).toHaveAttribute('href', `/profile/${VINCE}`);
    await expect(blocked.getByText(/^Blocked on/)).toHaveTextContent('Blocked on Nov 8, 2026, 9:30 AM');
    await expect(blocked.getByRole('button', { name: `Unblock @${VINCE}` })).toBeVisible();
    const muted = within(canvas.getByRole('region', { name: 'Muted accounts' }));
    await expect(await muted.findByRole('link', { name: `Gus Moreau @${GUS}` })).toBeVisible();
    await expect(muted.getByText(/^Muted on/)).toHaveTextContent('Muted on Nov 15, 2026, 9:30 AM');
    await expect(muted.getByRole('button', { name: `Unmute @${GUS}` })).toBeVisible();
  },
};
export const WithPeopleMobile: Story = { ...WithPeople, ...mobile };

/** Several in each list, newest first. */
export const Several: Story = {
  beforeEach: mockApi(several),
  afterEach: picturesLoaded,
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: 'Unmute @olu.v8' });
    const blocked = section(canvas, 'Blocked accounts');
    await waitFor(() => expect(blocked.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Unblock @jonas.e30', `Unblock @${VINCE}`, 'Unblock @priya.ev']));
    await expect(section(canvas, 'Muted accounts').getAllByRole('button')).toHaveLength(2);
  },
};
export const SeveralMobile: Story = { ...Several, ...mobile };

/** Nobody blocked or muted: each list says so. */
export const Empty: Story = {
  beforeEach: mockApi(nobody),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("You haven't blocked anyone.")).toBeVisible();
    await expect(await canvas.findByText("You haven't muted anyone.")).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};
export const EmptyMobile: Story = { ...Empty, ...mobile };

/** While the lists load: skeleton rows in the rows' shape, each list a named status. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('safety.blocked'), neverRespond('safety.muted')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading blocked accounts' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading muted accounts' })).toBeVisible();
  },
};
export const LoadingMobile: Story = { ...Loading, ...mobile };

/** A list that failed says so (the fallback when the server gives no message) and offers "Try again". */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('safety.blocked', 500, ''), failRoute('safety.muted', 500, 'The list is resting.')),
  play: async ({ canvas }) => {
    await expect(await section(canvas, 'Blocked accounts').findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.hiddenListFailed);
    await expect(await section(canvas, 'Muted accounts').findByRole('alert')).toHaveTextContent('The list is resting.');
    await expect(canvas.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  },
};
export const FailedMobile: Story = { ...Failed, ...mobile };

/** Unblock takes the row away at once, says so to a screen reader, and puts the focus on the heading. */
export const UnblockRemovesRow: Story = {
  afterEach: picturesLoaded,
  play: async ({ canvas, userEvent }) => {
    const blocked = within(await canvas.findByRole('region', { name: 'Blocked accounts' }));
    await userEvent.click(await blocked.findByRole('button', { name: `Unblock @${VINCE}` }));
    await expect(await blocked.findByText("You haven't blocked anyone.")).toBeVisible();
    await expect(blocked.getByRole('status')).toHaveTextContent(`You unblocked @${VINCE}.`);
    await waitFor(() => expect(blocked.getByRole('heading', { name: 'Blocked accounts' })).toHaveFocus());
    // The other list is untouched.
    await expect(section(canvas, 'Muted accounts').getByRole('button', { name: `Unmute @${GUS}` })).toBeVisible();
  },
};
export const UnblockRemovesRowMobile: Story = { ...UnblockRemovesRow, ...mobile };

/** Unmute in a longer list: the row goes, and the focus moves to the next row's button. */
export const UnmuteRemovesRow: Story = {
  beforeEach: mockApi(several),
  afterEach: picturesLoaded,
  play: async ({ canvas, userEvent }) => {
    const muted = within(await canvas.findByRole('region', { name: 'Muted accounts' }));
    await userEvent.click(await muted.findByRole('button', { name: 'Unmute @olu.v8' }));
    await waitFor(() => expect(muted.queryByRole('button', { name: 'Unmute @olu.v8' })).not.toBeInTheDocument());
    await expect(muted.getByRole('status')).toHaveTextContent('You unmuted @olu.v8.');
    await waitFor(() => expect(muted.getByRole('button', { name: `Unmute @${GUS}` })).toHaveFocus());
  },
};
export const UnmuteRemovesRowMobile: Story = { ...UnmuteRemovesRow, ...mobile };

/** A failed unblock keeps the row and says why under the name (the fallback text). */
export const UnblockFailure: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('safety.unblock', 500, '')),
  afterEach: picturesLoaded,
  play: async ({ canvas, userEvent }) => {
    const blocked = within(await canvas.findByRole('region', { name: 'Blocked accounts' }));
    const button = await blocked.findByRole('button', { name: `Unblock @${VINCE}` });
    await userEvent.click(button);
    await expect(await blocked.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.unblockFailed);
    await expect(button).toBeVisible();
    button.blur();
  },
};
export const UnblockFailureMobile: Story = { ...UnblockFailure, ...mobile };
