import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { HttpHandler } from 'msw';
import { FALLBACK_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { asOperator, createMockBackend, failRoute, FIXTURE, FIXTURE_NOW, fixtures, handlers, neverRespond, type MockBackend, type MockSeed } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { DateTimeFormatProvider } from '../DateTime/DateTime.tsx';
import { ModerationQueue } from './ModerationQueue.tsx';

const M = FIXTURE.moderation;
const community = { communityId: M.community };
const mobile = { globals: { viewport: { value: 'mobile', isRotated: false } } } as const;
const body = within(document.body);
const ago = (minutes: number) => new Date(FIXTURE_NOW.getTime() - minutes * 60_000).toISOString();

/** The backend the current story talks to (fresh in each story's `beforeEach`). */
let backend: MockBackend;
function world(seed: () => MockSeed = fixtures.standard, ...overrides: HttpHandler[]) {
  return ({ msw }: { msw: { use(...handlers: HttpHandler[]): void } }) => {
    backend = createMockBackend(seed());
    msw.use(...handlers(backend));
    if (overrides.length > 0) msw.use(...overrides);
  };
}

/** Maya as an operator, and one more open report: on Rex, whom she suspended (so "Lift suspension"). */
function operatorWithSuspended(): MockSeed {
  const seed = fixtures.operator();
  seed.reports?.push({ id: 'r-rex-priya', reporterId: FIXTURE.users.priya, kind: 'user', targetId: M.suspended, reason: 'spam', details: '', createdAt: ago(60 * 20), closedAt: null });
  return seed;
}

/** The cases shown, by their names ("Post by Jonas Berg"), in order. */
async function caseNames(canvas: ReturnType<typeof within>) {
  const list = await canvas.findByRole('list', { name: 'Open reports' });
  return within(list)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));
}

const meta = {
  title: 'Widgets/ModerationQueue',
  component: ModerationQueue,
  parameters: { session: true },
  args: { scope: community },
  beforeEach: world(),
  afterEach: picturesLoaded,
  decorators: [
    (Story) => (
      // Pinned, so the reports' times print the same in every run; the pages' column width.
      <DateTimeFormatProvider locale="en-US" timeZone="UTC">
        <div className="mx-auto max-w-[720px]">
          <Story />
        </div>
      </DateTimeFormatProvider>
    ),
  ],
} satisfies Meta<typeof ModerationQueue>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Maya's community, as its creator sees it: three cases, the longest waiting first, each with what
 * was reported, by whom and why, and Dismiss and Remove (no Suspend: she is not an operator).
 */
export const CommunityQueue: Story = {
  play: async ({ canvas }) => {
    await expect(await caseNames(canvas)).toEqual(['Post by Jonas Berg', 'Post by Lena Novak', 'Comment by Jonas Berg']);
    const post = within(canvas.getByRole('article', { name: 'Post by Lena Novak' }));
    await expect(post.getByRole('link', { name: 'Lena Novak @lena.restomod' })).toHaveAttribute('href', '/profile/lena.restomod');
    await expect(post.getByRole('link', { name: 'Air-Cooled Porsche Club' })).toHaveAttribute('href', `/community/${M.community}`);
    await expect(post.getByRole('link', { name: '912 barn find: what would you do?' })).toHaveAttribute('href', `/post/${M.cases.post}`);
    const reports = within(post.getByRole('list', { name: '2 reports' }));
    await expect(reports.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Something else by Jonas Berg · Nov 22, 2026, 4:30 AM“The barn is in Tuscany, not where Lena says. These photos were in a forum thread last year.”',
      'Stolen photo by Tomás Ortega · Nov 21, 2026, 9:30 AM',
    ]);
    await expect(post.getByRole('button', { name: 'Dismiss' })).toBeVisible();
    await expect(post.getByRole('button', { name: 'Remove post' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Suspend/ })).not.toBeInTheDocument();
    // A comment: its text, and the post it is on.
    const comment = within(canvas.getByRole('article', { name: 'Comment by Jonas Berg' }));
    await expect(comment.getByText('Restomod, obviously. Keep the patina on the outside.')).toBeVisible();
    await expect(comment.getByRole('link', { name: '“912 barn find: what would you do?”' })).toHaveAttribute('href', `/post/${M.cases.post}`);
    await expect(comment.getByRole('button', { name: 'Remove comment' })).toBeVisible();
  },
};
export const CommunityQueueMobile: Story = { ...CommunityQueue, ...mobile };

/**
 * The site's queue, as an operator sees it: a profile post and a person, and a suspended person
 * reported again; an operator may also suspend the author, or lift a suspension.
 */
