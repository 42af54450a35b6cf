import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { asOperator, failRoute, FIXTURE, FIXTURE_NOW, fixtures, mockApi, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { DateTimeFormatProvider } from '../DateTime/DateTime.tsx';
import { ModerationLog } from './ModerationLog.tsx';

const U = FIXTURE.users;
const mobile = { globals: { viewport: { value: 'mobile', isRotated: false } } } as const;

/** The operator's log of the fixtures, and a suspension lifted ten minutes ago: every kind of line. */
function everyKind(): MockSeed {
  const seed = fixtures.operator();
  seed.moderationLog?.push({
    id: 'ml-unsuspended-gus',
    action: 'unsuspended',
    kind: 'user',
    targetId: U.muted,
    actorId: U.maya,
    subjectId: U.muted,
    community: null,
    excerpt: '',
    reason: '',
    reportCount: 0,
    createdAt: new Date(FIXTURE_NOW.getTime() - 10 * 60_000).toISOString(),
  });
  return seed;
}

const meta = {
  title: 'Widgets/ModerationLog',
  component: ModerationLog,
  parameters: { session: true },
  beforeEach: mockApi(everyKind),
  afterEach: picturesLoaded,
  decorators: [
    (Story) => (
      // Pinned, so the times print the same in every run; the page's column width.
      <DateTimeFormatProvider locale="en-US" timeZone="UTC">
        <div className="mx-auto max-w-[720px]">
          <Story />
        </div>
      </DateTimeFormatProvider>
    ),
  ],
} satisfies Meta<typeof ModerationLog>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Every action, newest first, one line each: who, what to whose content and where, the content
 * as it was, the reason and when. Read-only: nothing on it can be pressed but links.
 */
export const Populated: Story = {
  play: async ({ canvas }) => {
    const log = await canvas.findByRole('list', { name: 'Moderation log' });
    const lines = within(log).getAllByRole('listitem');
    await expect(lines.map((line) => line.querySelector('p')?.textContent)).toEqual([
      'Maya Fischer lifted the suspension of @gus.hotlaps',
      'Kenji Watanabe removed a comment by @maya.drives in JDM Legends',
      'Maya Fischer suspended @rex.parts.outlet',
      'Maya Fischer removed a post by @rex.parts.outlet',
      'Maya Fischer dismissed 1 report on a post by @jonas.e30 in Air-Cooled Porsche Club',
    ]);
    const removal = within(lines[1]!);
    await expect(removal.getByText('“Anyone want my spare set of Fuchs? Cheap, DM me.”')).toBeVisible();
    await expect(removal.getByText('No selling in the group, please use the classifieds.')).toBeVisible();
    await expect(removal.getByRole('link', { name: '@maya.drives' })).toHaveAttribute('href', '/profile/maya.drives');
    await expect(removal.getByRole('link', { name: 'Kenji Watanabe' })).toHaveAttribute('href', '/profile/kenji.r');
    await expect(within(lines[0]!).queryByText(/^Reason/)).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};
export const PopulatedMobile: Story = { ...Populated, ...mobile };

/** Nothing done yet: a calm line. */
export const Empty: Story = {
  beforeEach: mockApi(() => asOperator(fixtures.empty())),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing has been moderated yet.')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};
export const EmptyMobile: Story = { ...Empty, ...mobile };

/** While the log loads: lines' shapes, one named status. */
export const Loading: Story = {
  beforeEach: mockApi(everyKind, neverRespond('moderation.log')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading the moderation log' })).toBeVisible();
  },
};

/** The log failed without a message: the fallback, and "Try again". */
export const Failed: Story = {
  beforeEach: mockApi(everyKind, failRoute('moderation.log', 500, '')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.moderationLogFailed);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