export const OperatorQueue: Story = {
  args: { scope: 'site' },
  beforeEach: world(operatorWithSuspended),
  play: async ({ canvas }) => {
    await expect(await caseNames(canvas)).toEqual(['Post by Samir Haddad', 'Person by Olu Adeyemi', 'Person by Rex Parts Outlet']);
    const post = within(canvas.getByRole('article', { name: 'Post by Samir Haddad' }));
    // The actions of an operator show once the session has said who is looking.
    await expect(await post.findByRole('button', { name: 'Suspend @sam.detailing' })).toBeVisible();
    const person = within(canvas.getByRole('article', { name: 'Person by Olu Adeyemi' }));
    await expect(person.getByText('“Calls every EV owner a traitor under my posts.”')).toBeVisible();
    await expect(person.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await expect(person.getByRole('button', { name: 'Suspend @olu.v8' })).toBeVisible();
    const suspended = within(canvas.getByRole('article', { name: 'Person by Rex Parts Outlet' }));
    await expect(suspended.getByText('Suspended')).toBeVisible();
    await expect(await suspended.findByRole('button', { name: 'Lift suspension' })).toBeVisible();
    await expect(suspended.queryByRole('button', { name: /^Suspend/ })).not.toBeInTheDocument();
  },
};
export const OperatorQueueMobile: Story = { ...OperatorQueue, ...mobile };

/** Nothing to review: a calm line, no list. */
export const Empty: Story = {
  beforeEach: world(() => asOperator(fixtures.empty())),
  args: { scope: 'site' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No open reports.')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};
export const EmptyMobile: Story = { ...Empty, ...mobile };

/** While the queue loads: two cards' shapes, one named status. */
export const Loading: Story = {
  beforeEach: world(fixtures.standard, neverRespond('moderation.communityQueue')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading reports' })).toBeVisible();
  },
};
export const LoadingMobile: Story = { ...Loading, ...mobile };

/** The queue failed without a message: the fallback and "Try again", which loads it. */
export const Failed: Story = {
  beforeEach: world(fixtures.standard, failRoute('moderation.communityQueue', 500, '')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.moderationQueueFailed);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A refusal (not a moderator of it) reads the server's own words. */
export const Refused: Story = {
  tags: ['!visual'],
  args: { scope: 'site' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.operatorsOnly);
  },
};

/**
 * Remove asks for the reason the author reads: Remove stays off until there is one, and the
 * dialog says what happens. Shown open, the reason typed.
 */
export const RemoveDialog: Story = {
  play: async ({ canvas, userEvent }) => {
    const post = within(await canvas.findByRole('article', { name: 'Post by Lena Novak' }));
    await userEvent.click(post.getByRole('button', { name: 'Remove post' }));
    const dialog = within(await body.findByRole('alertdialog', { name: 'Remove this post?' }));
    await expect(body.getByRole('alertdialog')).toHaveAccessibleDescription(
      'It is taken down for everyone and its 2 reports are closed. @lena.restomod is notified with your reason.',
    );
    const reason = dialog.getByRole('textbox', { name: 'Reason (the author will read it)' });
    await expect(reason).toHaveFocus();
    await expect(dialog.getByRole('button', { name: 'Remove post' })).toBeDisabled();
    await userEvent.type(reason, '   ');
    await expect(dialog.getByRole('button', { name: 'Remove post' })).toBeDisabled();
    await userEvent.clear(reason);
    await userEvent.type(reason, 'These photos are from a forum thread, not yours to post.');
    await expect(dialog.getByRole('button', { name: 'Remove post' })).toBeEnabled();
  },
};
export const RemoveDialogMobile: Story = { ...RemoveDialog, ...mobile };

/**
 * Removing: the server gets the reason, the result is announced, the case leaves the queue (with
 * the case of a comment on that post) and the focus moves to the case now nearest its place.
 */
export const RemovePost: Story = {
  play: async ({ canvas, userEvent }) => {
    const post = within(await canvas.findByRole('article', { name: 'Post by Lena Novak' }));
    await userEvent.click(post.getByRole('button', { name: 'Remove post' }));
    const dialog = within(await body.findByRole('alertdialog', { name: 'Remove this post?' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason (the author will read it)' }), 'Not your photos.');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove post' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.contentRemoved));
    await waitFor(() => expect(canvas.queryByRole('article', { name: 'Post by Lena Novak' })).not.toBeInTheDocument());
    // The comment on that post went with it, and so did its case.
    await expect(await caseNames(canvas)).toEqual(['Post by Jonas Berg']);
    await waitFor(() => expect(canvas.getByRole('article', { name: 'Post by Jonas Berg' })).toHaveFocus());
    await expect(backend.state.moderationLog?.[backend.state.moderationLog.length - 1]).toMatchObject({ action: 'removed', targetId: M.cases.post, reason: 'Not your photos.' });
    // The focus ring is the story's point, but not the screenshot's.
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Maya's community with only the comment's case open (the posts' reports were handled). */
function commentCaseOnly(): MockSeed {
  const seed = fixtures.standard();
  for (const report of seed.reports ?? []) if (report.kind === 'post') report.closedAt ??= ago(60);
  return seed;
}

/**
 * A comment's case (its text, the post it is on) whose dismissal fails: the dialog closes and the
 * case says so (the fallback), still in the queue.
 */
export const DismissFailed: Story = {
  beforeEach: world(commentCaseOnly, failRoute('moderation.dismiss', 500, '')),
  play: async ({ canvas, userEvent }) => {
    const comment = within(await canvas.findByRole('article', { name: 'Comment by Jonas Berg' }));
    await userEvent.click(comment.getByRole('button', { name: 'Dismiss' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Dismiss the reports?' });
    await expect(dialog).toHaveAccessibleDescription('The comment stays as it is and its report is closed. Nobody is notified.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await expect(await comment.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.moderationActionFailed);
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(await caseNames(canvas)).toEqual(['Comment by Jonas Berg']);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Lifting a suspension needs no reason: the case stays, its author no longer suspended. */
export const LiftSuspension: Story = {
  tags: ['!visual'],
  args: { scope: 'site' },
  beforeEach: world(operatorWithSuspended),
  play: async ({ canvas, userEvent }) => {
    const rex = within(await canvas.findByRole('article', { name: 'Person by Rex Parts Outlet' }));
    await userEvent.click(await rex.findByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.suspensionLifted));
    await expect(await rex.findByRole('button', { name: `Suspend @${M.suspendedUsername}` })).toBeVisible();
    await expect(rex.queryByText('Suspended')).not.toBeInTheDocument();
  },
};
